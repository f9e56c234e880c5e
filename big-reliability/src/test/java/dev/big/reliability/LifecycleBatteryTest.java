package dev.big.reliability;

import org.junit.jupiter.api.Test;

/** Lifecycle: open/close cycles under readers, close under a reader, a second writer, read-only followers. */
class LifecycleBatteryTest {

    @Test
    void openCloseLocksAndReadOnlyFollowersKeepTheirPromises() throws Exception {
        Tally tally = BatteryAssertions.runFast(new LifecycleBattery());
        BatteryAssertions.assertAtLeast(Scale.FAST.lifecycleCycles() + 4, tally, Counter.LIFECYCLE);
    }
}
