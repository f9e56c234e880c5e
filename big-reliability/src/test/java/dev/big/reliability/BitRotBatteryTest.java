package dev.big.reliability;

import org.junit.jupiter.api.Test;

/** Bit rot is detected, never answered: damaged pages of every kind, queries, check and big check. */
class BitRotBatteryTest {

    @Test
    void damageToAnyPageIsDetectedAndNeverAnswered() throws Exception {
        Tally tally = BatteryAssertions.runFast(new BitRotBattery());
        BatteryAssertions.assertAtLeast(Scale.FAST.rotTrials(), tally, Counter.PAGES_CORRUPTED);
        BatteryAssertions.assertAtLeast(Scale.FAST.rotTrials() / 2, tally, Counter.PAGES_DETECTED);
    }
}
