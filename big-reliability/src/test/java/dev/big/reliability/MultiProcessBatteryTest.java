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
 * the run did less than below (kills, interrupts for the time its interrupters ran, refusals,
 * reads, re-asked snapshots).
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

    /**
     * Interrupts are owed in proportion to the time the children's interrupters ran, which is what
     * the run got, not what it was planned to get. An interrupter runs only inside a live child,
     * once the child's JVM is up, and on a loaded machine JVMs start late while the battery kills
     * and replaces children on its own clock, so a 20 s run can give its interrupters far less time
     * than a quiet one does (a fixed 200 reader interrupts once failed at 190). The children count
     * that time ({@link Counter#READING_INTERRUPTER_MILLIS}, {@link Counter#WRITING_INTERRUPTER_MILLIS}).
     * The rates owed are well below what runs on the shared two cores got: reading threads got 9 to
     * 11 interrupts per second of interrupter time (their interrupter turns every 5 to 80 ms), and 2
     * are owed; the writing thread got 17 to 34, most of them its own flag set before a commit,
     * which a slow disk makes rarer, and 1 is owed, what its interrupter alone delivers (a turn every
     * 0.1 to 1 s, the thread inside a call most of the time). Those runs gave the reading
     * interrupters 25 to 75 s and the writing one 5 to 8 s. A run that did nothing still fails: its
     * interrupters must have run at least the times below, and interrupters that ran without
     * landing interrupts owe them all the same.
     */
    private static final long READER_INTERRUPTS_PER_SECOND = 2;
    private static final long WRITER_INTERRUPTS_PER_SECOND = 1;
    private static final long MIN_READING_INTERRUPTER_MILLIS = 5_000;
    private static final long MIN_WRITING_INTERRUPTER_MILLIS = 1_000;

    @Test
    void itDidAsMuchAsItsScaleSays() {
        run.assertAtLeast(MultiProcessBattery.MIN_WRITER_KILLS, Counter.WRITER_KILLS);
        run.assertAtLeast(1, Counter.READER_KILLS);
        assertInterruptsFor(Counter.READER_INTERRUPTS, Counter.READING_INTERRUPTER_MILLIS, MIN_READING_INTERRUPTER_MILLIS,
                READER_INTERRUPTS_PER_SECOND);
        assertInterruptsFor(Counter.WRITER_INTERRUPTS, Counter.WRITING_INTERRUPTER_MILLIS, MIN_WRITING_INTERRUPTER_MILLIS,
                WRITER_INTERRUPTS_PER_SECOND);
        run.assertAtLeast(10, Counter.WRITE_OPENS_REFUSED);
        run.assertAtLeast(2_000, Counter.READS_CHECKED);
        run.assertAtLeast(MultiProcessBattery.MIN_RECHECKS, Counter.SNAPSHOTS_RECHECKED);
    }

    /** The interrupters ran at least {@code minMillis}, and landed {@code perSecond} interrupts for each second they ran. */
    private static void assertInterruptsFor(Counter interrupts, Counter interrupterMillis, long minMillis, long perSecond) {
        run.assertAtLeast(minMillis, interrupterMillis);
        long millis = run.count(interrupterMillis);
        run.assertAtLeast(millis * perSecond / 1000, interrupts,
                perSecond + " per second of the " + String.format("%.1f", millis / 1000.0) + " s the interrupters ran");
    }

    @Test
    void nothingElseBroke() {
        run.assertNothingBroke();
    }
}
