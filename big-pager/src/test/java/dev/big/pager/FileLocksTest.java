package dev.big.pager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.DatabaseLockedException;
import dev.big.testing.TestDirs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The locks of pager handles as another process sees them ({@link LockInspector}), with both lock
 * implementations: whatever this process does with other handles of the file, a pin is held until
 * its reader closes it, and the write lock until its writer closes.
 */
class FileLocksTest {

    @AfterEach
    void defaultLocks() {
        System.clearProperty("big.locks");
    }

    @Test
    void linuxGetsOpenFileDescriptionLocks() throws Exception {
        Path file = TestDirs.newDir("locks").resolve("a.big");
        try (MmapPager pager = MmapPager.open(file, OpenMode.CREATE_NEW)) {
            pager.write(0, Pages.branch(0, 0));
        }
        FileLocks locks = FileLocks.open(file, OpenMode.READ_ONLY);
        try {
            assertEquals(System.getProperty("os.name").startsWith("Linux"), locks instanceof OfdLocks, locks.getClass().getName());
        } finally {
            locks.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ofd", "posix"})
    void aReaderOnlyHandlesPinIsHeldUntilItsReadEndsAndThenReleased(String locks) throws Exception {
        System.setProperty("big.locks", locks);
        Path file = newFile();
        try (MmapPager reader = MmapPager.open(file, OpenMode.READ_ONLY)) {
            SnapshotPin first = reader.pinSnapshot(5);
            SnapshotPin again = reader.pinSnapshot(5);
            assertEquals(List.of("WRITE-FREE", "PINNED"), LockInspector.inspect(file, 5));
            first.close();
            assertEquals(List.of("WRITE-FREE", "PINNED"), LockInspector.inspect(file, 5), "the second read of snapshot 5");
            again.close();
            assertEquals(List.of("WRITE-FREE", "UNPINNED"), LockInspector.inspect(file, 5));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ofd", "posix"})
    @SuppressWarnings("try") // the pins are held for their blocks: that is the point
    void closingAnotherHandleOrRefusingAWriteOpenKeepsEveryLock(String locks) throws Exception {
        System.setProperty("big.locks", locks);
        Path file = newFile();
        try (MmapPager reader = MmapPager.open(file, OpenMode.READ_ONLY); SnapshotPin pin = reader.pinSnapshot(3)) {
            try (MmapPager second = MmapPager.open(file, OpenMode.READ_ONLY); SnapshotPin other = second.pinSnapshot(4)) {
                assertTrue(second.pageCount() > 0);
            }
            assertEquals(List.of("WRITE-FREE", "PINNED"), LockInspector.inspect(file, 3), "closing a second handle");
            try (MmapPager writer = MmapPager.open(file, OpenMode.READ_WRITE)) {
                assertThrows(DatabaseLockedException.class, () -> MmapPager.open(file, OpenMode.READ_WRITE));
                assertEquals(List.of("WRITE-LOCKED", "PINNED"), LockInspector.inspect(file, 3), "a refused write open");
                assertTrue(writer.otherReaderOlderThan(4), "the writer sees the reader of snapshot 3");
                assertFalse(writer.otherReaderOlderThan(3));
            }
            assertEquals(List.of("WRITE-FREE", "PINNED"), LockInspector.inspect(file, 3), "the writer closed");
        }
        assertEquals(List.of("WRITE-FREE", "UNPINNED"), LockInspector.inspect(file, 3));
    }

    private static Path newFile() {
        Path file = TestDirs.newDir("locks").resolve("db.big");
        try (MmapPager pager = MmapPager.open(file, OpenMode.CREATE_NEW)) {
            pager.write(0, Pages.branch(0, 0));
            pager.sync();
        }
        return file;
    }
}
