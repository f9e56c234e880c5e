package dev.big.reliability;

import dev.big.reliability.HostileFileBattery.Check;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Hostile files: {@link HostileFileBattery} at the fast scale opens {@code Scale.FAST.hostileFiles()}
 * files that are not big databases this build can use (random bytes, truncated, future versions,
 * foreign, crafted meta pages, a directory, a device, a pipe) through the Java API, read-only and
 * read-write, and through {@code big stats}, {@code check} and {@code query}. The promises, one test
 * each: every open returns in time; a refusal is a {@code BigException} naming the file; a file
 * that opens after all answers what it holds; no hostile file is written; the command line refuses
 * with one clear line. The battery runs once, before the tests; a test fails if its check broke, or
 * was never made.
 */
@Tag("battery")
class HostileFileBatteryTest {

    private static BatteryRun run;

    @BeforeAll
    static void runTheBattery() throws Exception {
        run = BatteryRun.fast(new HostileFileBattery());
    }

    @Test
    void anOpenReturnsInTime() {
        run.assertHeld(Check.AN_OPEN_RETURNS_IN_TIME);
    }

    @Test
    void aRefusalIsABigExceptionNamingTheFile() {
        run.assertHeld(Check.A_REFUSAL_IS_A_BIG_EXCEPTION_NAMING_THE_FILE);
    }

    @Test
    void aFileThatOpensAnswersWhatItHolds() {
        run.assertHeld(Check.A_FILE_THAT_OPENS_ANSWERS_WHAT_IT_HOLDS);
    }

    @Test
    void aHostileFileIsLeftAsItWas() {
        run.assertHeld(Check.A_HOSTILE_FILE_IS_LEFT_AS_IT_WAS);
    }

    @Test
    void theCommandLineRefusesWithOneClearLine() {
        run.assertHeld(Check.THE_COMMAND_LINE_REFUSES_WITH_ONE_CLEAR_LINE);
    }

    @Test
    void itOpenedAsManyFilesAsItsScaleSays() {
        run.assertAtLeast(Scale.FAST.hostileFiles(), Counter.HOSTILE_FILES);
    }

    @Test
    void nothingElseBroke() {
        run.assertNothingBroke();
    }
}
