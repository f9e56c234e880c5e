package dev.big.reliability;

import org.junit.jupiter.api.Test;

/**
 * Many processes, one file ({@link MultiProcessBattery}): one writer process, reader processes
 * with long-lived and short-lived read-only handles, random thread interrupts in all of them,
 * refused write opens, SIGKILLs. The run fails on any finding: a second writer admitted (a write
 * open from a reader process, the writer's own, or this one succeeding while the writer lives), a
 * snapshot whose answers change while it is open or break the workload's invariants, a read that
 * misses an acknowledged batch, a call that was not interrupted failing (or an interrupted one
 * failing with anything but a clear {@code BigException}), an acknowledged batch missing or a batch
 * half-applied after a kill, a {@code check()} that is not clean, and the file growing while the only
 * reader process idles after one read. And it fails if it did less than that: fewer kills,
 * interrupts, refusals, reads or re-asked snapshots than below.
 */
class MultiProcessBatteryTest {

    @Test
    void readersInOtherProcessesKeepTheirSnapshotsAndTheWriterStaysAlone() throws Exception {
        Tally tally = BatteryAssertions.runFast(new MultiProcessBattery());
        BatteryAssertions.assertAtLeast(MultiProcessBattery.MIN_WRITER_KILLS, tally, Counter.WRITER_KILLS);
        BatteryAssertions.assertAtLeast(1, tally, Counter.READER_KILLS);
        BatteryAssertions.assertAtLeast(200, tally, Counter.READER_INTERRUPTS);
        BatteryAssertions.assertAtLeast(10, tally, Counter.WRITER_INTERRUPTS);
        BatteryAssertions.assertAtLeast(10, tally, Counter.WRITE_OPENS_REFUSED);
        BatteryAssertions.assertAtLeast(2_000, tally, Counter.READS_CHECKED);
        BatteryAssertions.assertAtLeast(MultiProcessBattery.MIN_RECHECKS, tally, Counter.SNAPSHOTS_RECHECKED);
    }
}
