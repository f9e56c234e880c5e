package dev.big.reliability;

import dev.big.pager.FaultyPager;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Power cuts, simulated: the workload stops at a random write or sync (that write failing, torn in
 * half, or the sync failing), and the file is rebuilt as a power cut at that moment would leave it:
 * every write since the last sync dropped, a random subset of them kept with one possibly torn,
 * or all of them kept. Every image must reopen at the last commit, or the one in flight whole,
 * with a clean check, and take new commits.
 */
public final class PowerCutBattery implements Battery {

    @Override
    public String name() {
        return "power cut";
    }

    /** The faults a power cut follows: a page write failed or torn, a sync failed, and the same of the write log. */
    private static final List<FaultRun.Fault> STOPS = List.of(FaultRun.Fault.FAIL_WRITE,
            FaultRun.Fault.TEAR_WRITE, FaultRun.Fault.FAIL_SYNC, FaultRun.Fault.LOG_FAIL_WRITE, FaultRun.Fault.LOG_TEAR_WRITE,
            FaultRun.Fault.LOG_FAIL_FORCE);

    @Override
    public void run(long seed, Scale scale, Tally tally) {
        SplittableRandom random = new SplittableRandom(seed);
        FaultWorkload workload = new FaultWorkload(seed, scale.faultSteps());
        List<FaultRun.Operations> operationsByFormat = FaultRun.FORMATS.stream().map(f -> FaultRun.count(workload, f)).toList();
        int images = 0;
        while (images < scale.crashImages()) {
            int formatIndex = random.nextInt(FaultRun.FORMATS.size());
            int format = FaultRun.FORMATS.get(formatIndex);
            FaultRun.Fault fault = STOPS.get(random.nextInt(STOPS.size()));
            long operationsOfKind = fault.operations(operationsByFormat.get(formatIndex));
            if (operationsOfKind == 0) {
                continue; // a file without a write log has no log operation to stop at
            }
            long n = 1 + random.nextLong(operationsOfKind);
            FaultyPager pager = fault.arm(n);
            FaultRun.Outcome outcome = FaultRun.run(workload, pager, format);
            if (outcome.failure() == null) {
                tally.wrong(FaultRun.Check.THE_FAULT_SURFACES, seed, fault + " #" + n + ", file format " + format + ": no step failed");
                continue;
            }
            tally.held(FaultRun.Check.THE_FAULT_SURFACES);
            tally.increment(Counter.FAULTS);
            for (FaultyPager.CrashMode mode : FaultyPager.CrashMode.values()) {
                int copies = mode == FaultyPager.CrashMode.KEEP_RANDOM_SUBSET ? 3 : 1;
                for (int copy = 0; copy < copies; copy++) {
                    String when = "power cut at " + fault + " #" + n + ", file format " + format + ", " + mode + (copies > 1 ? " #" + copy : "");
                    FaultRun.checkImage(pager.crashImage(mode, new java.util.Random(random.nextLong())), workload, outcome.done(),
                            fault.failedCommitMayLand(), seed, when, tally);
                    images++;
                }
            }
            if (outcome.db() != null) {
                try {
                    outcome.db().close();
                } catch (RuntimeException ignored) {
                    // The image is what matters, not the failed handle.
                }
            }
        }
    }
}
