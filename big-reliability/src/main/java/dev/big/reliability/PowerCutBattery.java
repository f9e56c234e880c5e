package dev.big.reliability;

import dev.big.pager.FaultyPager;
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

    @Override
    public void run(long seed, Scale scale, Tally tally) {
        SplittableRandom random = new SplittableRandom(seed);
        FaultWorkload workload = new FaultWorkload(seed, scale.faultSteps());
        FaultRun.Operations operations = FaultRun.count(workload);
        int images = 0;
        while (images < scale.crashImages()) {
            FaultRun.Fault fault = FaultRun.Fault.values()[random.nextInt(3)];
            long n = 1 + (fault == FaultRun.Fault.FAIL_SYNC ? random.nextLong(operations.syncs())
                    : random.nextLong(operations.writes()));
            FaultyPager pager = fault.arm(n);
            FaultRun.Outcome outcome = FaultRun.run(workload, pager);
            if (outcome.failure() == null) {
                tally.wrong(FaultRun.Check.THE_FAULT_SURFACES, seed, fault + " #" + n + ": no step failed");
                continue;
            }
            tally.held(FaultRun.Check.THE_FAULT_SURFACES);
            tally.increment(Counter.FAULTS);
            for (FaultyPager.CrashMode mode : FaultyPager.CrashMode.values()) {
                int copies = mode == FaultyPager.CrashMode.KEEP_RANDOM_SUBSET ? 3 : 1;
                for (int copy = 0; copy < copies; copy++) {
                    String when = "power cut at " + fault + " #" + n + ", " + mode + (copies > 1 ? " #" + copy : "");
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
