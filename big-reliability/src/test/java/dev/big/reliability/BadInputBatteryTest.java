package dev.big.reliability;

import dev.big.reliability.BadInputBattery.Check;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Bad input: {@link BadInputBattery} at the fast scale feeds fuzzed CSV, JSON Lines and schema files
 * to the command line, fuzzed SQL to {@code db.sql} and bad records to the Java API. The promises,
 * one test each: no command hangs, crashes or fails internally, and the command stays healthy; a
 * load exits 0 or 65 with a clear message, a stopped one committed whole batches, and the table
 * gains what the load says it committed; a schema creates a database or nothing, and a refused one
 * gets one clear line; SQL is answered or refused as invalid input, and leaves the database as it
 * was; a record is stored as given or refused clearly, the table holds exactly the accepted
 * records, and {@code check()} is clean after them. The battery runs once, before the tests; a test
 * fails if its check broke, or was never made.
 */
@Tag("battery")
class BadInputBatteryTest {

    private static BatteryRun run;

    @BeforeAll
    static void runTheBattery() throws Exception {
        run = BatteryRun.fast(new BadInputBattery());
    }

    @Test
    void noCommandHangsCrashesOrFailsInternally() {
        run.assertHeld(Check.NO_COMMAND_HANGS_CRASHES_OR_FAILS_INTERNALLY);
    }

    @Test
    void theCommandStaysHealthyAfterBadInput() {
        run.assertHeld(Check.THE_COMMAND_STAYS_HEALTHY_AFTER_BAD_INPUT);
    }

    @Test
    void aLoadExits0Or65WithAClearMessage() {
        run.assertHeld(Check.A_LOAD_EXITS_0_OR_65_WITH_A_CLEAR_MESSAGE);
    }

    @Test
    void aStoppedLoadCommittedWholeBatches() {
        run.assertHeld(Check.A_STOPPED_LOAD_COMMITTED_WHOLE_BATCHES);
    }

    @Test
    void theTableGainsWhatTheLoadSaysItCommitted() {
        run.assertHeld(Check.THE_TABLE_GAINS_WHAT_THE_LOAD_SAYS_IT_COMMITTED);
    }

    @Test
    void aSchemaCreatesADatabaseOrNothing() {
        run.assertHeld(Check.A_SCHEMA_CREATES_A_DATABASE_OR_NOTHING);
    }

    @Test
    void aRefusedSchemaGetsOneClearLine() {
        run.assertHeld(Check.A_REFUSED_SCHEMA_GETS_ONE_CLEAR_LINE);
    }

    @Test
    void sqlIsAnsweredOrRefusedAsInvalidInput() {
        run.assertHeld(Check.SQL_IS_ANSWERED_OR_REFUSED_AS_INVALID_INPUT);
    }

    @Test
    void badSqlLeavesTheDatabaseAsItWas() {
        run.assertHeld(Check.BAD_SQL_LEAVES_THE_DATABASE_AS_IT_WAS);
    }

    @Test
    void aRecordIsStoredAsGivenOrRefusedClearly() {
        run.assertHeld(Check.A_RECORD_IS_STORED_AS_GIVEN_OR_REFUSED_CLEARLY);
    }

    @Test
    void theTableHoldsExactlyTheAcceptedRecords() {
        run.assertHeld(Check.THE_TABLE_HOLDS_EXACTLY_THE_ACCEPTED_RECORDS);
    }

    @Test
    void checkIsCleanAfterBadRecords() {
        run.assertHeld(Check.CHECK_IS_CLEAN_AFTER_BAD_RECORDS);
    }

    @Test
    void itTriedAsManyInputsAsItsScaleSays() {
        Scale fast = Scale.FAST;
        run.assertAtLeast(fast.cliInputs() + fast.sqlStatements() + fast.typedRecords(), Counter.BAD_INPUTS);
    }

    @Test
    void nothingElseBroke() {
        run.assertNothingBroke();
    }
}
