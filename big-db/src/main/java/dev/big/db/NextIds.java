package dev.big.db;

import dev.big.db.catalog.Catalog;
import dev.big.db.write.WriteOp;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;

/**
 * The id each table hands out next ({@code append}, ingest, bulk loads and SQL inserts without an
 * id), kept in memory per handle so an append needs no transaction to pick its id. A counter
 * starts at the catalog's next record id and moves past every id a commit writes, so the ids
 * handed out follow from the history of writes alone, never from whether the file was reopened.
 */
final class NextIds {

    private final Map<String, AtomicLong> next = new ConcurrentHashMap<>();
    /** The catalog's next record id of a table, where a counter starts. */
    private final ToLongFunction<String> stored;

    NextIds(ToLongFunction<String> stored) {
        this.stored = stored;
    }

    /** The next id of {@code table}, taken. */
    long reserve(String table) {
        return counter(table).getAndIncrement();
    }

    /** Reserves {@code count} consecutive ids of {@code table}; returns the first. */
    long reserve(String table, long count) {
        return counter(table).getAndAdd(count);
    }

    /**
     * Gives back the ids {@code from} (inclusive) to {@code to} (exclusive) of {@code table} that
     * a rolled-back transaction reserved, when none were reserved after them.
     */
    void release(String table, long from, long to) {
        AtomicLong counter = next.get(table);
        if (counter != null) {
            counter.compareAndSet(to, from);
        }
    }

    /**
     * Moves the counter of every table {@code ops} put records in to at least the next id of
     * {@code written} (the catalog this commit makes), creating it if need be. Called while the
     * commit still holds the write lock: once it lets go, the commit is the tip but not yet
     * published, and a counter built from the published catalog would hand out ids it wrote.
     */
    void written(Iterable<WriteOp> ops, Catalog written) {
        Set<String> tables = new HashSet<>();
        for (WriteOp op : ops) {
            if (op instanceof WriteOp.Put put && tables.add(put.table())) {
                long id = written.table(put.table()).nextRecordId();
                next.computeIfAbsent(put.table(), t -> new AtomicLong(id)).accumulateAndGet(id, Math::max);
            }
        }
    }

    /** Keeps the counter of {@code table} after {@code maxId}, written by a bulk load. */
    void written(String table, long maxId) {
        AtomicLong counter = next.get(table);
        if (counter != null) {
            counter.accumulateAndGet(maxId + 1, Math::max);
        }
    }

    /** Forgets the counter of a dropped table. */
    void forget(String table) {
        next.remove(table);
    }

    /** The counter of {@code table}'s next id, for a load that takes ids one by one without looking it up each time. */
    AtomicLong counter(String table) {
        return next.computeIfAbsent(table, t -> new AtomicLong(stored.applyAsLong(t)));
    }
}
