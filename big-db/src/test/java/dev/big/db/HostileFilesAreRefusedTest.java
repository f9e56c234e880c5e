package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.BigException;
import dev.big.page.FormatVersionException;
import dev.big.page.MetaPage;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import dev.big.testing.TestDirs;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Files that are not big databases, or not ones this build can read: each open is refused with a
 * clear message, quickly, and the file is left byte for byte as it was (opened read-write or not).
 */
class HostileFilesAreRefusedTest {

    @Test
    void randomBytesAreNotABigDatabase() throws Exception {
        byte[] bytes = new byte[5 * PageFormat.PAGE_SIZE_BYTES];
        new Random(1).nextBytes(bytes);
        assertRefused("random.big", bytes, "not a big database");
    }

    @Test
    void aZeroLengthFileIsRefused() throws Exception {
        assertRefused("empty.big", new byte[0], "is empty");
    }

    @Test
    void anotherProgramsFileIsRefused() throws Exception {
        byte[] zip = new byte[3 * PageFormat.PAGE_SIZE_BYTES];
        zip[0] = 'P';
        zip[1] = 'K';
        zip[2] = 3;
        zip[3] = 4;
        assertRefused("archive.zip", zip, "not a big database");
        byte[] text = "id,value\n1,2\n".repeat(3000).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertRefused("data.csv", text, "not a big database");
    }

    @Test
    void aTruncatedFileIsRefused() throws Exception {
        byte[] whole = populated();
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 3 * PageFormat.PAGE_SIZE_BYTES - 100);
        assertRefused("cut.big", cut, "truncated");
        assertRefused("tiny.big", java.util.Arrays.copyOf(whole, 5000), "too short");
    }

    @Test
    void aFileFromAFutureVersionIsRefusedByVersion() throws Exception {
        byte[] bytes = populated();
        for (int slot = 0; slot < MetaPage.SLOTS; slot++) {
            MemorySegment page = MemorySegment.ofArray(bytes).asSlice((long) slot * PageFormat.PAGE_SIZE_BYTES, PageFormat.PAGE_SIZE_BYTES);
            if (MetaPage.hasSignature(page)) {
                page.set(PageFormat.LE_SHORT, PageHeader.VERSION_OFFSET, (short) (MetaPage.VERSION_CURRENT + 1));
                PageHeader.seal(page);
            }
        }
        Path file = write("future.big", bytes);
        var error = assertThrows(FormatVersionException.class, () -> Db.open(file));
        assertTrue(error.getMessage().contains("format version " + (MetaPage.VERSION_CURRENT + 1))
                && error.getMessage().contains("newer big"), error.getMessage());
        assertArrayEquals(bytes, Files.readAllBytes(file), "a refused file must not be written");
    }

    /**
     * How a build that reads only the format before sees a file a newer build migrated: the newest
     * meta slot says the newer version, the other the older one. Emulated one version up (this
     * build reads {@link MetaPage#VERSION_START} to {@link MetaPage#VERSION_CURRENT}): the open is
     * refused by version, naming the version found and the range read, and no commit of the file
     * is opened instead, not even the older one still in the other slot.
     */
    @Test
    void aFileMigratedByANewerBuildIsRefusedByVersion() throws Exception {
        byte[] bytes = populated();
        MemorySegment[] slots = new MemorySegment[MetaPage.SLOTS];
        for (int slot = 0; slot < MetaPage.SLOTS; slot++) {
            slots[slot] = MemorySegment.ofArray(bytes).asSlice((long) slot * PageFormat.PAGE_SIZE_BYTES, PageFormat.PAGE_SIZE_BYTES);
        }
        MemorySegment newest = MetaPage.read(slots[0]).txid() > MetaPage.read(slots[1]).txid() ? slots[0] : slots[1];
        int newer = MetaPage.VERSION_CURRENT + 1;
        newest.set(PageFormat.LE_SHORT, PageHeader.VERSION_OFFSET, (short) newer);
        PageHeader.seal(newest);
        Path file = write("migrated-by-newer.big", bytes);
        for (boolean readOnly : new boolean[] {false, true}) {
            var error = assertThrows(FormatVersionException.class, () -> (readOnly ? Db.openReadOnly(file) : Db.open(file)).close());
            assertEquals(newer, error.found());
            assertEquals(MetaPage.VERSION_START, error.supportedFrom());
            assertEquals(MetaPage.VERSION_CURRENT, error.supportedTo());
            assertTrue(error.getMessage().contains(file + " has format version " + newer + ", this build of big reads versions "
                    + MetaPage.VERSION_START + " to " + MetaPage.VERSION_CURRENT), error.getMessage());
        }
        assertThrows(FormatVersionException.class, () -> Db.migrate(file), "a newer file is not migrated down");
        assertEquals(newer, Db.inspect(file).latestCommit().orElseThrow().formatVersion(), "inspection still describes it");
        assertArrayEquals(bytes, Files.readAllBytes(file), "a refused file must not be written");
    }

    /** A read-only open of a named pipe blocked in open(2) until a writer opened the pipe: forever. */
    @Test
    void aNamedPipeIsRefusedWithoutWaitingForAWriter() throws Exception {
        Path fifo = TestDirs.newDir("hostile").resolve("pipe.big");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor(), "mkfifo");
        for (boolean readOnly : new boolean[] {true, false}) {
            var error = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThrows(BigException.class,
                    () -> (readOnly ? Db.openReadOnly(fifo) : Db.open(fifo)).close()), "opening a named pipe");
            assertTrue(error.getMessage().contains(fifo.toString()), error.getMessage());
        }
    }

    private static byte[] populated() throws Exception {
        Path file = TestDirs.newDir("hostile").resolve("good.big");
        try (Db db = Db.create(file, List.of(TableDef.of("t", FieldDef.intField("v"))))) {
            for (int i = 0; i < 50; i++) {
                db.append("t", Row.of("v", (long) i));
            }
        }
        return Files.readAllBytes(file);
    }

    private static Path write(String name, byte[] bytes) throws Exception {
        Path file = TestDirs.newDir("hostile").resolve(name);
        Files.write(file, bytes);
        return file;
    }

    private static void assertRefused(String name, byte[] bytes, String expected) throws Exception {
        Path file = write(name, bytes);
        for (boolean readOnly : new boolean[] {false, true}) {
            var error = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(BigException.class,
                    () -> (readOnly ? Db.openReadOnly(file) : Db.open(file)).close()));
            assertTrue(error.getMessage().contains(expected) && error.getMessage().contains(file.toString()),
                    name + ": " + error.getMessage());
            assertArrayEquals(bytes, Files.readAllBytes(file), name + ": a refused file must not be written");
        }
    }
}
