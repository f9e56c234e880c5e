package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.tree.Tree;
import dev.big.page.DatabaseFailedException;
import dev.big.page.StorageException;
import dev.big.pager.FaultyPager;
import dev.big.pager.MemoryPager;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Fails the n-th write, tears the n-th write, and fails the n-th sync, for every n across a
 * multi-commit workload. After each failure the store refuses writes, and every crash image
 * (nothing unsynced kept, a random subset kept with one torn, everything kept) reopens at the
 * last successful commit (or, when the failure hit the meta write or the sync after it, possibly at
 * the failed one, complete) with a clean check.
 */
class FaultInjectionTest {

    private static final long SEED = 42;
    private static final int COMMITS = 12;
    private static final List<Map<Long, TreeMap<Long, BitSet>>> MODELS = CommitWorkload.models(SEED, COMMITS);

    private enum Fault {
        FAIL_WRITE, TEAR_WRITE, FAIL_SYNC;

        FaultyPager arm(long n) {
            return switch (this) {
                case FAIL_WRITE -> new FaultyPager().failWrite(n);
                case TEAR_WRITE -> new FaultyPager().tearWrite(n);
                case FAIL_SYNC -> new FaultyPager().failSync(n);
            };
        }

        /**
         * Whether the failed commit may still land, whole: a failed sync after the meta write, or a
         * torn meta write whose first half already holds every meaningful byte.
         */
        boolean failedCommitMayLand() {
            return this != FAIL_WRITE;
        }
    }

    @Test
    void failingEveryWriteInTurnLosesNothingCommitted() {
        long writes = countOperations(true);
        for (long n = 1; n <= writes; n++) {
            runWithFault(Fault.FAIL_WRITE, n);
        }
    }

    @Tag("slow")
    @Test
    void tearingEveryWriteInTurnLosesNothingCommitted() {
        long writes = countOperations(true);
        for (long n = 1; n <= writes; n++) {
            runWithFault(Fault.TEAR_WRITE, n);
        }
    }

    @Test
    void failingEverySyncInTurnLosesNothingCommitted() {
        long syncs = countOperations(false);
        for (long n = 1; n <= syncs; n++) {
            runWithFault(Fault.FAIL_SYNC, n);
        }
    }

    @Tag("slow")
    @Test
    void everyFaultInTurnLosesNothingCommittedWhenCommitsArePipelined() {
        long writes = countPipelinedOperations(true);
        long syncs = countPipelinedOperations(false);
        for (long n = 1; n <= writes; n++) {
            runWithFault(Fault.FAIL_WRITE, n, true);
            runWithFault(Fault.TEAR_WRITE, n, true);
        }
        for (long n = 1; n <= syncs; n++) {
            runWithFault(Fault.FAIL_SYNC, n, true);
        }
    }

    @Test
    void aFullDiskFailsTheCommitAndTheDatabaseReopensAtTheLastOne() {
        FaultyPager pager = new FaultyPager();
        Store store = Store.create(pager, PageCommits.FORMAT);
        int done = commitUntilFailure(store, 6);
        assertEquals(6, done);
        pager.diskFullAt(store.pageCount());
        var error = assertThrows(StorageException.class, () -> {
            try (WriteTxn txn = store.beginWrite()) {
                for (int i = 0; i < 50; i++) {
                    Tree.of(txn, 0).put(5000 + i, ContainerData.toContainer(ContainerData.randomBits(new Random(i))));
                }
                txn.commit();
            }
        });
        assertTrue(error.getMessage().contains("No space left"), error.getMessage());
        assertThrows(DatabaseFailedException.class, store::beginWrite);
        try (ReadTxn txn = store.beginRead()) {
            assertEquals(6, CommitWorkload.stamp(txn), "committed data stays readable");
        }
        for (FaultyPager.CrashMode mode : FaultyPager.CrashMode.values()) {
            assertReopensAt(pager.crashImage(mode, new Random(1)), 6, 6, "disk full, " + mode);
        }
    }

    /** Counts the writes (or syncs) a fault-free run of the workload performs. */
    private static long countOperations(boolean writes) {
        FaultyPager pager = new FaultyPager();
        Store store = Store.create(pager, PageCommits.FORMAT);
        assertEquals(COMMITS, commitUntilFailure(store, COMMITS));
        return writes ? pager.writes() : pager.syncs();
    }

    private static long countPipelinedOperations(boolean writes) {
        FaultyPager pager = new FaultyPager();
        Store store = Store.create(pager, PageCommits.FORMAT);
        assertEquals(COMMITS, commitPipelinedUntilFailure(store, COMMITS));
        return writes ? pager.writes() : pager.syncs();
    }

    /**
     * Commits the workload as ingest does: each transaction starts on the one before while that
     * one is being made durable. Returns how many commits became durable.
     */
    private static int commitPipelinedUntilFailure(Store store, int commits) {
        PendingCommit previous = null;
        for (int i = 1; i <= commits; i++) {
            PendingCommit pending;
            try (WriteTxn txn = store.beginWrite()) {
                CommitWorkload.apply(SEED, i, txn, new java.util.HashMap<>());
                pending = txn.commitPipelined();
            } catch (StorageException | DatabaseFailedException e) {
                return durableUpTo(previous, i - 1);
            }
            if (previous != null && durableUpTo(previous, i - 1) < i - 1) {
                return i - 2;
            }
            previous = pending;
        }
        return durableUpTo(previous, commits);
    }

    /** {@code commit} if the pending commit numbered so became durable, else the one before. */
    private static int durableUpTo(PendingCommit pending, int commit) {
        if (pending == null) {
            return commit;
        }
        try {
            pending.await();
            return commit;
        } catch (StorageException | DatabaseFailedException e) {
            return commit - 1;
        }
    }

    private static int commitUntilFailure(Store store, int commits) {
        int done = 0;
        for (int i = 1; i <= commits; i++) {
            try (WriteTxn txn = store.beginWrite()) {
                CommitWorkload.apply(SEED, i, txn, new java.util.HashMap<>());
                txn.commit();
                done = i;
            } catch (StorageException e) {
                return done;
            }
        }
        return done;
    }

    private void runWithFault(Fault fault, long n) {
        runWithFault(fault, n, false);
    }

    private void runWithFault(Fault fault, long n, boolean pipelined) {
        String kind = fault + " #" + n + (pipelined ? ", pipelined" : "");
        FaultyPager pager = fault.arm(n);
        Store store;
        try {
            store = Store.create(pager, PageCommits.FORMAT);
        } catch (StorageException e) {
            return;
        }
        int done = pipelined ? commitPipelinedUntilFailure(store, COMMITS) : commitUntilFailure(store, COMMITS);
        if (done < COMMITS) {
            assertThrows(DatabaseFailedException.class, store::beginWrite, "writes refused after " + kind);
        }
        CommitWorkload.assertEveryCrashImageReopens(pager, new Random(n), SEED, MODELS, done, COMMITS,
                fault.failedCommitMayLand(), 1, kind);
    }

    private static void assertReopensAt(MemoryPager image, int oldest, int newest, String when) {
        CommitWorkload.assertReopensAt(image, SEED, MODELS, oldest, newest, 1, when);
    }
}
