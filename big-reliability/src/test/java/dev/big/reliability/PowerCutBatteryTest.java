package dev.big.reliability;

import dev.big.reliability.FaultRun.Check;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Crash anywhere, simulated: {@link PowerCutBattery} at the fast scale stops the fault workload at
 * a random write or sync and rebuilds the file as a power cut then would leave it (unsynced writes
 * dropped, kept at random with one torn, or all kept), {@code Scale.FAST.crashImages()} times. The
 * promises, one test each: the fault surfaces; every crash image reopens, at a commit whole, with a
 * clean {@code check()}, and takes a new commit. The battery runs once, before the tests; a test
 * fails if its check broke, or was never made.
 */
@Tag("battery")
class PowerCutBatteryTest {

    private static BatteryRun run;

    @BeforeAll
    static void runTheBattery() throws Exception {
        run = BatteryRun.fast(new PowerCutBattery());
    }

    @Test
    void theFaultSurfaces() {
        run.assertHeld(Check.THE_FAULT_SURFACES);
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
    void itReopenedAsManyImagesAsItsScaleSays() {
        run.assertAtLeast(Scale.FAST.crashImages(), Counter.CRASH_IMAGES);
    }

    @Test
    void nothingElseBroke() {
        run.assertNothingBroke();
    }
}
