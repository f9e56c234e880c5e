package dev.big.db.write;

import dev.big.db.InvalidInputException;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.CatalogCodec;
import dev.big.db.catalog.FieldCounters;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.RecordCounts;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Cell;
import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.rows.RowReader;
import dev.big.engine.rows.RowWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Applies a batch of record changes inside one write transaction: takes each table's changes
 * folded per record ({@link BatchChanges}), finds which records exist, writes the records it creates a
 * container column at a time ({@link NewRecordWriter}) and every other change field by field
 * ({@link FieldChangeWriter}, which reads the old values it must clear), then each record's existence
 * bit ({@link RowWriter}). {@link #finish()} flushes
 * everything, updates the record counts kept with each existence fragment, and stores the
 * catalog entries that changed (next record ids, dictionary counters). Nothing reaches the file
 * before the caller commits.
 */
public final class BatchWriter {

    private final WriteTxn txn;
    private Catalog catalog;
    private final RowWriter rows;
    private final FieldChangeWriter fields;
    private final Set<String> changedTables = new HashSet<>();
    private final RowReader rowReader = new RowReader();
    /** Records removed by deletes so far (a delete of an id without a record removes nothing). */
    private long deleted;

    public BatchWriter(WriteTxn txn, Catalog catalog) {
        this.txn = txn;
        this.catalog = catalog;
        this.rows = new RowWriter(txn);
        this.fields = new FieldChangeWriter(txn, rows);
    }

    public Catalog catalog() {
        return catalog;
    }

    /** How many records the deletes applied so far removed (ids that had no record are not counted). */
    public long deleted() {
        return deleted;
    }

    /**
     * Applies {@code ops} in order (later changes to a record override earlier ones). Checks them
     * all first ({@link #prepare}): a change refused there (an update of a record that does not
     * exist, an insert of one that does) throws {@link InvalidInputException} before anything is
     * written, so the transaction is as it was.
     */
    public void apply(List<WriteOp> ops) {
        write(prepare(ops));
    }

    /** A batch folded per table and record and checked against the records that exist: ready to write. */
    public static final class Prepared {
        private final List<TableInfo> tables = new ArrayList<>();
        private final List<BatchChanges> changes = new ArrayList<>();

        private Prepared() {}
    }

    /**
     * Folds {@code ops} per record and checks them against the transaction's records, reading
     * only: refuses, with {@link InvalidInputException}, an update of a record that does not exist
     * and an insert of one that does.
     */
    public Prepared prepare(List<WriteOp> ops) {
        Map<String, List<WriteOp>> byTable = new LinkedHashMap<>();
        for (WriteOp op : ops) {
            byTable.computeIfAbsent(op.table(), t -> new ArrayList<>()).add(op);
        }
        Prepared prepared = new Prepared();
        for (var e : byTable.entrySet()) {
            TableInfo table = catalog.table(e.getKey());
            BatchChanges changes = BatchChanges.fold(e.getKey(), e.getValue());
            markExisting(table, changes);
            for (int i = 0; i < changes.size; i++) {
                BatchChanges.Change change = changes.changes[i];
                if (!change.delete && !change.replace && !changes.existed[i]) {
                    throw new InvalidInputException("table '" + table.name() + "' has no record " + changes.ids[i]
                            + " to update");
                }
                if (change.mustBeAbsent && changes.existed[i]) {
                    throw new InvalidInputException("table '" + table.name() + "' has a record " + changes.ids[i]
                            + " already; ids are unique: update that record, or delete it first");
                }
            }
            prepared.tables.add(table);
            prepared.changes.add(changes);
        }
        return prepared;
    }

    /**
     * Refuses, before anything is written, an update of {@code ids} (ascending) of which one is no
     * record of {@code table}.
     */
    public void checkExist(TableInfo table, long[] ids) {
        long fragment = -1;
        long key = -1;
        Cell found = null;
        for (long id : ids) {
            long f = table.existsFragment(Coords.shard(id));
            long k = Coords.containerKey(0, Coords.column(id));
            if (f != fragment || k != key) {
                fragment = f;
                key = k;
                found = txn.fragment(f).find(k);
            }
            if (found == null || !found.contains(Coords.low(Coords.column(id)))) {
                throw new InvalidInputException("table '" + table.name() + "' has no record " + id + " to update");
            }
        }
    }

    /**
     * Sets each of {@code fields} to its one value of {@code values} (normalised; null clears it)
     * on every record of {@code ids}, which exist ({@link #checkExist}) and ascend: a set-based
     * UPDATE, written a field at a time over the whole id set, with no change object per record.
     * Call {@link #finish()} after.
     */
    public void updateMatching(TableInfo table, long[] ids, FieldInfo[] fields, Object[] values) {
        for (int f = 0; f < fields.length; f++) {
            this.fields.applyToAll(fields[f], ids, values[f]);
        }
        changedTables.add(table.name());
    }

    /** Writes a batch {@link #prepare} checked; nothing may have been written in between. */
    public void write(Prepared prepared) {
        for (int t = 0; t < prepared.tables.size(); t++) {
            applyTable(prepared.tables.get(t), prepared.changes.get(t));
        }
    }

    private void applyTable(TableInfo table, BatchChanges changes) {
        Object[][] byField = changes.byField(table);
        boolean[] written = writeNewRecords(table, changes, byField);
        int f = 0;
        for (FieldInfo field : table.fields().values()) {
            fields.apply(field, changes, byField[f++]);
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
        NewRecordWriter writer = new NewRecordWriter(txn, table, fields::dictionary, fields::setIds);
        RecordColumns columns = RecordColumns.of(table.fields().values().toArray(FieldInfo[]::new), values, count);
        NewRecordWriter.forEachColumn(ids, 0, count, (from, to) -> writer.writeColumn(ids, columns, from, to));
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

    /**
     * Flushes every change into the trees, recounts the existence fragments touched, and writes
     * the catalog entries that changed. Call once, before commit.
     */
    public void finish() {
        Set<Long> touched = rows.flush();
        fields.flush();
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
        for (TableInfo table : catalog.tables().values()) {
            for (FieldInfo field : table.fields().values()) {
                FieldInfo updated = FieldCounters.updated(field, fields.usedDictionary(field),
                        fields.usedSetIds(field));
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
