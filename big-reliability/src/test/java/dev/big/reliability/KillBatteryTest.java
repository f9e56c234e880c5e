package dev.big.reliability;

import dev.big.reliability.KillBattery.Check;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Crash anywhere, lose nothing committed: {@link KillBattery} at the fast scale kills a writing
 * child JVM ({@code db.ingest} or single appends) with SIGKILL {@code Scale.FAST.kills()} times.
 * The promises, one test each: the child writes until it is killed; meanwhile a second writer is
 * refused; after the kill the file reopens, {@code check()} is clean, every acknowledged record is
 * there and nothing beyond the writes in flight, no ingest batch is half there, and every record
 * and aggregate reads as written. The battery runs once, before the tests; a test fails if its
 * check broke, or was never made.
 */
@Tag("battery")
class KillBatteryTest {

    private static BatteryRun run;

    @BeforeAll
    static void runTheBattery() throws Exception {
        run = BatteryRun.fast(new KillBattery());
    }

    @Test
    void theWriterRunsUntilItIsKilled() {
        run.assertHeld(Check.THE_WRITER_RUNS_UNTIL_IT_IS_KILLED);
    }

    @Test
    void aSecondWriterIsRefused() {
        run.assertHeld(Check.A_SECOND_WRITER_IS_REFUSED);
    }

    @Test
    void theFileReopens() {
        run.assertHeld(Check.THE_FILE_REOPENS);
    }

    @Test
    void checkIsClean() {
        run.assertHeld(Check.CHECK_IS_CLEAN);
    }

    @Test
    void everyAcknowledgedRecordSurvives() {
        run.assertHeld(Check.EVERY_ACKNOWLEDGED_RECORD_SURVIVES);
    }

    @Test
    void nothingBeyondTheWritesInFlight() {
        run.assertHeld(Check.NOTHING_BEYOND_THE_WRITES_IN_FLIGHT);
    }

    @Test
    void noBatchIsHalfApplied() {
        run.assertHeld(Check.NO_BATCH_IS_HALF_APPLIED);
    }

    @Test
    void everyRecordReadsAsWritten() {
        run.assertHeld(Check.EVERY_RECORD_READS_AS_WRITTEN);
    }

    @Test
    void itKilledAsOftenAsItsScaleSays() {
        run.assertAtLeast(Scale.FAST.kills(), Counter.KILLS);
        run.assertAtLeast(1, Counter.ACKED_RECORDS);
    }

    @Test
    void nothingElseBroke() {
        run.assertNothingBroke();
    }
}
