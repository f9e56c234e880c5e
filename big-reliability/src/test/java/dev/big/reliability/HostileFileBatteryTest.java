package dev.big.reliability;

import org.junit.jupiter.api.Test;

/** Hostile files: random, truncated, future, empty, foreign, crafted, special files: clear refusals, no writes. */
class HostileFileBatteryTest {

    @Test
    void everyHostileFileIsRefusedClearlyAndLeftAsItWas() throws Exception {
        Tally tally = BatteryAssertions.runFast(new HostileFileBattery());
        BatteryAssertions.assertAtLeast(Scale.FAST.hostileFiles(), tally, Counter.HOSTILE_FILES);
    }
}
