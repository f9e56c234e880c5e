package dev.big.reliability;

import dev.big.reliability.LifecycleBattery.Check;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Lifecycle: {@link LifecycleBattery} at the fast scale opens, appends and closes a database
 * {@code Scale.FAST.lifecycleCycles()} times under live readers, closes under an idle snapshot, tries
 * second writers, and follows a writing child process with read-only handles. The promises, one
 * test each: a read around a close is right or fails as closed; every cycle's record survives and
 * {@code check()} is clean after the cycles; close under an idle snapshot ends it cleanly; a second
 * writer is refused as locked, and the locked-out process still reads; a read-only handle follows a
 * writing process, each read is one commit, sees every acknowledged record, and counts never go
 * back. The battery runs once, before the tests; a test fails if its check broke, or was never made.
 */
@Tag("battery")
class LifecycleBatteryTest {

    private static BatteryRun run;

    @BeforeAll
    static void runTheBattery() throws Exception {
        run = BatteryRun.fast(new LifecycleBattery());
    }

    @Test
    void aReadAroundACloseIsRightOrFailsAsClosed() {
        run.assertHeld(Check.A_READ_AROUND_A_CLOSE_IS_RIGHT_OR_FAILS_AS_CLOSED);
    }

    @Test
    void everyCyclesRecordSurvives() {
        run.assertHeld(Check.EVERY_CYCLES_RECORD_SURVIVES);
    }

    @Test
    void checkIsCleanAfterTheCycles() {
        run.assertHeld(Check.CHECK_IS_CLEAN_AFTER_THE_CYCLES);
    }

    @Test
    void closeUnderAnIdleSnapshotEndsItCleanly() {
        run.assertHeld(Check.CLOSE_UNDER_AN_IDLE_SNAPSHOT_ENDS_IT_CLEANLY);
    }

    @Test
    void aSecondWriterIsRefusedAsLocked() {
        run.assertHeld(Check.A_SECOND_WRITER_IS_REFUSED_AS_LOCKED);
    }

    @Test
    void aLockedOutProcessStillReads() {
        run.assertHeld(Check.A_LOCKED_OUT_PROCESS_STILL_READS);
    }

    @Test
    void aReadOnlyHandleFollowsAWritingProcess() {
        run.assertHeld(Check.A_READ_ONLY_HANDLE_FOLLOWS_A_WRITING_PROCESS);
    }

    @Test
    void aReadOnlyReadIsOneCommit() {
        run.assertHeld(Check.A_READ_ONLY_READ_IS_ONE_COMMIT);
    }

    @Test
    void aReadOnlyReadSeesEveryAcknowledgedRecord() {
        run.assertHeld(Check.A_READ_ONLY_READ_SEES_EVERY_ACKNOWLEDGED_RECORD);
    }

    @Test
    void readOnlyCountsNeverGoBack() {
        run.assertHeld(Check.READ_ONLY_COUNTS_NEVER_GO_BACK);
    }

    @Test
    void itCycledAsOftenAsItsScaleSays() {
        run.assertAtLeast(Scale.FAST.lifecycleCycles() + 4, Counter.LIFECYCLE);
    }

    @Test
    void nothingElseBroke() {
        run.assertNothingBroke();
    }
}
