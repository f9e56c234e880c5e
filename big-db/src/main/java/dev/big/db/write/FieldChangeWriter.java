package dev.big.db.write;

import dev.big.db.catalog.FieldInfo;
import dev.big.db.field.BoolKind;
import dev.big.db.field.KeyedKind;
import dev.big.db.field.ScalarKind;
import dev.big.db.field.SetKind;
import dev.big.engine.WriteTxn;
import dev.big.engine.bsi.BsiWriter;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import dev.big.engine.dict.SetIds;
import dev.big.engine.rows.RowWriter;
import dev.big.engine.rows.SetRows;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.LongPredicate;
import org.roaringbitmap.RoaringBitmap;

/**
 * Writes a batch's changes to the fields of records that may already hold values, one field at a
 * time and by the field's kind: bit planes for scalars, a row per value for bools, a dictionary id
 * and its row for keyed values, members and a set id for sets. Unlike {@link NewRecordWriter} it
 * reads each old value it replaces or clears, since that value's row must lose the record.
 * It keeps one writer per field for the whole batch ({@link BsiWriter}, {@link Dictionary},
 * {@link SetIds}), shared with the new-record path, and flushes them at the batch's end.
 */
final class FieldChangeWriter {

    private final WriteTxn txn;
    private final RowWriter rows;
    private final Map<Integer, BsiWriter> bsiWriters = new HashMap<>();
    private final Map<Integer, Dictionary> dictionaries = new HashMap<>();
    private final Map<Integer, SetIds> setIdsByField = new HashMap<>();

    FieldChangeWriter(WriteTxn txn, RowWriter rows) {
        this.txn = txn;
        this.rows = rows;
    }

    /**
     * Applies {@code newValues}, one per change of {@code changes} ({@code BatchChanges.UNTOUCHED} where a
     * change leaves the field alone, null to clear it), to {@code field}.
     */
    void apply(FieldInfo field, BatchChanges changes, Object[] newValues) {
        long[] setIds = new long[changes.size];
        Object[] setValues = new Object[changes.size];
        long[] clearIds = new long[changes.size];
        int sets = 0;
        int clears = 0;
        for (int i = 0; i < changes.size; i++) {
            Object value = newValues[i];
            if (value == BatchChanges.UNTOUCHED) {
                continue;
            }
            if (value != null) {
                setIds[sets] = changes.ids[i];
                setValues[sets++] = value;
            } else if (changes.existed[i]) {
                clearIds[clears++] = changes.ids[i];
            }
        }
        if (sets == 0 && clears == 0) {
            return;
        }
        LongPredicate existed = null;
        if (field.kind() instanceof KeyedKind || field.kind() instanceof SetKind) {
            Set<Long> existing = new HashSet<>();
            for (int i = 0; i < changes.size; i++) {
                if (changes.existed[i]) {
                    existing.add(changes.ids[i]);
                }
            }
            existed = existing::contains;
        }
        switch (field.kind()) {
            case ScalarKind scalar -> {
                BsiWriter writer = bsi(field);
                long[] values = new long[sets];
                for (int i = 0; i < sets; i++) {
                    values[i] = (Long) setValues[i];
                }
                writer.setMany(setIds, values, sets);
                writer.clearMany(clearIds, clears);
            }
            case BoolKind bool -> {
                for (int i = 0; i < sets; i++) {
                    long id = setIds[i];
                    boolean value = (Boolean) setValues[i];
                    long fragment = field.rowsFragment(Coords.shard(id));
                    rows.set(fragment, value ? 1 : 0, Coords.column(id));
                    rows.clear(fragment, value ? 0 : 1, Coords.column(id));
                }
                for (int i = 0; i < clears; i++) {
                    long id = clearIds[i];
                    long fragment = field.rowsFragment(Coords.shard(id));
                    rows.clear(fragment, 0, Coords.column(id));
                    rows.clear(fragment, 1, Coords.column(id));
                }
            }
            case KeyedKind keyed -> applyKeyed(field, setIds, setValues, sets, clearIds, clears, existed);
            case SetKind set -> applySet(field, setIds, setValues, sets, clearIds, clears, existed);
        }
    }

    /**
     * Sets {@code field} to {@code value} (null clears it) on every record of {@code ids}, all of
     * which exist, in ascending order: what a set-based UPDATE writes. A bool field's rows change a
     * container of records at a time; the other kinds go through the same writers as a batch of
     * changes, with one value for all and no per-record map.
     */
    void applyToAll(FieldInfo field, long[] ids, Object value) {
        int count = ids.length;
        switch (field.kind()) {
            case ScalarKind scalar -> {
                if (value == null) {
                    bsi(field).clearMany(ids, count);
                } else {
                    long[] values = new long[count];
                    Arrays.fill(values, (Long) value);
                    bsi(field).setMany(ids, values, count);
                }
            }
            case BoolKind bool -> forEachShard(ids, (shard, columns) -> {
                long fragment = field.rowsFragment(shard);
                if (value == null) {
                    rows.clearColumns(fragment, 0, columns);
                    rows.clearColumns(fragment, 1, columns);
                } else {
                    boolean set = (Boolean) value;
                    rows.setColumns(fragment, set ? 1 : 0, columns);
                    rows.clearColumns(fragment, set ? 0 : 1, columns);
                }
            });
            case KeyedKind keyed -> {
                Object[] values = new Object[count];
                Arrays.fill(values, value);
                if (value == null) {
                    applyKeyed(field, ids, values, 0, ids, count, id -> true);
                } else {
                    applyKeyed(field, ids, values, count, ids, 0, id -> true);
                }
            }
            case SetKind set -> {
                Object[] values = new Object[count];
                Arrays.fill(values, value);
                if (value == null) {
                    applySet(field, ids, values, 0, ids, count, id -> true);
                } else {
                    applySet(field, ids, values, count, ids, 0, id -> true);
                }
            }
        }
    }

    private interface ShardColumns {
        void accept(long shard, RoaringBitmap columns);
    }

    /** Calls {@code visitor} with each shard of {@code ids} (ascending) and the columns of the ids in it. */
    private static void forEachShard(long[] ids, ShardColumns visitor) {
        int from = 0;
        while (from < ids.length) {
            long shard = Coords.shard(ids[from]);
            RoaringBitmap columns = new RoaringBitmap();
            int to = from;
            while (to < ids.length && Coords.shard(ids[to]) == shard) {
                columns.add(Coords.column(ids[to]));
                to++;
            }
            visitor.accept(shard, columns);
            from = to;
        }
    }

    private void applyKeyed(FieldInfo field, long[] setIds, Object[] setValues, int sets, long[] clearIds, int clears,
                            LongPredicate existed) {
        BsiWriter ids = bsi(field);
        Dictionary dictionary = dictionary(field);
        long[] newIds = new long[sets];
        for (int i = 0; i < sets; i++) {
            long id = setIds[i];
            long dictId = dictionary.idOrAssign((String) setValues[i]);
            newIds[i] = dictId;
            long fragment = field.rowsFragment(Coords.shard(id));
            OptionalLong old = existed.test(id) ? ids.get(id) : OptionalLong.empty();
            if (old.isPresent() && old.getAsLong() != dictId) {
                rows.clear(fragment, old.getAsLong(), Coords.column(id));
            }
            rows.set(fragment, dictId, Coords.column(id));
        }
        for (int i = 0; i < clears; i++) {
            long id = clearIds[i];
            OptionalLong old = ids.get(id);
            if (old.isPresent()) {
                rows.clear(field.rowsFragment(Coords.shard(id)), old.getAsLong(), Coords.column(id));
            }
        }
        ids.setMany(setIds, newIds, sets);
        ids.clearMany(clearIds, clears);
    }

    private void applySet(FieldInfo field, long[] writeIds, Object[] writeValues, int writes, long[] clearIds, int clears,
                          LongPredicate existed) {
        if (!field.hasSetIds()) {
            applySetWithoutIds(field, writeIds, writeValues, writes, clearIds, clears, existed);
            return;
        }
        // A record's old set comes from its set id and that set's members: a point read each, so
        // the cost is the values removed and added, not the number of values the field has.
        BsiWriter planes = bsi(field);
        SetIds known = setIds(field);
        Dictionary dictionary = dictionary(field);
        long[] newSetIds = new long[writes];
        for (int i = 0; i < writes; i++) {
            long id = writeIds[i];
            long fragment = field.rowsFragment(Coords.shard(id));
            int column = Coords.column(id);
            String[] values = (String[]) writeValues[i];
            long[] wanted = new long[values.length];
            for (int v = 0; v < values.length; v++) {
                wanted[v] = dictionary.idOrAssign(values[v]);
            }
            Arrays.sort(wanted);
            OptionalLong old = existed.test(id) ? planes.get(id) : OptionalLong.empty();
            long[] had = old.isPresent() ? known.members(old.getAsLong()) : new long[0];
            for (long row : had) {
                if (Arrays.binarySearch(wanted, row) < 0) {
                    rows.clear(fragment, row, column);
                }
            }
            for (long row : wanted) {
                if (Arrays.binarySearch(had, row) < 0) {
                    rows.set(fragment, row, column);
                }
            }
            newSetIds[i] = known.idOrAssign(wanted);
            known.count(newSetIds[i], 1);
            if (old.isPresent()) {
                known.count(old.getAsLong(), -1);
            }
        }
        int cleared = 0;
        long[] clearedIds = new long[clears];
        for (int i = 0; i < clears; i++) {
            long id = clearIds[i];
            OptionalLong old = planes.get(id);
            if (old.isEmpty()) {
                continue;
            }
            long fragment = field.rowsFragment(Coords.shard(id));
            for (long row : known.members(old.getAsLong())) {
                rows.clear(fragment, row, Coords.column(id));
            }
            known.count(old.getAsLong(), -1);
            clearedIds[cleared++] = id;
        }
        planes.setMany(writeIds, newSetIds, writes);
        planes.clearMany(clearedIds, cleared);
    }

    /**
     * A set field from before set ids: a record's old values are found in the rows themselves,
     * which costs a lookup per value the field has ever held (a walk of the fragment past
     * {@link SetRows#LOOKUP_LIMIT}), and an empty set is stored as no value.
     */
    private void applySetWithoutIds(FieldInfo field, long[] setIds, Object[] setValues, int sets, long[] clearIds,
                                    int clears, LongPredicate existed) {
        Dictionary dictionary = dictionary(field);
        for (int i = 0; i < sets; i++) {
            long id = setIds[i];
            long fragment = field.rowsFragment(Coords.shard(id));
            Set<Long> wanted = new HashSet<>();
            for (String value : (String[]) setValues[i]) {
                wanted.add(dictionary.idOrAssign(value));
            }
            List<Long> old = existed.test(id) ? SetRows.of(txn, field.nextDictId(), fragment, Coords.column(id)) : List.of();
            for (long row : old) {
                if (!wanted.contains(row)) {
                    rows.clear(fragment, row, Coords.column(id));
                }
            }
            for (long row : wanted) {
                rows.set(fragment, row, Coords.column(id));
            }
        }
        for (int i = 0; i < clears; i++) {
            long id = clearIds[i];
            long fragment = field.rowsFragment(Coords.shard(id));
            for (long row : SetRows.of(txn, field.nextDictId(), fragment, Coords.column(id))) {
                rows.clear(fragment, row, Coords.column(id));
            }
        }
    }

    private BsiWriter bsi(FieldInfo field) {
        return bsiWriters.computeIfAbsent(field.fieldId(), id -> new BsiWriter(txn, field.bsi()));
    }

    Dictionary dictionary(FieldInfo field) {
        return dictionaries.computeIfAbsent(field.fieldId(), id -> new Dictionary(txn, field.dict()));
    }

    SetIds setIds(FieldInfo field) {
        return setIdsByField.computeIfAbsent(field.fieldId(), id -> new SetIds(txn, field.dict()));
    }

    /** The field's dictionary if this batch used it, else null. */
    Dictionary usedDictionary(FieldInfo field) {
        return dictionaries.get(field.fieldId());
    }

    /** The field's set ids if this batch used them, else null. */
    SetIds usedSetIds(FieldInfo field) {
        return setIdsByField.get(field.fieldId());
    }

    /** Writes the pending bit planes and set ids into their trees. */
    void flush() {
        for (BsiWriter writer : bsiWriters.values()) {
            writer.flush();
        }
        for (SetIds sets : setIdsByField.values()) {
            sets.flush();
        }
    }
}
