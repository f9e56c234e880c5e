package dev.big.trino;

import dev.big.db.Commit;
import dev.big.db.Db;
import dev.big.db.Snapshot;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The commits the coordinator pinned for each open transaction (one query, in auto-commit): the
 * first time a query plans splits of a file, a snapshot of its latest commit is opened and kept
 * open until the transaction commits or rolls back, whatever happens to the query's splits. Every
 * split of that file carries the snapshot's {@link Commit}, so every reader of the query, on any
 * node, reads that commit; and while the snapshot is open no writer reuses the commit's pages.
 */
final class CommitPins {

    private final Map<UUID, Map<String, Snapshot>> byTransaction = new ConcurrentHashMap<>();

    /** What {@code transaction} sees of {@code file}, pinned on first use; {@code use} runs under the snapshot's lock (a snapshot belongs to one thread at a time). */
    <T> T withSnapshot(BigTransactionHandle transaction, String file, Db db, Function<Snapshot, T> use) {
        Map<String, Snapshot> pins = byTransaction.computeIfAbsent(transaction.uuid(), t -> new HashMap<>());
        Snapshot snapshot;
        synchronized (pins) {
            snapshot = pins.computeIfAbsent(file, f -> db.read());
        }
        synchronized (snapshot) {
            return use.apply(snapshot);
        }
    }

    /** Releases every commit {@code transaction} pinned. */
    void release(BigTransactionHandle transaction) {
        Map<String, Snapshot> pins = byTransaction.remove(transaction.uuid());
        if (pins != null) {
            synchronized (pins) {
                pins.values().forEach(Snapshot::close);
            }
        }
    }

    /** How many transactions hold pins (for tests: a finished query leaves none). */
    int openTransactions() {
        return byTransaction.size();
    }

    void releaseAll() {
        byTransaction.keySet().forEach(uuid -> release(new BigTransactionHandle(uuid)));
    }
}
