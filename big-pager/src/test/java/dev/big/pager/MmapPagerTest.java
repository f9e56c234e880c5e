package dev.big.pager;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.BigException;
import dev.big.page.BitmapPage;
import dev.big.page.DatabaseLockedException;
import dev.big.page.PageFormat;
import dev.big.testing.TestDirs;
import java.io.RandomAccessFile;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MmapPagerTest {

    @Test
    void pagesWrittenAreReadBackAfterReopen() throws Exception {
        Path file = TestDirs.newDir("mmap").resolve("a.big");
        Random random = new Random(1);
        MemorySegment[] written = new MemorySegment[20];
        try (MmapPager pager = MmapPager.open(file, OpenMode.CREATE_NEW)) {
            for (int i = 0; i < written.length; i++) {
                written[i] = Pages.randomBitmap(random);
                pager.write(i, written[i]);
            }
            pager.sync();
            pager.truncate(written.length);
        }
        assertEquals(20L * PageFormat.PAGE_SIZE_BYTES, Files.size(file));
        try (MmapPager pager = MmapPager.open(file, OpenMode.READ_ONLY)) {
            assertEquals(20, pager.pageCount());
            for (int i = 0; i < written.length; i++) {
                assertArrayEquals(written[i].toArray(PageFormat.BYTE), pager.read(i).toArray(PageFormat.BYTE));
            }
        }
    }

    @Test
    void aFileCutInTheMiddleOfAPageHasOnlyItsWholePages() throws Exception {
        Path file = TestDirs.newDir("mmap").resolve("cut.big");
        try (MmapPager pager = MmapPager.open(file, OpenMode.CREATE_NEW)) {
            for (int i = 0; i < 5; i++) {
                pager.write(i, Pages.branch(i, i));
            }
            pager.truncate(5);
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(3L * PageFormat.PAGE_SIZE_BYTES + 100);
        }
        try (MmapPager pager = MmapPager.open(file, OpenMode.READ_ONLY)) {
            assertEquals(3, pager.pageCount());
            var error = assertThrows(IllegalArgumentException.class, () -> pager.read(3));
            assertTrue(error.getMessage().contains("beyond the end"), error.getMessage());
        }
    }

    @Test
    void aSecondWriterIsRefusedWithAClearMessage() {
        Path file = TestDirs.newDir("mmap").resolve("lock.big");
        try (MmapPager pager = MmapPager.open(file, OpenMode.CREATE_NEW)) {
            pager.write(0, Pages.branch(0, 0));
            var error = assertThrows(DatabaseLockedException.class, () -> MmapPager.open(file, OpenMode.READ_WRITE));
            assertTrue(error.getMessage().contains("another handle in this process"), error.getMessage());
            try (MmapPager reader = MmapPager.open(file, OpenMode.READ_ONLY)) {
                assertTrue(reader.pageCount() >= 1);
            }
            // Neither the refusal nor the reader's close dropped the lock (a POSIX lock would be gone
            // with any closed descriptor of the file; big-reliability checks it from another process).
            assertThrows(DatabaseLockedException.class, () -> MmapPager.open(file, OpenMode.READ_WRITE));
            pager.write(1, Pages.branch(1, 0));
            pager.sync();
        }
        try (MmapPager again = MmapPager.open(file, OpenMode.READ_WRITE)) {
            assertTrue(again.pageCount() >= 1);
        }
    }

    @Test
    void missingAndExistingFilesGetClearErrors() {
        Path dir = TestDirs.newDir("mmap");
        var missing = assertThrows(BigException.class, () -> MmapPager.open(dir.resolve("nope.big"), OpenMode.READ_WRITE));
        assertTrue(missing.getMessage().contains("does not exist"), missing.getMessage());
        try (MmapPager pager = MmapPager.open(dir.resolve("x.big"), OpenMode.CREATE_NEW)) {
            pager.sync();
        }
        var exists = assertThrows(BigException.class, () -> MmapPager.open(dir.resolve("x.big"), OpenMode.CREATE_NEW));
        assertTrue(exists.getMessage().contains("already exists"), exists.getMessage());
    }

    @Test
    void aReadOnlyHandlesPinIsSeenByTheWriterUntilItIsClosed() {
        Path file = TestDirs.newDir("mmap").resolve("pins.big");
        try (MmapPager writer = MmapPager.open(file, OpenMode.CREATE_NEW)) {
            writer.write(0, Pages.branch(0, 0));
            MmapPager reader = MmapPager.open(file, OpenMode.READ_ONLY);
            MmapPager other = MmapPager.open(file, OpenMode.READ_ONLY);
            SnapshotPin first = reader.pinSnapshot(7);
            SnapshotPin second = other.pinSnapshot(7);
            assertFalse(writer.otherReaderOlderThan(7), "a reader of snapshot 7 does not hold commit 7's freed pages");
            assertTrue(writer.otherReaderOlderThan(8));
            first.close();
            reader.close();
            assertTrue(writer.otherReaderOlderThan(8), "the other handle's pin of the same snapshot stays");
            second.close();
            assertFalse(writer.otherReaderOlderThan(8));
            other.close();
            assertThrows(DatabaseLockedException.class, () -> MmapPager.open(file, OpenMode.READ_WRITE),
                    "closing read-only handles left the write lock in place");
        }
    }

    @Test
    void aPipeOrADirectoryIsRefusedWithoutWaiting() throws Exception {
        Path dir = TestDirs.newDir("mmap");
        Path fifo = dir.resolve("pipe.big");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor(), "mkfifo");
        for (Path notAFile : List.of(fifo, dir)) {
            for (OpenMode mode : List.of(OpenMode.READ_ONLY, OpenMode.READ_WRITE)) {
                var error = assertThrows(BigException.class, () -> MmapPager.open(notAFile, mode));
                assertTrue(error.getMessage().contains("not a regular file"), error.getMessage());
            }
        }
    }

    @Test
    @SuppressWarnings("try") // the pin is held for the block: that is the point
    void anInterruptedWriterDoesNotCloseTheFileForEveryone() throws Exception {
        Path file = TestDirs.newDir("mmap").resolve("interrupt.big");
        Random random = new Random(9);
        try (MmapPager pager = MmapPager.open(file, OpenMode.CREATE_NEW)) {
            pager.write(0, Pages.branch(0, 0));
            try (MmapPager reader = MmapPager.open(file, OpenMode.READ_ONLY); SnapshotPin pin = reader.pinSnapshot(7)) {
                assertEquals(List.of("WRITE-LOCKED", "PINNED"), LockInspector.inspect(file, 7));
                for (int round = 1; round < 50; round++) {
                    MemorySegment page = Pages.randomBitmap(random);
                    Thread.currentThread().interrupt();
                    pager.write(round, page);
                    pager.sync();
                    assertTrue(Thread.interrupted(), "the interrupt status is kept for the caller");
                    assertArrayEquals(page.toArray(PageFormat.BYTE), pager.read(round).toArray(PageFormat.BYTE));
                }
                assertEquals(List.of("WRITE-LOCKED", "PINNED"), LockInspector.inspect(file, 7),
                        "after interrupted writes, another process must still see the write lock and the reader's pin");
            }
            assertEquals(List.of("WRITE-LOCKED", "UNPINNED"), LockInspector.inspect(file, 7));
        }
        assertEquals(List.of("WRITE-FREE", "UNPINNED"), LockInspector.inspect(file, 7));
    }

    /** The memo lives in memory: a page damaged while the file was closed fails verification after reopening. */
    @Test
    void nothingSurvivesReopening() throws Exception {
        Path file = TestDirs.newDir("mmap").resolve("reopen.big");
        long checksum;
        try (MmapPager pager = MmapPager.open(file, OpenMode.CREATE_NEW)) {
            MemorySegment page = Pages.randomBitmap(new Random(6));
            pager.write(2, page);
            checksum = BitmapPage.checksum(page);
            assertTrue(pager.verifyBitmap(2, pager.read(2), checksum));
            pager.sync();
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(2L * PageFormat.PAGE_SIZE_BYTES + 100);
            int b = raf.read();
            raf.seek(2L * PageFormat.PAGE_SIZE_BYTES + 100);
            raf.write(b ^ 0x10);
        }
        try (MmapPager pager = MmapPager.open(file, OpenMode.READ_WRITE)) {
            assertFalse(pager.verifyBitmap(2, pager.read(2), checksum));
        }
    }
}
