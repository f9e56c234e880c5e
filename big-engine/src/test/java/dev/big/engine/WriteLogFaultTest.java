package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.DatabaseFailedException;
import dev.big.page.MetaPage;
import dev.big.page.StorageException;
import dev.big.pager.FaultyPager;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The write log under faults: fails the n-th write to the log, tears it (a prefix written, then a
 * failure), fails the n-th forcing of the log, and fails the n-th page write and sync of the
 * checkpoint in the middle of the workload, for every n. After each failure the store refuses
 * writes, and every crash image (nothing unforced kept, a random subset with one torn, everything
 * kept) reopens with every acknowledged commit (and the failed one at most, whole), a clean check,
 * and the contents the model says.
 */
class WriteLogFaultTest {

    private static final long SEED = 7;
    private static final int COMMITS = 12;
    /** A checkpoint runs after this commit, so faults hit page writes in a file with a log too. */
    private static final int CHECKPOINT_AFTER = 6;
    private static final List<Map<Long, TreeMap<Long, BitSet>>> MODELS = CommitWorkload.models(SEED, COMMITS);

    private enum Fault {
        LOG_FAIL_WRITE, LOG_TEAR_WRITE, LOG_FAIL_FORCE, PAGE_FAIL_WRITE, PAGE_FAIL_SYNC;

        FaultyPager arm(long n) {
            FaultyPager pager = new FaultyPager();
            switch (this) {
                case LOG_FAIL_WRITE -> pager.log().failWrite(n);
                case LOG_TEAR_WRITE -> pager.log().tearWrite(n);
                case LOG_FAIL_FORCE -> pager.log().failForce(n);
                case PAGE_FAIL_WRITE -> pager.failWrite(n);
                case PAGE_FAIL_SYNC -> pager.failSync(n);
            }
            return pager;
        }

        /** Whether the failed commit may still be there after a crash: its frame may have reached the disk whole. */
        boolean failedCommitMayLand() {
            return this != LOG_FAIL_WRITE;
        }
    }

    @Test
    void failingEveryLogWriteInTurnLosesNothingAcknowledged() {
        long writes = countOperations(pager -> pager.log().writes());
        for (long n = 1; n <= writes; n++) {
            runWithFault(Fault.LOG_FAIL_WRITE, n);
            runWithFault(Fault.LOG_TEAR_WRITE, n);
        }
    }

    @Test
    void failingEveryLogForceInTurnLosesNothingAcknowledged() {
        long forces = countOperations(pager -> pager.log().forces());
        for (long n = 1; n <= forces; n++) {
            runWithFault(Fault.LOG_FAIL_FORCE, n);
        }
    }

    @Test
    void failingEveryPageWriteAndSyncOfTheCheckpointInTurnLosesNothingAcknowledged() {
        long writes = countOperations(FaultyPager::writes);
        long syncs = countOperations(FaultyPager::syncs);
        for (long n = 1; n <= writes; n++) {
            runWithFault(Fault.PAGE_FAIL_WRITE, n);
        }
        for (long n = 1; n <= syncs; n++) {
            runWithFault(Fault.PAGE_FAIL_SYNC, n);
        }
    }

    private static long countOperations(java.util.function.ToLongFunction<FaultyPager> operations) {
        FaultyPager pager = new FaultyPager();
        Store store = Store.create(pager, MetaPage.VERSION_WRITE_LOG);
        assertEquals(COMMITS, commitUntilFailure(store, COMMITS));
        long count = operations.applyAsLong(pager);
        assertTrue(count > 0);
        return count;
    }

    private static int commitUntilFailure(Store store, int commits) {
        int done = 0;
        for (int i = 1; i <= commits; i++) {
            try (WriteTxn txn = store.beginWrite()) {
                CommitWorkload.apply(SEED, i, txn, new HashMap<>());
                txn.commit();
                done = i;
                if (i == CHECKPOINT_AFTER) {
                    store.checkpoint();
                }
            } catch (StorageException | DatabaseFailedException e) {
                return done;
            }
        }
        return done;
    }

    private static void runWithFault(Fault fault, long n) {
        String kind = fault + " #" + n;
        FaultyPager pager = fault.arm(n);
        Store store;
        try {
            store = Store.create(pager, MetaPage.VERSION_WRITE_LOG);
        } catch (StorageException e) {
            return;
        }
        store.setCheckpointThresholds(Long.MAX_VALUE, Long.MAX_VALUE);
        int done = commitUntilFailure(store, COMMITS);
        boolean failed = store.isFailed();
        if (done < COMMITS || failed) {
            assertThrows(DatabaseFailedException.class, store::beginWrite, "writes refused after " + kind);
        }
        CommitWorkload.assertEveryCrashImageReopens(pager, new Random(n), SEED, MODELS, done, COMMITS,
                fault.failedCommitMayLand(), 2, kind);
    }
}
