package dev.big.reliability;

import dev.big.reliability.LoadBattery.Check;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Concurrency under load: {@link LoadBattery} at the fast scale has 2 to 8 reader threads count,
 * sum, group and read points while one writer ingests for {@code Scale.FAST.loadMillis()} ms,
 * stalls a reader inside a page read now and then, then lets the writer go on alone. The promises,
 * one test each: every read sees one commit; no reader and not the writer ever fails; a stalled
 * reader never blocks the writer; the writer commits under readers and alone; alone, the file
 * stops growing; {@code check()} is clean after the run. The battery runs once, before the tests; a
 * test fails if its check broke, or was never made.
 */
@Tag("battery")
class LoadBatteryTest {

    private static BatteryRun run;

    @BeforeAll
    static void runTheBattery() throws Exception {
        run = BatteryRun.fast(new LoadBattery());
    }

    @Test
    void everyReadSeesOneCommit() {
        run.assertHeld(Check.EVERY_READ_SEES_ONE_COMMIT);
    }

    @Test
    void noReaderEverFails() {
        run.assertHeld(Check.NO_READER_EVER_FAILS);
    }

    @Test
    void theWriterNeverFails() {
        run.assertHeld(Check.THE_WRITER_NEVER_FAILS);
    }

    @Test
    void aStalledReaderNeverBlocksTheWriter() {
        run.assertHeld(Check.A_STALLED_READER_NEVER_BLOCKS_THE_WRITER);
    }

    @Test
    void theWriterCommitsUnderReadersAndAlone() {
        run.assertHeld(Check.THE_WRITER_COMMITS_UNDER_READERS_AND_ALONE);
    }

    @Test
    void theFileStopsGrowingWithTheWriterAlone() {
        run.assertHeld(Check.THE_FILE_STOPS_GROWING_WITH_THE_WRITER_ALONE);
    }

    @Test
    void checkIsCleanAfterTheRun() {
        run.assertHeld(Check.CHECK_IS_CLEAN_AFTER_THE_RUN);
    }

    @Test
    void itCheckedThousandsOfReads() {
        run.assertAtLeast(1_000, Counter.READS_CHECKED);
    }

    @Test
    void nothingElseBroke() {
        run.assertNothingBroke();
    }
}
