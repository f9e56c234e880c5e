package dev.big.reliability;

import org.junit.jupiter.api.Test;

/** Concurrency under load: readers always see exactly one commit, never block the writer, never fail. */
class LoadBatteryTest {

    @Test
    void readersSeeOneCommitAndNeverBlockTheWriter() throws Exception {
        Tally tally = BatteryAssertions.runFast(new LoadBattery());
        BatteryAssertions.assertAtLeast(1_000, tally, Counter.READS_CHECKED);
    }
}
