package dev.big.db;

import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.SchemaWriter;
import dev.big.db.catalog.TableInfo;
import dev.big.db.sql.SqlEngine;
import dev.big.db.sql.SqlResult;
import dev.big.db.write.BatchWriter;
import dev.big.db.write.ChangeAccess;
import dev.big.db.write.TransactionChanges;
import dev.big.db.write.ValueNormalizer;
import dev.big.db.write.WriteOp;
import dev.big.engine.PendingCommit;
import dev.big.engine.WriteTxn;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One write transaction over many changes, committed all or nothing: what a JDBC connection with
 * auto-commit off maps onto.
 *
 * <pre>{@code
 * try (Transaction tx = db.begin()) {
 *     tx.sql("UPDATE events SET verified = true WHERE type = ?", "click");
 *     tx.delete("events", 42);
 *     tx.commit();                 // durable when it returns; without it, close() rolls back
 * }
 * }</pre>
 *
 * <p>It holds the database's write lock from {@link Db#begin()} until it commits or rolls back:
 * other writers wait meanwhile (readers never do). Each change is applied to the transaction's
 * own copy-on-write pages at once, so {@link #read()} and SELECTs through {@link #sql} see the
 * commit the transaction began from with the transaction's writes, and nothing any other
 * snapshot sees changes before {@link #commit()}. One statement's or call's changes apply whole
 * or not at all; should applying fail half-way (an internal error, not a refused value: values
 * are checked before anything is applied), the transaction refuses further work and can only be
 * rolled back. Nothing reaches the file before commit.
 *
 * <p>Record ids appended in a transaction are reserved at once, as {@link Db#append} reserves
 * them, and ids written at are claimed at once ({@link Db#put}): no other writer gets them while
 * the transaction is open. A rollback gives them back when nobody took ids after them, so a
 * rolled-back append leaves {@code append}'s next id where it was.
 *
 * <p>The write lock belongs to the transaction, not to the thread that began it: one thread at a
 * time may use it, and it may be handed to another (through an executor, a queue, a connection
 * pool), which commits or rolls it back. A change refused before anything of it is applied (an
 * update of a record that does not exist, an insert at an id that does, a value of the wrong type)
 * leaves the transaction usable.
 */
public final class Transaction implements AutoCloseable {

    static {
        ChangeAccess.grant(transaction -> transaction.changes);
    }

    private final Db db;
    private final WriteTxn txn;
    /** The ids this transaction's appends hold and its writes at given ids claimed, handed back at its end. */
    private final RecordIds.Grants grants = new RecordIds.Grants(this);
    private boolean ended;
    private boolean failed;
    /** The bound form of this transaction's changes, for the SQL layer ({@link ChangeAccess}). */
    private final TransactionChanges changes = new BoundChanges();

    Transaction(Db db, WriteTxn txn) {
        this.db = db;
        this.txn = txn;
    }

    /**
     * A snapshot of the commit this transaction began from with its writes so far. Close it when
     * done (that leaves the transaction open); writes after it are not in it.
     */
    public Snapshot read() {
        ensureUsable();
        return new Snapshot(txn, this);
    }

    /**
     * Runs one statement of big's SQL in this transaction: a SELECT sees this transaction's
     * writes, an INSERT, UPDATE or DELETE writes in it and answers the count of records it wrote.
     * {@code ?} stand for {@code parameters}, as in {@link Db#sql(String, Object...)}.
     */
    public SqlResult sql(String sql, Object... parameters) {
        ensureUsable();
        return SqlEngine.execute(this, sql, Arrays.asList(parameters));
    }

    /** Appends a record with the table's next id; returns the id. */
    public long append(String table, Row record) {
        return insertAll(table, List.of(record))[0];
    }

    /** Writes a whole record at {@code id}, replacing any record there. */
    public void put(String table, long id, Row record) {
        putAll(table, List.of(record.withId(id)));
    }

    /**
     * Writes records as one change: each at its {@link Row#id()}, replacing any record there, or
     * appended with the table's next id when it has none. Returns the ids, in order.
     */
    public long[] putAll(String table, List<Row> records) {
        return write(table, records, true);
    }

    /**
     * Inserts records as one change: each at its {@link Row#id()}, or appended with the table's
     * next id when it has none. Refused whole, before anything is written, if a record exists at
     * one of the ids (an insert never replaces; DuckDB refuses a duplicate primary key alike).
     * Returns the ids, in order.
     */
    public long[] insertAll(String table, List<Row> records) {
        return write(table, records, false);
    }

    private long[] write(String table, List<Row> records, boolean replace) {
        return write(db.tableInfo(table), records, replace);
    }

    private long[] write(TableInfo info, List<Row> records, boolean replace) {
        ensureUsable();
        String table = info.name();
        List<WriteOp> ops = new ArrayList<>(records.size());
        long[] ids = new long[records.size()];
        int appended = 0;
        for (Row record : records) {
            if (record.id().isEmpty()) {
                appended++;
            }
        }
        RecordIds.Grants change = new RecordIds.Grants(this);
        boolean applied = false;
        try {
            long next = appended == 0 ? 0 : db.ids.reserve(table, appended, change);
            for (int i = 0; i < ids.length; i++) {
                Row record = records.get(i);
                if (record.id().isPresent()) {
                    ids[i] = record.id().getAsLong();
                    WriteOp.Put put = db.putOp(info, ids[i], record, change);
                    ops.add(replace ? put : new WriteOp.Insert(table, ids[i], put.values()));
                } else {
                    ids[i] = next++;
                    ops.add(new WriteOp.Insert(table, ids[i], ValueNormalizer.normalize(info, record, () -> "appended record")));
                }
            }
            apply(ops);
            applied = true;
        } finally {
            if (applied) {
                change.moveTo(grants);
            } else {
                db.ids.giveBack(change); // a refused record takes no ids
            }
        }
        return ids;
    }

    /** Changes one field of an existing record; null clears it. */
    public void update(String table, long id, String field, Object value) {
        updateAll(table, new long[] {id}, Map.of(field, value == null ? NULL : value));
    }

    /** Stands for null in the map {@link #updateAll} takes (a map holds no null values). */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "NULL";
        }
    };

    /**
     * Sets {@code values} (field name to value, {@link #NULL} to clear) on every record of
     * {@code ids}, as one change. The records must exist.
     */
    public void updateAll(String table, long[] ids, Map<String, Object> values) {
        ensureUsable();
        Objects.requireNonNull(values, "values");
        List<WriteOp> ops = new ArrayList<>(ids.length * values.size());
        for (long id : ids) {
            for (Map.Entry<String, Object> value : values.entrySet()) {
                ops.add(db.patchOp(table, id, value.getKey(), value.getValue() == NULL ? null : value.getValue()));
            }
        }
        apply(ops);
    }

    /** Removes record {@code id}; false when the table had no such record. */
    public boolean delete(String table, long id) {
        return deleteAll(table, new long[] {id}) > 0;
    }

    /** Removes the records of {@code ids} as one change; returns how many of them existed. */
    public long deleteAll(String table, long[] ids) {
        ensureUsable();
        List<WriteOp> ops = new ArrayList<>(ids.length);
        for (long id : ids) {
            ops.add(db.deleteOp(table, id));
        }
        return apply(ops);
    }

    /**
     * Gives {@code field} of {@code table} an order index named {@code name} (null:
     * {@code table_field_order}) in this transaction, built from the field's values as this
     * transaction sees them; its later writes keep it exact (see {@link Db#createOrderIndex(String,
     * String, String)}).
     */
    public void createOrderIndex(String table, String field, String name) {
        ensureUsable();
        if (name != null) {
            Names.check("index", name);
        }
        schemaChange(writer -> writer.createOrderIndex(table, field, name));
    }

    /** Drops the order index of {@code field} of {@code table} in this transaction. */
    public void dropOrderIndex(String table, String field) {
        ensureUsable();
        schemaChange(writer -> writer.dropOrderIndex(table, field));
    }

    /**
     * Applies a schema change to the transaction's pages. The writer refuses before it writes;
     * should it fail once writing (an index half built), the transaction can only be rolled back.
     */
    private void schemaChange(java.util.function.Consumer<SchemaWriter> change) {
        SchemaWriter writer = new SchemaWriter(txn, Catalog.of(txn));
        boolean success = false;
        try {
            change.accept(writer);
            success = true;
        } catch (InvalidInputException e) {
            success = true; // refused before anything was written
            throw e;
        } finally {
            if (!success) {
                failed = true;
            }
        }
    }

    /**
     * Applies one change to the transaction's pages; returns how many records its deletes removed.
     * A change refused while it is checked leaves the transaction as it was; one that fails while
     * it is written leaves part of it applied, so the transaction can then only be rolled back.
     */
    private long apply(List<WriteOp> ops) {
        if (ops.isEmpty()) {
            return 0;
        }
        BatchWriter writer = new BatchWriter(txn, Catalog.of(txn));
        BatchWriter.Prepared checked = writer.prepare(ops);
        boolean success = false;
        try {
            writer.write(checked);
            writer.finish();
            success = true;
            return writer.deleted();
        } finally {
            if (!success) {
                failed = true;
            }
        }
    }

    /**
     * Makes every change durable, all or nothing, and ends the transaction: when it returns the
     * changes are on disk and visible to new snapshots. If it throws, nothing was committed (and if
     * the disk failed, the database refuses writes until reopened, as after any failed commit).
     */
    public void commit() {
        ensureUsable();
        ended = true;
        PendingCommit pending;
        try {
            pending = txn.commitPipelined();
        } catch (RuntimeException | Error e) {
            txn.rollback();
            db.ids.giveBack(grants);
            throw e;
        }
        db.ids.landed(grants);
        pending.await();
    }

    /** Discards every change and ends the transaction. */
    public void rollback() {
        if (ended) {
            return;
        }
        ended = true;
        txn.rollback();
        db.ids.giveBack(grants);
    }

    /** Whether the transaction is still open (neither committed nor rolled back). */
    public boolean isOpen() {
        return !ended;
    }

    /** Rolls back unless committed. */
    @Override
    public void close() {
        rollback();
    }

    /** {@link TransactionChanges}: this transaction's changes, bound by the SQL layer. */
    private final class BoundChanges implements TransactionChanges {

        @Override
        public Catalog catalog() {
            ensureUsable();
            return Catalog.of(txn);
        }

        @Override
        public long[] insert(TableInfo table, List<Row> records) {
            return write(table, records, false);
        }

        @Override
        public void update(TableInfo table, long[] ids, FieldInfo[] fields, Object[] values) {
            ensureUsable();
            if (ids.length == 0) {
                return;
            }
            BatchWriter writer = new BatchWriter(txn, Catalog.of(txn));
            writer.checkExist(table, ids);
            boolean success = false;
            try {
                writer.updateMatching(table, ids, fields, values);
                writer.finish();
                success = true;
            } finally {
                if (!success) {
                    failed = true;
                }
            }
        }

        @Override
        public long delete(TableInfo table, long[] ids) {
            ensureUsable();
            List<WriteOp> ops = new ArrayList<>(ids.length);
            for (long id : ids) {
                ops.add(new WriteOp.Delete(table.name(), id));
            }
            return apply(ops);
        }
    }

    private void ensureUsable() {
        if (ended) {
            throw new IllegalStateException("this transaction has ended (committed or rolled back); begin another with"
                    + " Db.begin()");
        }
        if (failed) {
            throw new IllegalStateException("a change of this transaction failed half-way, so it holds part of that"
                    + " change: roll it back (nothing of it was committed)");
        }
    }
}
