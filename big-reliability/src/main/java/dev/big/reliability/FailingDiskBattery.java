package dev.big.reliability;

import dev.big.pager.FaultyPager;
import java.util.SplittableRandom;

/**
 * A failing disk never corrupts: a multi-commit workload through every write path runs once per
 * write with that write failing, once per write with it torn in half, once per sync with it
 * failing, and on disks that fill up at several sizes. Each time the operation fails with a clear
 * {@code StorageException}, the database refuses writes until reopened while still reading its
 * last commit, and the file as the process left it reopens at the last commit (or the failed one,
 * whole, if the fault hit the meta page or the sync after it).
 */
public final class FailingDiskBattery implements Battery {

    @Override
    public String name() {
        return "failing disk";
    }

    @Override
    public void run(long seed, Scale scale, Tally tally) {
        for (int format : FaultRun.FORMATS) {
            run(seed, scale, tally, format);
        }
    }

    /** Every fault in turn, in a file of format {@code format}. */
    private void run(long seed, Scale scale, Tally tally, int format) {
        FaultWorkload workload = new FaultWorkload(seed, scale.faultSteps());
        FaultRun.Operations operations = FaultRun.count(workload, format);
        SplittableRandom random = new SplittableRandom(seed);
        for (long n = 1; n <= operations.writes(); n += scale.faultStride()) {
            inject(workload, format, FaultRun.Fault.FAIL_WRITE, n, seed, random, tally);
            inject(workload, format, FaultRun.Fault.TEAR_WRITE, n, seed, random, tally);
        }
        for (long n = 1; n <= operations.syncs(); n++) {
            inject(workload, format, FaultRun.Fault.FAIL_SYNC, n, seed, random, tally);
        }
        for (int i = 0; i <= 8; i++) {
            long limit = 2 + (operations.pages() - 2) * i / 8;
            inject(workload, format, FaultRun.Fault.DISK_FULL, limit, seed, random, tally);
        }
        // The write log beside the file (format 4): every write of a frame failed and torn, every forcing failed.
        for (long n = 1; n <= operations.logWrites(); n += scale.faultStride()) {
            inject(workload, format, FaultRun.Fault.LOG_FAIL_WRITE, n, seed, random, tally);
            inject(workload, format, FaultRun.Fault.LOG_TEAR_WRITE, n, seed, random, tally);
        }
        for (long n = 1; n <= operations.logForces(); n++) {
            inject(workload, format, FaultRun.Fault.LOG_FAIL_FORCE, n, seed, random, tally);
        }
    }

    private void inject(FaultWorkload workload, int format, FaultRun.Fault fault, long n, long seed, SplittableRandom random,
            Tally tally) {
        String when = fault + " #" + n + " of " + workload.steps().size() + " steps, file format " + format;
        FaultyPager pager = fault.arm(n);
        FaultRun.Outcome outcome = FaultRun.run(workload, pager, format);
        boolean fired = fault == FaultRun.Fault.DISK_FULL ? outcome.failure() != null : fault.reached(pager, n);
        if (!fired) {
            if (outcome.failure() != null) {
                tally.wrong(FaultRun.Check.THE_FAULT_SURFACES, seed, when + ": failed without the fault: " + outcome.failure());
            }
            close(outcome);
            return;
        }
        tally.increment(Counter.FAULTS);
        if (outcome.failure() == null) {
            tally.wrong(FaultRun.Check.THE_FAULT_SURFACES, seed, when + ": the fault fired but every step returned normally"
                    + " (a swallowed I/O error)");
            close(outcome);
            return;
        }
        tally.held(FaultRun.Check.THE_FAULT_SURFACES);
        FaultRun.checkLive(outcome, workload, fault, seed, when, tally);
        // The process carries on after the error and later exits: the operating system keeps every write it was given.
        FaultRun.checkImage(pager.crashImage(FaultyPager.CrashMode.KEEP_ALL, new java.util.Random(random.nextLong())), workload,
                outcome.done(), fault.failedCommitMayLand(), seed, when + ", reopened", tally);
        close(outcome);
    }

    private static void close(FaultRun.Outcome outcome) {
        if (outcome.db() != null) {
            try {
                outcome.db().close();
            } catch (RuntimeException ignored) {
                // Closing a failed database may fail again; it is the reopen that matters.
            }
        }
    }
}
