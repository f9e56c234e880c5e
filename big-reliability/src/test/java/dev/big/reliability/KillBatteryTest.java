package dev.big.reliability;

import org.junit.jupiter.api.Test;

/** Crash anywhere, lose nothing committed: kill -9 of ingesting and appending child JVMs. */
class KillBatteryTest {

    @Test
    void killingAWriterAnywhereLosesNothingAcknowledgedAndLeavesNothingHalfApplied() throws Exception {
        Tally tally = BatteryAssertions.runFast(new KillBattery());
        BatteryAssertions.assertAtLeast(Scale.FAST.kills(), tally, Counter.KILLS);
        BatteryAssertions.assertAtLeast(1, tally, Counter.ACKED_RECORDS);
    }
}
