package dev.big.db.internal;

import dev.big.db.FieldType;
import dev.big.db.InvalidInputException;
import dev.big.engine.WriteTxn;
import dev.big.engine.bsi.BsiWriter;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * Applies a batch of record changes inside one write transaction: folds the changes per record,
 * reads the old values it must clear, and writes each field's bits grouped by container
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
    private final Set<String> changedTables = new HashSet<>();
    private final ContainerView probe = new ContainerView();

    /** The net effect of a batch on one record. */
    private static final class Change {
        boolean delete;
        boolean replace;
        final Map<String, Object> values = new LinkedHashMap<>();
    }

    public BatchWriter(WriteTxn txn, Catalog catalog) {
        this.txn = txn;
        this.catalog = catalog;
        this.rows = new RowWriter(txn);
    }

    public Catalog catalog() {
        return catalog;
    }

    /** Applies {@code ops} in order (later changes to a record override earlier ones). */
    public void apply(List<WriteOp> ops) {
        Map<String, TreeMap<Long, Change>> byTable = new LinkedHashMap<>();
        for (WriteOp op : ops) {
            Change change = byTable.computeIfAbsent(op.table(), t -> new TreeMap<>()).computeIfAbsent(op.id(), i -> new Change());
            switch (op) {
                case WriteOp.Put put -> {
                    change.delete = false;
                    change.replace = true;
                    change.values.clear();
                    change.values.putAll(put.values());
                }
                case WriteOp.Patch patch -> {
                    if (change.delete) {
                        throw new InvalidInputException("table '" + op.table() + "': record " + op.id()
                                + " is deleted earlier in the same batch; cannot update field '" + patch.field() + "'");
                    }
                    change.values.put(patch.field(), patch.value());
                }
                case WriteOp.Delete ignored -> {
                    change.delete = true;
                    change.replace = false;
                    change.values.clear();
                }
            }
        }
        for (var e : byTable.entrySet()) {
            applyTable(catalog.table(e.getKey()), e.getValue());
        }
    }

    private void applyTable(TableInfo table, TreeMap<Long, Change> changes) {
        Map<Long, Boolean> existed = new HashMap<>();
        long maxId = -1;
        for (var e : changes.entrySet()) {
            long id = e.getKey();
            boolean exists = exists(table, id);
            existed.put(id, exists);
            Change change = e.getValue();
            if (!change.delete && !change.replace && !exists) {
                throw new InvalidInputException("table '" + table.name() + "' has no record " + id + " to update");
            }
            maxId = Math.max(maxId, id);
        }
        for (FieldInfo field : table.fields().values()) {
            applyField(table, field, changes, existed);
        }
        for (var e : changes.entrySet()) {
            long id = e.getKey();
            int column = Coords.column(id);
            long fragment = table.existsFragment(Coords.shard(id));
            if (e.getValue().delete) {
                if (existed.get(id)) {
                    rows.clear(fragment, 0, column);
                }
            } else {
                rows.set(fragment, 0, column);
            }
        }
        if (maxId >= table.nextRecordId()) {
            table = table.withNextRecordId(maxId + 1);
            catalog = catalog.withTable(table);
        }
        changedTables.add(table.name());
    }

    private boolean exists(TableInfo table, long id) {
        return rows.contains(table.existsFragment(Coords.shard(id)), 0, Coords.column(id));
    }

    /** The value a change gives a field: present (maybe null) or absent (leave as is). */
    private static boolean touches(Change change, String field) {
        return change.delete || change.replace || change.values.containsKey(field);
    }

    private void applyField(TableInfo table, FieldInfo field, TreeMap<Long, Change> changes, Map<Long, Boolean> existed) {
        List<Long> setIds = new ArrayList<>();
        List<Object> setValues = new ArrayList<>();
        List<Long> clearIds = new ArrayList<>();
        for (var e : changes.entrySet()) {
            Change change = e.getValue();
            if (!touches(change, field.name())) {
                continue;
            }
            Object value = change.delete ? null : change.values.get(field.name());
            if (value != null) {
                setIds.add(e.getKey());
                setValues.add(value);
            } else if (existed.get(e.getKey())) {
                clearIds.add(e.getKey());
            }
        }
        if (setIds.isEmpty() && clearIds.isEmpty()) {
            return;
        }
        switch (field.type()) {
            case INT, TIMESTAMP -> {
                BsiWriter writer = bsi(field);
                long[] ids = toArray(setIds);
                long[] values = new long[ids.length];
                for (int i = 0; i < ids.length; i++) {
                    values[i] = (Long) setValues.get(i);
                }
                writer.setMany(ids, values, ids.length);
                long[] clears = toArray(clearIds);
                writer.clearMany(clears, clears.length);
            }
            case BOOL -> {
                for (int i = 0; i < setIds.size(); i++) {
                    long id = setIds.get(i);
                    boolean value = (Boolean) setValues.get(i);
                    long fragment = field.rowsFragment(Coords.shard(id));
                    rows.set(fragment, value ? 1 : 0, Coords.column(id));
                    rows.clear(fragment, value ? 0 : 1, Coords.column(id));
                }
                for (long id : clearIds) {
                    long fragment = field.rowsFragment(Coords.shard(id));
                    rows.clear(fragment, 0, Coords.column(id));
                    rows.clear(fragment, 1, Coords.column(id));
                }
            }
            case KEYED -> applyKeyed(field, setIds, setValues, clearIds, existed);
            case SET -> applySet(field, setIds, setValues, clearIds, existed);
        }
    }

    private void applyKeyed(FieldInfo field, List<Long> setIds, List<Object> setValues, List<Long> clearIds,
                            Map<Long, Boolean> existed) {
        BsiWriter ids = bsi(field);
        Dictionary dictionary = dictionary(field);
        long[] newIds = new long[setIds.size()];
        for (int i = 0; i < setIds.size(); i++) {
            long id = setIds.get(i);
            long dictId = dictionary.idOrAssign((String) setValues.get(i));
            newIds[i] = dictId;
            long fragment = field.rowsFragment(Coords.shard(id));
            OptionalLong old = existed.get(id) ? ids.get(id) : OptionalLong.empty();
            if (old.isPresent() && old.getAsLong() != dictId) {
                rows.clear(fragment, old.getAsLong(), Coords.column(id));
            }
            rows.set(fragment, dictId, Coords.column(id));
        }
        for (long id : clearIds) {
            OptionalLong old = ids.get(id);
            if (old.isPresent()) {
                rows.clear(field.rowsFragment(Coords.shard(id)), old.getAsLong(), Coords.column(id));
            }
        }
        long[] set = toArray(setIds);
        ids.setMany(set, newIds, set.length);
        long[] clears = toArray(clearIds);
        ids.clearMany(clears, clears.length);
    }

    @SuppressWarnings("unchecked")
    private void applySet(FieldInfo field, List<Long> setIds, List<Object> setValues, List<Long> clearIds,
                          Map<Long, Boolean> existed) {
        Dictionary dictionary = dictionary(field);
        for (int i = 0; i < setIds.size(); i++) {
            long id = setIds.get(i);
            long fragment = field.rowsFragment(Coords.shard(id));
            Set<Long> wanted = new HashSet<>();
            for (String value : (Set<String>) setValues.get(i)) {
                wanted.add(dictionary.idOrAssign(value));
            }
            Set<Long> old = existed.get(id) ? setRows(fragment, Coords.column(id)) : Set.of();
            for (long row : old) {
                if (!wanted.contains(row)) {
                    rows.clear(fragment, row, Coords.column(id));
                }
            }
            for (long row : wanted) {
                rows.set(fragment, row, Coords.column(id));
            }
        }
        for (long id : clearIds) {
            long fragment = field.rowsFragment(Coords.shard(id));
            for (long row : setRows(fragment, Coords.column(id))) {
                rows.clear(fragment, row, Coords.column(id));
            }
        }
    }

    /** The rows (dictionary ids) set for one record of a set field: a scan of its container column. */
    Set<Long> setRows(long fragment, int column) {
        Set<Long> found = new HashSet<>();
        int containerColumn = Coords.containerColumn(column);
        int low = Coords.low(column);
        txn.tree(fragment).forEach(0, -1L, view -> {
            if (Coords.containerColumnOfKey(view.key()) == containerColumn && view.contains(low)) {
                found.add(Coords.rowOfKey(view.key()));
            }
            return true;
        });
        return found;
    }

    private BsiWriter bsi(FieldInfo field) {
        return bsiWriters.computeIfAbsent(field.fieldId(), id -> new BsiWriter(txn, field.bsi()));
    }

    private Dictionary dictionary(FieldInfo field) {
        return dictionaries.computeIfAbsent(field.fieldId(), id -> new Dictionary(txn, field));
    }

    private static long[] toArray(List<Long> ids) {
        long[] array = new long[ids.size()];
        for (int i = 0; i < array.length; i++) {
            array[i] = ids.get(i);
        }
        return array;
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
        for (long fragment : touched) {
            if (Coords.viewOf(fragment) == Coords.VIEW_ROWS && existsFields.contains(Coords.fieldOf(fragment))) {
                writeRecordCount(fragment);
            }
        }
        for (var e : dictionaries.entrySet()) {
            Dictionary dictionary = e.getValue();
            for (TableInfo table : catalog.tables().values()) {
                for (FieldInfo field : table.fields().values()) {
                    if (field.fieldId() == e.getKey() && field.nextDictId() != dictionary.nextId()) {
                        FieldInfo updated = field.withNextDictId(dictionary.nextId());
                        catalog = catalog.withTable(catalog.table(table.name()).withField(updated));
                        txn.catalog().putBytes(CatalogCodec.fieldKey(field.fieldId()), CatalogCodec.encodeField(updated));
                    }
                }
            }
        }
        for (String name : changedTables) {
            TableInfo table = catalog.table(name);
            txn.catalog().putBytes(CatalogCodec.tableKey(table.tableId()), CatalogCodec.encodeTable(table));
        }
    }

    /** Stores an existence fragment's record count as its summary (the sum of its row-0 cardinalities). */
    private void writeRecordCount(long fragment) {
        Tree tree = txn.tree(fragment);
        long count = 0;
        for (int c = 0; c < Coords.CONTAINERS_PER_ROW; c++) {
            if (tree.find(Coords.containerKeyOf(0, c), probe)) {
                count += probe.cardinality();
            }
        }
        txn.setSummary(fragment, count == 0 ? new byte[0] : RecordCounts.encode(count));
    }
}
