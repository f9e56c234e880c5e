package dev.big.reliability;

import dev.big.reliability.MultiProcessBattery.Check;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Many processes, one file: {@link MultiProcessBattery} at the fast scale runs one writer process
 * and reader processes with long- and short-lived read-only handles, interrupts threads in all of
 * them, refuses write opens and kills writers and readers with SIGKILL. The promises, one test
 * each, checked in the children and here: a snapshot is one commit of the workload, sees every
 * acknowledged batch and, held, keeps its answers; only an interrupted call fails, and clearly; a
 * write open is refused clearly, one writer at a time, and the lock goes with its writer; after
 * each writer the file reopens clean and whole, with every acknowledged batch and nothing beyond the
 * one in flight; an idle reader does not stop page reuse; every process runs as planned. The
 * battery runs once, before the tests; a test fails if its check broke, or was never made, and if
 * the run did less than below (kills, interrupts, refusals, reads, re-asked snapshots).
 */
@Tag("battery")
class MultiProcessBatteryTest {

    private static BatteryRun run;

    @BeforeAll
    static void runTheBattery() throws Exception {
        run = BatteryRun.fast(new MultiProcessBattery());
    }

    @Test
    void aSnapshotIsOneCommitOfTheWorkload() {
        run.assertHeld(Check.A_SNAPSHOT_IS_ONE_COMMIT_OF_THE_WORKLOAD);
    }

    @Test
    void aReadSeesEveryAcknowledgedBatch() {
        run.assertHeld(Check.A_READ_SEES_EVERY_ACKNOWLEDGED_BATCH);
    }

    @Test
    void aHeldSnapshotKeepsItsAnswers() {
        run.assertHeld(Check.A_HELD_SNAPSHOT_KEEPS_ITS_ANSWERS);
    }

    @Test
    void onlyAnInterruptedCallFailsAndClearly() {
        run.assertHeld(Check.ONLY_AN_INTERRUPTED_CALL_FAILS_AND_CLEARLY);
    }

    @Test
    void aWriteOpenIsRefusedClearly() {
        run.assertHeld(Check.A_WRITE_OPEN_IS_REFUSED_CLEARLY);
    }

    @Test
    void oneWriterAtATime() {
        run.assertHeld(Check.ONE_WRITER_AT_A_TIME);
    }

    @Test
    void theWriteLockGoesWithItsWriter() {
        run.assertHeld(Check.THE_WRITE_LOCK_GOES_WITH_ITS_WRITER);
    }

    @Test
    void theReopenedFileIsCleanAndWhole() {
        run.assertHeld(Check.THE_REOPENED_FILE_IS_CLEAN_AND_WHOLE);
    }

    @Test
    void everyAcknowledgedBatchSurvives() {
        run.assertHeld(Check.EVERY_ACKNOWLEDGED_BATCH_SURVIVES);
    }

    @Test
    void nothingBeyondTheBatchInFlight() {
        run.assertHeld(Check.NOTHING_BEYOND_THE_BATCH_IN_FLIGHT);
    }

    @Test
    void anIdleReaderDoesNotStopPageReuse() {
        run.assertHeld(Check.AN_IDLE_READER_DOES_NOT_STOP_PAGE_REUSE);
    }

    @Test
    void everyProcessRunsAsPlanned() {
        run.assertHeld(Check.EVERY_PROCESS_RUNS_AS_PLANNED);
    }

    @Test
    void itDidAsMuchAsItsScaleSays() {
        run.assertAtLeast(MultiProcessBattery.MIN_WRITER_KILLS, Counter.WRITER_KILLS);
        run.assertAtLeast(1, Counter.READER_KILLS);
        run.assertAtLeast(200, Counter.READER_INTERRUPTS);
        run.assertAtLeast(10, Counter.WRITER_INTERRUPTS);
        run.assertAtLeast(10, Counter.WRITE_OPENS_REFUSED);
        run.assertAtLeast(2_000, Counter.READS_CHECKED);
        run.assertAtLeast(MultiProcessBattery.MIN_RECHECKS, Counter.SNAPSHOTS_RECHECKED);
    }

    @Test
    void nothingElseBroke() {
        run.assertNothingBroke();
    }
}
