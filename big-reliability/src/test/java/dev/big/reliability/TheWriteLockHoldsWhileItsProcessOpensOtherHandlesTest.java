package dev.big.reliability;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.page.DatabaseLockedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Whatever else the writer's process opens and closes of its file, another process stays locked
 * out. The write lock was a POSIX record lock, which closing any descriptor of the file drops for
 * the whole process: a refused second {@code Db.open}, or a read-only handle opened and closed, in
 * the writer's process let another process open the file for writing, and two writers corrupt it.
 * Another process is needed to see it: a lock never stops its own process.
 */
class TheWriteLockHoldsWhileItsProcessOpensOtherHandlesTest {

    private Path dir;

    @BeforeEach
    void newDir() {
        dir = WorkDirs.newDir("write-lock");
    }

    @AfterEach
    void deleteDir() {
        WorkDirs.delete(dir);
    }

    @Test
    void aRefusedSecondOpenInTheWritersProcessKeepsTheLock() throws Exception {
        Path file = dir.resolve("refused.big");
        try (Db writer = Db.create(file, List.of(EventRecords.table()))) {
            writer.append(EventRecords.TABLE, EventRecords.record(0));
            assertThrows(DatabaseLockedException.class, () -> Db.open(file).close(), "a second Db.open in the writer's process");
            assertAnotherProcessIsLockedOut(file, "after a refused second Db.open in the writer's process");
        }
    }

    @Test
    void aReadOnlyHandleOpenedAndClosedInTheWritersProcessKeepsTheLock() throws Exception {
        Path file = dir.resolve("read-only.big");
        try (Db writer = Db.create(file, List.of(EventRecords.table()))) {
            writer.append(EventRecords.TABLE, EventRecords.record(0));
            Db.openReadOnly(file).close();
            assertAnotherProcessIsLockedOut(file, "after a read-only handle was opened and closed in the writer's process");
        }
    }

    /** Runs {@link LockProbeChild}, which tries {@code Db.open} of {@code file} from another process. */
    private void assertAnotherProcessIsLockedOut(Path file, String after) throws Exception {
        Path report = dir.resolve(file.getFileName() + ".report");
        Path log = dir.resolve(file.getFileName() + ".log");
        Process child = ChildJvm.builder(LockProbeChild.class, file.toString(), report.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the probing process did not finish within 120 s");
        String said = Acks.read(report).error();
        assertTrue(said != null && said.startsWith("LOCKED "), after + ", another process's Db.open: " + said + "; its output: "
                + Files.readString(log));
    }
}
