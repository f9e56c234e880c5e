package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.Record;
import dev.big.db.TableDef;
import dev.big.db.FieldDef;
import dev.big.engine.DatabaseFailedException;
import dev.big.engine.Store;
import dev.big.engine.check.CheckReport;
import dev.big.page.BigException;
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

    enum Fault {
        /** The n-th write fails, writing nothing. */
        FAIL_WRITE,
        /** The n-th write stores half a page, then fails. */
        TEAR_WRITE,
        /** The n-th sync fails. */
        FAIL_SYNC,
        /** Writes at or past page n fail: the file cannot grow. */
        DISK_FULL;

        FaultyPager arm(long n) {
            return switch (this) {
                case FAIL_WRITE -> new FaultyPager().failWrite(n);
                case TEAR_WRITE -> new FaultyPager().tearWrite(n);
                case FAIL_SYNC -> new FaultyPager().failSync(n);
                case DISK_FULL -> new FaultyPager().diskFullAt(n);
            };
        }

        /**
         * Whether the failed commit may still be what a reopen shows, whole: a failed sync after the
         * meta write, or a torn meta write whose first half holds every meaningful byte.
         */
        boolean failedCommitMayLand() {
            return this == FAIL_SYNC || this == TEAR_WRITE;
        }
    }

    /** What a run did: steps that returned (-1 if creating the store failed), the failure, the live database. */
    record Outcome(int done, RuntimeException failure, Db db, FaultyPager pager) {}

    /** Writes, syncs and pages of a fault-free run. */
    record Operations(long writes, long syncs, long pages) {}

    static Operations count(FaultWorkload workload) {
        FaultyPager pager = new FaultyPager();
        Outcome outcome = run(workload, pager);
        if (outcome.failure() != null) {
            throw new IllegalStateException("the workload fails without a fault", outcome.failure());
        }
        Operations operations = new Operations(pager.writes(), pager.syncs(), pager.pageCount());
        outcome.db().close();
        return operations;
    }

    static Outcome run(FaultWorkload workload, FaultyPager pager) {
        Db db;
        try {
            db = Db.of(Store.create(pager));
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
    static void checkLive(Outcome outcome, FaultWorkload workload, Fault fault, String battery, long seed, String when,
                          Tally tally) {
        RuntimeException failure = outcome.failure();
        if (!(failure instanceof StorageException)) {
            tally.wrong(battery, seed, when + ": the fault surfaced as " + failure + ", not a StorageException");
            return;
        }
        String message = failure.getMessage();
        if (!message.contains("faulty") || !message.contains("failed")) {
            tally.wrong(battery, seed, when + ": unclear error: " + message);
        }
        if (fault == Fault.DISK_FULL && !message.contains("No space left")) {
            tally.wrong(battery, seed, when + ": a full disk is not named as one: " + message);
        }
        Db db = outcome.db();
        if (db == null) {
            return;
        }
        try {
            if (workload.model(outcome.done()).tableExists()) {
                db.append(FaultWorkload.TABLE, Record.of("value", 1L));
            } else {
                db.createTable(TableDef.of("other", FieldDef.intField("v")));
            }
            tally.wrong(battery, seed, when + ": the database took a write after a failed write or sync");
        } catch (DatabaseFailedException expected) {
            if (!expected.getMessage().contains("reopen")) {
                tally.wrong(battery, seed, when + ": the refusal does not say to reopen: " + expected.getMessage());
            }
        } catch (RuntimeException e) {
            tally.wrong(battery, seed, when + ": a write after the failure threw " + e + ", not DatabaseFailedException");
        }
        long[] reads = new long[1];
        try {
            List<String> problems = workload.model(outcome.done()).differences(db, FaultWorkload.TABLE, "value", "kind", reads);
            for (String problem : problems) {
                tally.wrong(battery, seed, when + ": the failed database reads wrong: " + problem);
            }
        } catch (RuntimeException e) {
            tally.wrong(battery, seed, when + ": reading the failed database threw " + e);
        }
        tally.add(Counter.READS_CHECKED, reads[0]);
    }

    /**
     * Reopens a crash image: it must show the last commit (or the failed one, whole, when
     * {@code mayLand}), pass check, and take one more commit that also passes check.
     */
    static void checkImage(MemoryPager image, FaultWorkload workload, int done, boolean mayLand, String battery,
                           long seed, String when, Tally tally) {
        Db db;
        try {
            db = Db.of(Store.open(image));
        } catch (BigException e) {
            if (done < 0) {
                tally.increment(Counter.CRASH_IMAGES); // creating the file failed: refusing it is right
                return;
            }
            tally.lost(battery, seed, when + ": the crash image does not reopen: " + e.getMessage());
            return;
        }
        long[] reads = new long[1];
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
                    tally.lost(battery, seed, text);
                } else {
                    tally.wrong(battery, seed, text);
                }
                return;
            }
            CheckReport report = db.check();
            if (!report.ok()) {
                tally.wrong(battery, seed, when + ": check of the reopened image: " + report.describe());
                return;
            }
            if (workload.model(shown).tableExists()) {
                db.append(FaultWorkload.TABLE, Record.of("value", 7L, "kind", "after"));
            } else {
                db.createTable(EventRecords.table());
            }
            CheckReport after = db.check();
            if (!after.ok()) {
                tally.wrong(battery, seed, when + ": check after a commit on the reopened image: " + after.describe());
            }
            tally.increment(Counter.CRASH_IMAGES);
        } catch (RuntimeException e) {
            tally.wrong(battery, seed, when + ": using the reopened image threw " + e);
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
