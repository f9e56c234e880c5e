package dev.big.reliability;

import org.junit.jupiter.api.Test;

/** Crash anywhere, simulated: unsynced writes dropped (all, some, none), a page torn in half. */
class PowerCutBatteryTest {

    @Test
    void everyCrashImageReopensAtACommitWhole() throws Exception {
        Tally tally = BatteryAssertions.runFast(new PowerCutBattery());
        BatteryAssertions.assertAtLeast(Scale.FAST.crashImages(), tally, Counter.CRASH_IMAGES);
    }
}
