package dev.big.reliability;

import dev.big.reliability.WriterOwnershipBattery.Check;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Concurrent writers: {@link WriterOwnershipBattery} at the fast scale has six writer threads make
 * {@code Scale.FAST.ownershipOperations()} writes of every kind (appends, ingest, INSERTs at ids
 * where appends take theirs, bulk loads with ids, puts, updates, deletes, transactions handed to
 * other threads, JDBC commits and aborts from other threads) beside a reader. The promises, one
 * test each: no id is acknowledged to two writers; every acknowledged write is there, after the
 * run and after a reopen; nothing unacknowledged is; every record read is whole; no writer hangs;
 * refusals are clear; check() is clean. The battery runs once, before the tests.
 */
@Tag("battery")
class WriterOwnershipBatteryTest {

    private static BatteryRun run;

    @BeforeAll
    static void runTheBattery() throws Exception {
        run = BatteryRun.fast(new WriterOwnershipBattery());
    }

    @Test
    void noIdIsGivenToTwoWriters() {
        run.assertHeld(Check.NO_ID_IS_GIVEN_TO_TWO_WRITERS);
    }

    @Test
    void everyAcknowledgedWriteIsThere() {
        run.assertHeld(Check.EVERY_ACKNOWLEDGED_WRITE_IS_THERE);
    }

    @Test
    void nothingUnacknowledgedIsThere() {
        run.assertHeld(Check.NOTHING_UNACKNOWLEDGED_IS_THERE);
    }

    @Test
    void everyRecordReadIsWhole() {
        run.assertHeld(Check.EVERY_RECORD_READ_IS_WHOLE);
    }

    @Test
    void noWriterHangs() {
        run.assertHeld(Check.NO_WRITER_HANGS);
    }

    @Test
    void refusalsAreClear() {
        run.assertHeld(Check.REFUSALS_ARE_CLEAR);
    }

    @Test
    void checkIsClean() {
        run.assertHeld(Check.CHECK_IS_CLEAN);
    }

    @Test
    void itWroteAsMuchAsItsScaleSays() {
        run.assertAtLeast(Scale.FAST.ownershipOperations(), Counter.OWNERSHIP_OPERATIONS);
    }

    @Test
    void nothingElseBroke() {
        run.assertNothingBroke();
    }
}
