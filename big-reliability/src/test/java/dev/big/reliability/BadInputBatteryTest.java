package dev.big.reliability;

import org.junit.jupiter.api.Test;

/** Bad input: fuzzed CSV, JSONL, schema files, SQL and records: clear errors, nothing half-committed, healthy after. */
class BadInputBatteryTest {

    @Test
    void badInputIsRefusedClearlyAndCommitsNothingHalf() throws Exception {
        Tally tally = BatteryAssertions.runFast(new BadInputBattery());
        Scale fast = Scale.FAST;
        BatteryAssertions.assertAtLeast(fast.cliInputs() + fast.sqlStatements() + fast.typedRecords(), tally, Counter.BAD_INPUTS);
    }
}
