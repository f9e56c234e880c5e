package dev.big.db;

import dev.big.db.catalog.Catalog;
import dev.big.db.sql.SqlEngine;
import dev.big.db.sql.SqlResult;
import dev.big.db.write.BatchWriter;
import dev.big.db.write.WriteOp;
import dev.big.engine.PendingCommit;
import dev.big.engine.WriteTxn;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
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
 * them; a rollback gives them back when nobody reserved ids after them, so a rolled-back append
 * leaves {@code append}'s next id where it was.
 *
 * <p>A transaction belongs to one thread at a time.
 */
public final class Transaction implements AutoCloseable {

    private final Db db;
    private final WriteTxn txn;
    /** The puts applied, for {@code append}'s counters at commit. */
    private final List<WriteOp> puts = new ArrayList<>();
    /** Per table, the next id before and after this transaction's reservations. */
    private final Map<String, long[]> reserved = new HashMap<>();
    private boolean ended;
    private boolean failed;

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
        return new Snapshot(txn, null);
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
        return putAll(table, List.of(record))[0];
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
        ensureUsable();
        List<WriteOp> ops = new ArrayList<>(records.size());
        long[] ids = new long[records.size()];
        int appended = 0;
        for (Row record : records) {
            if (record.id().isEmpty()) {
                appended++;
            }
        }
        long first = appended == 0 ? 0 : reserve(table, appended);
        long next = first;
        boolean checked = false;
        try {
            for (int i = 0; i < ids.length; i++) {
                Row record = records.get(i);
                ids[i] = record.id().isPresent() ? record.id().getAsLong() : next++;
                ops.add(db.putOp(table, ids[i], record));
            }
            checked = true;
        } finally {
            if (!checked && appended > 0) {
                db.ids.release(table, first, first + appended); // a refused record takes no ids
                long[] range = reserved.get(table);
                if (range[1] == first + appended) {
                    range[1] = first;
                }
            }
        }
        apply(ops);
        puts.addAll(ops);
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

    /** Applies one change to the transaction's pages; returns how many records its deletes removed. */
    private long apply(List<WriteOp> ops) {
        if (ops.isEmpty()) {
            return 0;
        }
        boolean success = false;
        try {
            BatchWriter writer = new BatchWriter(txn, Catalog.of(txn));
            writer.apply(ops);
            writer.finish();
            success = true;
            return writer.deleted();
        } finally {
            if (!success) {
                failed = true;
            }
        }
    }

    private long reserve(String table, long count) {
        long first = db.ids.reserve(table, count);
        long[] range = reserved.computeIfAbsent(table, t -> new long[] {first, first});
        range[1] = first + count;
        return first;
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
            db.ids.written(puts, Catalog.of(txn));
            pending = txn.commitPipelined();
        } catch (RuntimeException | Error e) {
            txn.rollback();
            giveBackIds();
            throw e;
        }
        pending.await();
    }

    /** Discards every change and ends the transaction. */
    public void rollback() {
        if (ended) {
            return;
        }
        ended = true;
        txn.rollback();
        giveBackIds();
    }

    private void giveBackIds() {
        for (Map.Entry<String, long[]> range : reserved.entrySet()) {
            db.ids.release(range.getKey(), range.getValue()[0], range.getValue()[1]);
        }
        reserved.clear();
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
