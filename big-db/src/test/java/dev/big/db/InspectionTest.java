package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Inspection.MetaSlot;
import dev.big.page.DatabaseLockedException;
import dev.big.testing.ChildJvm;
import dev.big.testing.TestDirs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link Db#inspect} reports a file's slots and size as they are on disk; {@link WriteLock} sees other writers. */
class InspectionTest {

    private static final List<TableDef> SCHEMA = List.of(TableDef.of("events", FieldDef.intField("value", 0, 1000)));

    @Test
    void bothSlotsHoldTheLastTwoCommitsAndThePagesAreTheFileSize() {
        Path file = TestDirs.newDir("inspect").resolve("two-commits.big");
        long txid;
        Metrics metrics;
        try (Db db = pagesOnly(file)) {
            db.append("events", Row.of("value", 1));
            db.append("events", Row.of("value", 2));
            try (Snapshot snapshot = db.read()) {
                txid = snapshot.txid();
            }
            metrics = db.metrics();
        }
        assertTrue(txid >= 2, "creating the table and two appends commit: " + txid);

        Inspection inspection = Db.inspect(file);
        assertEquals(file, inspection.file());
        assertEquals(sizeOf(file), inspection.fileSizeBytes());
        assertEquals(inspection.fileSizeBytes() / Inspection.PAGE_SIZE_BYTES, inspection.pageCount());
        assertEquals(metrics.pageCount(), inspection.pageCount(), "a closed file ends at its high-water mark");
        assertTrue(inspection.bigSignature());

        List<MetaSlot.Commit> commits = inspection.commits();
        assertEquals(List.of(txid, txid - 1), commits.stream().map(MetaSlot.Commit::txid).toList());
        for (MetaSlot.Commit commit : commits) {
            assertEquals(commit.txid() % 2, commit.slot(), "commit t lives in slot t % 2");
            assertEquals(commit, inspection.metaSlots().get(commit.slot()));
            assertEquals(PAGES_ONLY, commit.formatVersion());
        }
        MetaSlot.Commit latest = inspection.latestCommit().orElseThrow();
        assertEquals(txid, latest.txid());
        assertEquals(metrics.pageCount(), latest.pageCount());
        assertEquals(metrics.freePages(), latest.freePages());
    }

    @Test
    void aDamagedSlotIsInvalidButStillBigsAndTheOtherSlotIsTheLatestCommit() throws IOException {
        Path file = TestDirs.newDir("inspect").resolve("damaged.big");
        try (Db db = pagesOnly(file)) {
            db.append("events", Row.of("value", 1));
        }
        MetaSlot.Commit newest = Db.inspect(file).latestCommit().orElseThrow();
        byte[] bytes = Files.readAllBytes(file);
        bytes[newest.slot() * Inspection.PAGE_SIZE_BYTES + 200] ^= 0x01;
        Files.write(file, bytes);

        Inspection inspection = Db.inspect(file);
        MetaSlot.Invalid damaged = assertInstanceOf(MetaSlot.Invalid.class, inspection.metaSlots().get(newest.slot()));
        assertTrue(damaged.bigSignature());
        assertTrue(damaged.reason().startsWith("checksum failed: stored="), damaged.reason());
        assertEquals(newest.txid() - 1, inspection.latestCommit().orElseThrow().txid(), "an open falls back to the commit before");
        assertTrue(inspection.bigSignature());
    }

    @Test
    void anotherProgramsFileAndAShortFileHoldNoCommit() throws IOException {
        Path dir = TestDirs.newDir("inspect");
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "not a database.\n".repeat(1_030));
        Inspection foreign = Db.inspect(text);
        assertEquals(16_480, foreign.fileSizeBytes());
        assertEquals(2, foreign.pageCount(), "whole pages only");
        assertFalse(foreign.bigSignature());
        assertEquals(List.of(new MetaSlot.Invalid(0, false, "no big signature"), new MetaSlot.Invalid(1, false, "no big signature")),
                foreign.metaSlots());
        assertTrue(foreign.latestCommit().isEmpty());

        Path small = dir.resolve("small.big");
        Files.write(small, new byte[100]);
        Inspection shortFile = Db.inspect(small);
        assertEquals(100, shortFile.fileSizeBytes());
        assertEquals(0, shortFile.pageCount());
        assertEquals(new MetaSlot.Invalid(1, false, "past the end of the file (100 bytes)"), shortFile.metaSlots().get(1));
    }

    @Test
    void aWriterInAnotherProcessHoldsTheWriteLockAndInspectionStillReads() throws Exception {
        Path file = TestDirs.newDir("inspect").resolve("held.big");
        try (Db db = Db.create(file, SCHEMA)) {
            db.append("events", Row.of("value", 1));
        }
        Inspection before = Db.inspect(file);
        Process writer = ChildJvm.builder(64, HoldOpenForWriting.class, file.toString()).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("open", out.readLine(), "the child did not open the database");
            assertNull(WriteLock.tryAcquire(file), "another process has the file open for writing");
            assertEquals(before.commits(), Db.inspect(file).commits(), "inspecting takes no lock");
        } finally {
            writer.getOutputStream().close();
            assertTrue(writer.waitFor(60, TimeUnit.SECONDS), "the child did not exit");
        }
        assertEquals(0, writer.exitValue());

        try (WriteLock lock = WriteLock.tryAcquire(file)) {
            assertNotNull(lock, "the writer is gone");
            assertEquals(file, lock.file());
            assertThrows(DatabaseLockedException.class, () -> Db.open(file).close(), "held, the lock keeps writers out");
            assertNull(WriteLock.tryAcquire(file), "one hold at a time, in this process too");
            try (Db reader = Db.openReadOnly(file); Snapshot snapshot = reader.read()) {
                assertEquals(1, snapshot.count("events"), "readers are welcome");
            }
        }
        try (Db own = Db.open(file)) {
            assertNull(WriteLock.tryAcquire(file), "an open writer of this process holds it (" + own.schema().size() + " table)");
        }
    }

    /** A child JVM's main: opens the database for writing, says "open", and holds it until stdin closes. */
    static final class HoldOpenForWriting {
        @SuppressWarnings("try") // the database is held open, not used
        public static void main(String[] args) throws IOException {
            try (Db db = Db.open(Path.of(args[0]))) {
                System.out.println("open");
                System.out.flush();
                while (System.in.read() != -1) {
                    // Hold the database until the parent closes our stdin.
                }
            }
        }
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The format before the write log: every commit writes its meta page, which is what these tests
     * read (in a file with a log, small commits leave the meta slots to the next checkpoint).
     */
    private static final int PAGES_ONLY = dev.big.page.MetaPage.VERSION_WRITE_LOG - 1;

    private static Db pagesOnly(Path file) {
        Db db = Db.of(dev.big.engine.Store.create(file, PAGES_ONLY));
        SCHEMA.forEach(db::createTable);
        return db;
    }
}
