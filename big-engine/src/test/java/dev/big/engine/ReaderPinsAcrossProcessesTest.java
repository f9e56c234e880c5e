package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.DatabaseLockedException;
import dev.big.page.StorageException;
import dev.big.testing.TestDirs;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A read-only handle pins the commit it reads, so a writer in another process keeps that commit's
 * pages; the pin must hold whatever else the reader's process does with the file, and be gone
 * when the read ends. Run with the default locks; {@link ReaderPinsWithPosixLocksTest} runs the
 * same with the POSIX fallback.
 */
@Tag("child-jvm")
class ReaderPinsAcrossProcessesTest {

    private static final int COMMITS = 300;

    @Test
    void aReaderProcessThatReadOnceAndIdlesDoesNotStopPageReuse() throws Exception {
        long alone = growth(TestDirs.newDir("pins").resolve("alone.big"), false);
        long withIdleReader = growth(TestDirs.newDir("pins").resolve("idle.big"), true);
        assertTrue(withIdleReader <= 2 * alone + 8, "an idle reader process that ended its only read made the file"
                + " grow by " + withIdleReader + " pages over " + COMMITS + " commits, against " + alone + " without it");
    }

    /** Pages the file grows by over {@link #COMMITS} commits, with or without a reader process that read once. */
    private static long growth(Path file, boolean idleReader) throws Exception {
        try (Store writer = Store.create(file)) {
            StampedCommits.writeCommit(writer, 1);
            Child reader = null;
            if (idleReader) {
                reader = Child.start("reader", file);
                assertEquals("READY", reader.answer());
                assertEquals("SEEN 1", reader.ask("begin"));
                assertEquals("ENDED", reader.ask("end"));
            }
            long before = writer.pageCount();
            for (int i = 2; i <= COMMITS + 1; i++) {
                StampedCommits.writeCommit(writer, i);
            }
            if (reader != null) {
                reader.close();
            }
            return writer.pageCount() - before;
        }
    }

    @Test
    void closingASecondReadOnlyHandleKeepsTheFirstHandlesPin() throws Exception {
        Path file = TestDirs.newDir("pins").resolve("db.big");
        try (Store writer = Store.create(file)) {
            StampedCommits.writeCommit(writer, 1);
            try (Child reader = Child.start("reader", file)) {
                assertEquals("READY", reader.answer());
                assertEquals("SEEN 1", reader.ask("begin"));
                assertEquals("SECOND 1", reader.ask("second"));
                for (int i = 2; i <= COMMITS; i++) {
                    StampedCommits.writeCommit(writer, i);
                }
                assertEquals("SEEN 1", reader.ask("check"), "the first handle's snapshot changed under it");
                assertEquals("SECOND " + COMMITS, reader.ask("second"));
                assertEquals("SEEN 1", reader.ask("check"));
            }
        }
    }

    @Test
    void aRefusedWriteOpenKeepsThePinsOfItsProcess() throws Exception {
        Path file = TestDirs.newDir("pins").resolve("db.big");
        try (Store creator = Store.create(file)) {
            StampedCommits.writeCommit(creator, 1);
        }
        try (Child writer = Child.start("writer", file); Store reader = Store.openReadOnly(file)) {
            assertEquals("READY 1", writer.answer());
            try (ReadTxn held = reader.beginRead()) {
                assertEquals(1, StampedCommits.observedCommit(held));
                assertThrows(DatabaseLockedException.class, () -> Store.open(file));
                assertTrue(writer.ask("commit " + COMMITS).startsWith("COMMITTED " + (COMMITS + 1)));
                assertEquals(1, StampedCommits.observedCommit(held), "the snapshot's pages were reused under it");
            }
        }
    }

    @Test
    void aReadThatCannotTakeItsPinRetriesThenFailsInsteadOfReadingUnpinned() throws Exception {
        Path file = TestDirs.newDir("pins").resolve("db.big");
        try (Store creator = Store.create(file)) {
            StampedCommits.writeCommit(creator, 1);
        }
        try (Child foreign = Child.start("foreign-lock", file); Store reader = Store.openReadOnly(file)) {
            assertEquals("HELD", foreign.answer());
            long start = System.nanoTime();
            StorageException error = assertThrows(StorageException.class, reader::beginRead);
            long waitedMillis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(error.getMessage().contains("pin"), error.getMessage());
            assertTrue(waitedMillis >= 500, "gave up after " + waitedMillis + " ms without retrying");
        }
    }
}
