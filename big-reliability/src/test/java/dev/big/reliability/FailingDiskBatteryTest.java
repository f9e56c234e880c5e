package dev.big.reliability;

import dev.big.reliability.FaultRun.Check;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A failing disk never corrupts: {@link FailingDiskBattery} at the fast scale runs a workload of
 * {@code Scale.FAST.faultSteps()} commits once for every write failing, every write torn and every
 * sync failing, and on disks that fill up. The promises, one test each: the fault surfaces, as a
 * clear {@code StorageException}; the database then refuses writes saying to reopen, and still
 * reads its last commit; the file as the process left it reopens, at a commit whole, with a clean
 * {@code check()}, and takes a new commit. The battery runs once, before the tests; a test fails if
 * its check broke, or was never made.
 */
@Tag("battery")
class FailingDiskBatteryTest {

    private static BatteryRun run;

    @BeforeAll
    static void runTheBattery() throws Exception {
        run = BatteryRun.fast(new FailingDiskBattery());
    }

    @Test
    void theFaultSurfaces() {
        run.assertHeld(Check.THE_FAULT_SURFACES);
    }

    @Test
    void theErrorIsAClearStorageException() {
        run.assertHeld(Check.THE_ERROR_IS_A_CLEAR_STORAGE_EXCEPTION);
    }

    @Test
    void theFailedDatabaseRefusesWritesSayingToReopen() {
        run.assertHeld(Check.THE_FAILED_DATABASE_REFUSES_WRITES_SAYING_TO_REOPEN);
    }

    @Test
    void theFailedDatabaseReadsItsLastCommit() {
        run.assertHeld(Check.THE_FAILED_DATABASE_READS_ITS_LAST_COMMIT);
    }

    @Test
    void theCrashImageReopens() {
        run.assertHeld(Check.THE_CRASH_IMAGE_REOPENS);
    }

    @Test
    void itReopensAtACommitWhole() {
        run.assertHeld(Check.IT_REOPENS_AT_A_COMMIT_WHOLE);
    }

    @Test
    void checkIsCleanAfterReopening() {
        run.assertHeld(Check.CHECK_IS_CLEAN_AFTER_REOPENING);
    }

    @Test
    void itTakesANewCommit() {
        run.assertHeld(Check.IT_TAKES_A_NEW_COMMIT);
    }

    @Test
    void itInjectedEveryFault() {
        run.assertAtLeast(100, Counter.FAULTS);
        run.assertAtLeast(100, Counter.CRASH_IMAGES);
    }

    @Test
    void nothingElseBroke() {
        run.assertNothingBroke();
    }
}
