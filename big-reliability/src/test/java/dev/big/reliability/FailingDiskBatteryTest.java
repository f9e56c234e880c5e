package dev.big.reliability;

import org.junit.jupiter.api.Test;

/** A failing disk never corrupts: every write, tear and sync of a workload fails in turn; the disk fills up. */
class FailingDiskBatteryTest {

    @Test
    void everyFailedWriteOrSyncIsAClearErrorAndTheLastCommitSurvives() throws Exception {
        Tally tally = BatteryAssertions.runFast(new FailingDiskBattery());
        BatteryAssertions.assertAtLeast(100, tally, Counter.FAULTS);
        BatteryAssertions.assertAtLeast(100, tally, Counter.CRASH_IMAGES);
    }
}
