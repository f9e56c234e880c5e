package dev.big.reliability;

import dev.big.db.CheckReport;
import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import dev.big.engine.Store;
import dev.big.page.BigException;
import dev.big.page.DatabaseFailedException;
import dev.big.page.MetaPage;
import dev.big.page.StorageException;
import dev.big.pager.FaultyPager;
import dev.big.pager.MemoryPager;
import java.util.List;

/**
 * One run of a {@link FaultWorkload} on a {@link FaultyPager} with one fault armed, and the checks
 * every such run must pass: the fault surfaces as a clear error; the database then refuses writes
 * but still reads its last commit; and a crash image of the file (what a power cut would leave)
 * reopens at the last commit, or at the failed one complete when the fault hit the meta page
 * write or the sync after it, never anything in between, with a clean check, and takes new commits.
 */
final class FaultRun {

    /** The checks of a fault run: those of the live database after the fault, then those of its crash image. */
    enum Check implements BatteryCheck {
        /** The armed fault fired and a step failed; a step never fails without it. */
        THE_FAULT_SURFACES,
        /** The step failed with a {@code StorageException} saying what failed (a full disk as "No space left"). */
        THE_ERROR_IS_A_CLEAR_STORAGE_EXCEPTION,
        /** The database then refuses writes with {@code DatabaseFailedException}, saying to reopen. */
        THE_FAILED_DATABASE_REFUSES_WRITES_SAYING_TO_REOPEN,
        /** The database then still reads its last commit, exactly. */
        THE_FAILED_DATABASE_READS_ITS_LAST_COMMIT,
        /** The crash image reopens (one of a file whose creation failed may be refused). */
        THE_CRASH_IMAGE_REOPENS,
        /** It reopens at the last commit, or at the failed one when it may have landed, whole: never in between. */
        IT_REOPENS_AT_A_COMMIT_WHOLE,
        /** {@code check()} of the reopened image finds nothing. */
        CHECK_IS_CLEAN_AFTER_REOPENING,
        /** It takes a new commit, and {@code check()} after it finds nothing. */
        IT_TAKES_A_NEW_COMMIT
    }

    enum Fault {
        /** The n-th write fails, writing nothing. */
        FAIL_WRITE,
        /** The n-th write stores half a page, then fails. */
        TEAR_WRITE,
        /** The n-th sync fails. */
        FAIL_SYNC,
        /** Writes at or past page n fail: the file cannot grow. */
        DISK_FULL,
        /** The n-th write to the write log fails, writing nothing. */
        LOG_FAIL_WRITE,
        /** The n-th write to the write log stores a prefix of its bytes, then fails. */
        LOG_TEAR_WRITE,
        /** The n-th forcing of the write log fails. */
        LOG_FAIL_FORCE;

        FaultyPager arm(long n) {
            FaultyPager pager = new FaultyPager();
            switch (this) {
                case FAIL_WRITE -> pager.failWrite(n);
                case TEAR_WRITE -> pager.tearWrite(n);
                case FAIL_SYNC -> pager.failSync(n);
                case DISK_FULL -> pager.diskFullAt(n);
                case LOG_FAIL_WRITE -> pager.log().failWrite(n);
                case LOG_TEAR_WRITE -> pager.log().tearWrite(n);
                case LOG_FAIL_FORCE -> pager.log().failForce(n);
            }
            return pager;
        }

        /** How many operations of this fault's kind a fault-free run of the workload did. */
        long operations(Operations counted) {
            return switch (this) {
                case FAIL_WRITE, TEAR_WRITE -> counted.writes();
                case FAIL_SYNC -> counted.syncs();
                case DISK_FULL -> counted.pages();
                case LOG_FAIL_WRITE, LOG_TEAR_WRITE -> counted.logWrites();
                case LOG_FAIL_FORCE -> counted.logForces();
            };
        }

        /** Whether the n-th operation this fault fails was reached in the run of {@code pager}. */
        boolean reached(FaultyPager pager, long n) {
            return switch (this) {
                case FAIL_WRITE, TEAR_WRITE -> pager.writes() >= n;
                case FAIL_SYNC -> pager.syncs() >= n;
                case DISK_FULL -> false;
                case LOG_FAIL_WRITE, LOG_TEAR_WRITE -> pager.log().writes() >= n;
                case LOG_FAIL_FORCE -> pager.log().forces() >= n;
            };
        }

        /**
         * Whether the failed commit may still be what a reopen shows, whole: a failed sync after the
         * meta write, or a torn meta write whose first half holds every meaningful byte; a log frame
         * whose forcing failed, or torn past its last meaningful byte.
         */
        boolean failedCommitMayLand() {
            return this == FAIL_SYNC || this == TEAR_WRITE || this == LOG_TEAR_WRITE || this == LOG_FAIL_FORCE;
        }
    }

    /** What a run did: steps that returned (-1 if creating the store failed), the failure, the live database. */
    record Outcome(int done, RuntimeException failure, Db db, FaultyPager pager) {}

    /** Writes, syncs and pages of a fault-free run. */
    record Operations(long writes, long syncs, long pages, long logWrites, long logForces) {}

    /** What a fault-free run of {@code workload} in a file of format {@code formatVersion} does. */
    static Operations count(FaultWorkload workload, int formatVersion) {
        FaultyPager pager = new FaultyPager();
        Outcome outcome = run(workload, pager, formatVersion);
        if (outcome.failure() != null) {
            throw new IllegalStateException("the workload fails without a fault", outcome.failure());
        }
        Operations operations = new Operations(pager.writes(), pager.syncs(), pager.pageCount(), pager.log().writes(),
                pager.log().forces());
        outcome.db().close();
        return operations;
    }

    /**
     * The file formats the workload runs in: the one before the write log (every commit to the
     * pages) and the write log's (small commits to the log, the rest and checkpoints to the pages).
     */
    static final List<Integer> FORMATS = List.of(MetaPage.VERSION_WRITE_LOG - 1, MetaPage.VERSION_WRITE_LOG);

    /** Runs {@code workload} on {@code pager} in a file of format {@code formatVersion}. */
    static Outcome run(FaultWorkload workload, FaultyPager pager, int formatVersion) {
        Db db;
        try {
            db = Db.of(Store.create(pager, formatVersion));
        } catch (RuntimeException e) {
            return new Outcome(-1, e, null, pager);
        }
        int done = 0;
        for (FaultWorkload.Step step : workload.steps()) {
            try {
                step.apply(db);
            } catch (RuntimeException e) {
                return new Outcome(done, e, db, pager);
            }
            done++;
        }
        return new Outcome(done, null, db, pager);
    }

    /**
     * The live database after the fault: the error was a clear {@link StorageException}, writes are
     * refused with {@link DatabaseFailedException}, reads show the last commit.
     */
    static void checkLive(Outcome outcome, FaultWorkload workload, Fault fault, long seed, String when, Tally tally) {
        RuntimeException failure = outcome.failure();
        if (!(failure instanceof StorageException)) {
            tally.wrong(Check.THE_ERROR_IS_A_CLEAR_STORAGE_EXCEPTION, seed, when + ": the fault surfaced as " + failure
                    + ", not a StorageException");
            return;
        }
        String message = failure.getMessage();
        if (!message.contains("faulty") || !message.contains("failed")) {
            tally.wrong(Check.THE_ERROR_IS_A_CLEAR_STORAGE_EXCEPTION, seed, when + ": unclear error: " + message);
        } else if (fault == Fault.DISK_FULL && !message.contains("No space left")) {
            tally.wrong(Check.THE_ERROR_IS_A_CLEAR_STORAGE_EXCEPTION, seed, when + ": a full disk is not named as one: " + message);
        } else {
            tally.held(Check.THE_ERROR_IS_A_CLEAR_STORAGE_EXCEPTION);
        }
        Db db = outcome.db();
        if (db == null) {
            return;
        }
        try {
            if (workload.model(outcome.done()).tableExists()) {
                db.append(FaultWorkload.TABLE, Row.of("value", 1L));
            } else {
                db.createTable(TableDef.of("other", FieldDef.intField("v")));
            }
            tally.wrong(Check.THE_FAILED_DATABASE_REFUSES_WRITES_SAYING_TO_REOPEN, seed, when + ": the database took a write"
                    + " after a failed write or sync");
        } catch (DatabaseFailedException expected) {
            if (expected.getMessage().contains("reopen")) {
                tally.held(Check.THE_FAILED_DATABASE_REFUSES_WRITES_SAYING_TO_REOPEN);
            } else {
                tally.wrong(Check.THE_FAILED_DATABASE_REFUSES_WRITES_SAYING_TO_REOPEN, seed, when + ": the refusal does not say"
                        + " to reopen: " + expected.getMessage());
            }
        } catch (RuntimeException e) {
            tally.wrong(Check.THE_FAILED_DATABASE_REFUSES_WRITES_SAYING_TO_REOPEN, seed, when + ": a write after the failure"
                    + " threw " + e + ", not DatabaseFailedException");
        }
        long[] reads = new long[1];
        try {
            List<String> problems = workload.model(outcome.done()).differences(db, FaultWorkload.TABLE, "value", "kind", reads);
            for (String problem : problems) {
                tally.wrong(Check.THE_FAILED_DATABASE_READS_ITS_LAST_COMMIT, seed, when + ": the failed database reads wrong: "
                        + problem);
            }
            if (problems.isEmpty()) {
                tally.held(Check.THE_FAILED_DATABASE_READS_ITS_LAST_COMMIT);
            }
        } catch (RuntimeException e) {
            tally.wrong(Check.THE_FAILED_DATABASE_READS_ITS_LAST_COMMIT, seed, when + ": reading the failed database threw " + e);
        }
        tally.add(Counter.READS_CHECKED, reads[0]);
    }

    /**
     * Reopens a crash image: it must show the last commit (or the failed one, whole, when
     * {@code mayLand}), pass check, and take one more commit that also passes check.
     */
    static void checkImage(MemoryPager image, FaultWorkload workload, int done, boolean mayLand, long seed, String when,
                           Tally tally) {
        Db db;
        try {
            db = Db.of(Store.open(image));
        } catch (BigException e) {
            if (done < 0) {
                tally.held(Check.THE_CRASH_IMAGE_REOPENS);
                tally.increment(Counter.CRASH_IMAGES); // creating the file failed: refusing it is right
                return;
            }
            tally.lost(Check.THE_CRASH_IMAGE_REOPENS, seed, when + ": the crash image does not reopen: " + e.getMessage());
            return;
        }
        tally.held(Check.THE_CRASH_IMAGE_REOPENS);
        long[] reads = new long[1];
        Check making = Check.IT_REOPENS_AT_A_COMMIT_WHOLE;
        try (db) {
            int oldest = Math.max(0, done);
            List<String> atDone = workload.model(oldest).differences(db, FaultWorkload.TABLE, "value", "kind", reads);
            int shown = oldest;
            if (!atDone.isEmpty() && (mayLand || done < 0) && oldest + 1 <= workload.steps().size()) {
                List<String> atNext = workload.model(oldest + 1).differences(db, FaultWorkload.TABLE, "value", "kind", reads);
                if (atNext.isEmpty()) {
                    atDone = atNext;
                    shown = oldest + 1;
                }
            }
            if (!atDone.isEmpty()) {
                boolean fewer = workload.model(oldest).tableExists() && countOrZero(db) < workload.model(oldest).size();
                String text = when + ": reopened state is neither step " + oldest + (mayLand ? " nor " + (oldest + 1) : "")
                        + ": " + String.join("; ", atDone.subList(0, Math.min(5, atDone.size())));
                if (fewer) {
                    tally.lost(making, seed, text);
                } else {
                    tally.wrong(making, seed, text);
                }
                return;
            }
            tally.held(making);
            making = Check.CHECK_IS_CLEAN_AFTER_REOPENING;
            CheckReport report = db.check();
            if (!report.ok()) {
                tally.wrong(making, seed, when + ": check of the reopened image: " + report.describe());
                return;
            }
            tally.held(making);
            making = Check.IT_TAKES_A_NEW_COMMIT;
            if (workload.model(shown).tableExists()) {
                db.append(FaultWorkload.TABLE, Row.of("value", 7L, "kind", "after"));
            } else {
                db.createTable(EventRecords.table());
            }
            CheckReport after = db.check();
            if (after.ok()) {
                tally.held(making);
            } else {
                tally.wrong(making, seed, when + ": check after a commit on the reopened image: " + after.describe());
            }
            tally.increment(Counter.CRASH_IMAGES);
        } catch (RuntimeException e) {
            tally.wrong(making, seed, when + ": using the reopened image threw " + e);
        }
        tally.add(Counter.READS_CHECKED, reads[0]);
    }

    private static long countOrZero(Db db) {
        try (var s = db.read()) {
            return s.count(FaultWorkload.TABLE);
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private FaultRun() {}
}
