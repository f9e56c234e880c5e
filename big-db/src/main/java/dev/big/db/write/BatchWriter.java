package dev.big.db.write;

import dev.big.db.InvalidInputException;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.CatalogCodec;
import dev.big.db.catalog.FieldCounters;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.RecordCounts;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.BoolKind;
import dev.big.db.field.KeyedKind;
import dev.big.db.field.ScalarKind;
import dev.big.db.field.SetKind;
import dev.big.engine.Cell;
import dev.big.engine.WriteTxn;
import dev.big.engine.bsi.BsiWriter;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import dev.big.engine.dict.SetIds;
import dev.big.engine.rows.RowReader;
import dev.big.engine.rows.RowWriter;
import dev.big.engine.rows.SetRows;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Applies a batch of record changes inside one write transaction: takes each table's changes
 * folded per record ({@link BatchChanges}), reads the old values it must clear, and writes each field's bits grouped by container
 * ({@link BsiWriter} for bit planes, {@link RowWriter} for rows). {@link #finish()} flushes
 * everything, updates the record counts kept with each existence fragment, and stores the
 * catalog entries that changed (next record ids, dictionary counters). Nothing reaches the file
 * before the caller commits.
 */
public final class BatchWriter {

    private final WriteTxn txn;
    private Catalog catalog;
    private final RowWriter rows;
    private final Map<Integer, BsiWriter> bsiWriters = new HashMap<>();
    private final Map<Integer, Dictionary> dictionaries = new HashMap<>();
    private final Map<Integer, SetIds> setIdsByField = new HashMap<>();
    private final Set<String> changedTables = new HashSet<>();
    private final RowReader rowReader = new RowReader();
    /** Records removed by deletes so far (a delete of an id without a record removes nothing). */
    private long deleted;

    public BatchWriter(WriteTxn txn, Catalog catalog) {
        this.txn = txn;
        this.catalog = catalog;
        this.rows = new RowWriter(txn);
    }

    public Catalog catalog() {
        return catalog;
    }

    /** How many records the deletes applied so far removed (ids that had no record are not counted). */
    public long deleted() {
        return deleted;
    }

    /** Applies {@code ops} in order (later changes to a record override earlier ones). */
    public void apply(List<WriteOp> ops) {
        Map<String, List<WriteOp>> byTable = new LinkedHashMap<>();
        for (WriteOp op : ops) {
            byTable.computeIfAbsent(op.table(), t -> new ArrayList<>()).add(op);
        }
        for (var e : byTable.entrySet()) {
            applyTable(catalog.table(e.getKey()), BatchChanges.fold(e.getKey(), e.getValue()));
        }
    }

    private void applyTable(TableInfo table, BatchChanges changes) {
        markExisting(table, changes);
        for (int i = 0; i < changes.size; i++) {
            BatchChanges.Change change = changes.changes[i];
            if (!change.delete && !change.replace && !changes.existed[i]) {
                throw new InvalidInputException("table '" + table.name() + "' has no record " + changes.ids[i] + " to update");
            }
        }
        Object[][] byField = changes.byField(table);
        boolean[] written = writeNewRecords(table, changes, byField);
        int f = 0;
        for (FieldInfo field : table.fields().values()) {
            applyField(field, changes, byField[f++]);
        }
        for (int i = 0; i < changes.size; i++) {
            if (written[i]) {
                continue;
            }
            long id = changes.ids[i];
            int column = Coords.column(id);
            long fragment = table.existsFragment(Coords.shard(id));
            if (changes.changes[i].delete) {
                if (changes.existed[i]) {
                    rows.clear(fragment, 0, column);
                    deleted++;
                }
            } else {
                rows.set(fragment, 0, column);
            }
        }
        // Only puts move the next id (as they move append's counter, NextIds.written): a delete, of a
        // record or of nothing, hands out no id, so the ids append gives follow the puts alone.
        long maxId = -1;
        for (int i = changes.size - 1; i >= 0 && maxId < 0; i--) {
            if (changes.changes[i].put) {
                maxId = changes.ids[i];
            }
        }
        if (maxId >= table.nextRecordId()) {
            table = table.withNextRecordId(maxId + 1);
            catalog = catalog.withTable(table);
        }
        changedTables.add(table.name());
    }

    /**
     * Writes the changes that create records (puts of ids that did not exist) the way a bulk load
     * does, a container column at a time, and marks them {@code BatchChanges.UNTOUCHED} in {@code byField} so
     * the general path skips them. Returns which changes it wrote.
     */
    private boolean[] writeNewRecords(TableInfo table, BatchChanges changes, Object[][] byField) {
        boolean[] written = new boolean[changes.size];
        int count = 0;
        for (int i = 0; i < changes.size; i++) {
            BatchChanges.Change change = changes.changes[i];
            if (change.replace && !change.delete && !changes.existed[i]) {
                count++;
            }
        }
        if (count == 0) {
            return written;
        }
        long[] ids;
        Object[][] values;
        if (count == changes.size) {
            // Every change creates a record (an append batch): the column arrays are written as they
            // are, so a value goes from its record's map to its field's column array to the bits,
            // with no copy of the batch between.
            ids = changes.ids;
            values = byField;
            java.util.Arrays.fill(written, true);
        } else {
            ids = new long[count];
            values = new Object[byField.length][count];
            int n = 0;
            for (int i = 0; i < changes.size; i++) {
                BatchChanges.Change change = changes.changes[i];
                if (change.replace && !change.delete && !changes.existed[i]) {
                    ids[n] = changes.ids[i];
                    for (int f = 0; f < byField.length; f++) {
                        values[f][n] = byField[f][i];
                        byField[f][i] = BatchChanges.UNTOUCHED;
                    }
                    written[i] = true;
                    n++;
                }
            }
        }
        NewRecordWriter writer = new NewRecordWriter(txn, table, this::dictionary, this::setIds);
        NewRecordWriter.forEachColumn(ids, 0, count, (from, to) -> writer.writeColumn(ids, values, from, to));
        writer.finish();
        for (long shard : writer.shards()) {
            newRecordShards.add(table.existsFragment(shard));
        }
        if (values == byField) {
            for (Object[] column : byField) {
                java.util.Arrays.fill(column, BatchChanges.UNTOUCHED);
            }
        }
        return written;
    }

    /** Existence fragments that new records were written to (recounted at finish). */
    private final Set<Long> newRecordShards = new HashSet<>();

    /** Whether each record existed, reading each existence container once for all its records. */
    private void markExisting(TableInfo table, BatchChanges changes) {
        long fragment = -1;
        long key = -1;
        Cell found = null;
        for (int i = 0; i < changes.size; i++) {
            long id = changes.ids[i];
            long f = table.existsFragment(Coords.shard(id));
            if (rows.hasPending(f)) {
                changes.existed[i] = rows.contains(f, 0, Coords.column(id));
                continue;
            }
            long k = Coords.containerKey(0, Coords.column(id));
            if (f != fragment || k != key) {
                fragment = f;
                key = k;
                found = txn.fragment(f).find(k);
            }
            changes.existed[i] = found != null && found.contains(Coords.low(Coords.column(id)));
        }
    }

    private void applyField(FieldInfo field, BatchChanges changes, Object[] newValues) {
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
        Map<Long, Boolean> existed = null;
        if (field.kind() instanceof KeyedKind || field.kind() instanceof SetKind) {
            existed = new HashMap<>();
            for (int i = 0; i < changes.size; i++) {
                if (changes.existed[i]) {
                    existed.put(changes.ids[i], true);
                }
            }
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

    private void applyKeyed(FieldInfo field, long[] setIds, Object[] setValues, int sets, long[] clearIds, int clears,
                            Map<Long, Boolean> existed) {
        BsiWriter ids = bsi(field);
        Dictionary dictionary = dictionary(field);
        long[] newIds = new long[sets];
        for (int i = 0; i < sets; i++) {
            long id = setIds[i];
            long dictId = dictionary.idOrAssign((String) setValues[i]);
            newIds[i] = dictId;
            long fragment = field.rowsFragment(Coords.shard(id));
            OptionalLong old = existed.containsKey(id) ? ids.get(id) : OptionalLong.empty();
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
                          Map<Long, Boolean> existed) {
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
            OptionalLong old = existed.containsKey(id) ? planes.get(id) : OptionalLong.empty();
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
                                    int clears, Map<Long, Boolean> existed) {
        Dictionary dictionary = dictionary(field);
        for (int i = 0; i < sets; i++) {
            long id = setIds[i];
            long fragment = field.rowsFragment(Coords.shard(id));
            Set<Long> wanted = new HashSet<>();
            for (String value : (String[]) setValues[i]) {
                wanted.add(dictionary.idOrAssign(value));
            }
            List<Long> old = existed.containsKey(id) ? SetRows.of(txn, field.nextDictId(), fragment, Coords.column(id)) : List.of();
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

    private Dictionary dictionary(FieldInfo field) {
        return dictionaries.computeIfAbsent(field.fieldId(), id -> new Dictionary(txn, field.dict()));
    }

    private SetIds setIds(FieldInfo field) {
        return setIdsByField.computeIfAbsent(field.fieldId(), id -> new SetIds(txn, field.dict()));
    }


    /**
     * Flushes every change into the trees, recounts the existence fragments touched, and writes
     * the catalog entries that changed. Call once, before commit.
     */
    public void finish() {
        Set<Long> touched = rows.flush();
        for (BsiWriter writer : bsiWriters.values()) {
            writer.flush();
        }
        Set<Integer> existsFields = new HashSet<>();
        for (TableInfo table : catalog.tables().values()) {
            existsFields.add(table.existsFieldId());
        }
        touched = new java.util.LinkedHashSet<>(touched);
        touched.addAll(newRecordShards);
        for (long fragment : touched) {
            if (Coords.viewOf(fragment) == Coords.VIEW_ROWS && existsFields.contains(Coords.fieldOf(fragment))) {
                RecordCounts.store(txn, fragment, rowReader);
            }
        }
        for (SetIds sets : setIdsByField.values()) {
            sets.flush();
        }
        for (TableInfo table : catalog.tables().values()) {
            for (FieldInfo field : table.fields().values()) {
                FieldInfo updated = FieldCounters.updated(field, dictionaries.get(field.fieldId()),
                        setIdsByField.get(field.fieldId()));
                if (updated != field) {
                    catalog = catalog.withTable(catalog.table(table.name()).withField(updated));
                    txn.catalog().putBytes(CatalogCodec.fieldKey(field.fieldId()), CatalogCodec.encodeField(updated));
                }
            }
        }
        for (String name : changedTables) {
            TableInfo table = catalog.table(name);
            txn.catalog().putBytes(CatalogCodec.tableKey(table.tableId()), CatalogCodec.encodeTable(table));
        }
    }
}
