package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.BigException;
import dev.big.page.DatabaseLockedException;
import dev.big.testing.TestDirs;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * A file of format 1, written by the build before format 2 (commit b685d81), opened by this one:
 * it reads and writes as before and stays format 1 until {@link Db#migrate}, which raises it to
 * this build's format in one commit that adds what that format keeps (row counts) and changes
 * nothing else.
 *
 * <p>{@code format/format1-fields.big.gz} (gzipped: the file is mostly zeros) was made with that
 * build's command line: {@code big create} of table {@code events} (value int [-1000, 1000000],
 * type keyed, verified bool, received_at timestamp, tags set, price decimal(2)); {@code big load}
 * of records 0..39 in one bulk load, of records 40..59 in batches of 7; then, through
 * {@code big query}, {@code UPDATE events SET tags = ['z'], value = 999 WHERE id = 3} and
 * {@code DELETE FROM events WHERE id = 5}. Seven commits; {@link #format1Records} says what it holds.
 */
class FileFormat1Test {

    private static final String TABLE = "events";
    /** The version a migration raises a file to: this build's. */
    private static final int CURRENT = Inspection.FORMAT_VERSION_CURRENT;
    private static final List<String> FIELDS = List.of("value", "type", "verified", "received_at", "tags", "price");

    /** The records of the saved file, by id: field name to value (no key: no value). */
    static Map<Long, Map<String, Object>> format1Records() {
        List<String> types = List.of("click", "view", "buy", "share");
        List<Set<String>> tags = List.of(Set.of("a"), Set.of("a", "b"), Set.of(), Set.of("c"), Set.of("b", "c", "d"));
        Map<Long, Map<String, Object>> records = new TreeMap<>();
        for (long i = 0; i < 60; i++) {
            Map<String, Object> values = new HashMap<>();
            boolean first = i < 40;
            if (first || i % 7 != 0) {
                values.put("value", i * 37 - 500);
            }
            values.put("type", types.get((int) (i % 4)));
            values.put("verified", first ? i % 3 == 0 : i % 2 == 0);
            values.put("received_at", Instant.ofEpochMilli(1_700_000_000_000L + i * 60_000));
            if (first || i % 11 != 0) {
                values.put("tags", tags.get((int) (i % 5)));
            }
            values.put("price", new BigDecimal(first ? String.format("%d.%02d", i, i) : i + ".50"));
            records.put(i, values);
        }
        records.get(3L).put("tags", Set.of("z"));
        records.get(3L).put("value", 999L);
        records.remove(5L);
        return records;
    }

    @Test
    void aFormat1FileStaysFormat1UntilMigratedAndKeepsItsData() throws IOException {
        Path file = copyOfFixture(TestDirs.newDir("format1").resolve("events.big"));
        assertEquals(List.of(1, 1), slotVersions(file), "the fixture is a format-1 file");
        Map<Long, Map<String, Object>> expected = format1Records();

        try (Db db = Db.open(file)) {
            assertEquals(1, db.formatVersion());
            assertRecords(db, expected);
            assertClean(db);
            long id = db.append(TABLE, Row.of("value", 7L, "type", "view", "verified", true,
                    "received_at", Instant.ofEpochMilli(1_700_100_000_000L), "tags", List.of("a", "new"),
                    "price", new BigDecimal("1.25")));
            assertEquals(60, id, "appends go on after the older build's ids");
            expected.put(id, new HashMap<>(Map.of("value", 7L, "type", "view", "verified", true,
                    "received_at", Instant.ofEpochMilli(1_700_100_000_000L), "tags", Set.of("a", "new"),
                    "price", new BigDecimal("1.25"))));
            db.update(TABLE, 10, "tags", List.of());
            expected.get(10L).put("tags", Set.of());
            db.update(TABLE, 11, "type", "brand-new");
            expected.get(11L).put("type", "brand-new");
            assertTrue(db.delete(TABLE, 12));
            expected.remove(12L);
            assertEquals(1, db.formatVersion(), "writing never converts the file");
            assertRecords(db, expected);
            assertClean(db);
        }
        assertEquals(List.of(1, 1), slotVersions(file), "every commit to a format-1 file writes format 1");

        try (Db db = Db.open(file)) {
            assertEquals(1, db.formatVersion());
            assertRecords(db, expected);
            assertClean(db);
        }

        long txidBefore = Db.inspect(file).latestCommit().orElseThrow().txid();
        FormatMigration migration = Db.migrate(file);
        assertEquals(new FormatMigration(1, CURRENT), migration);
        assertTrue(migration.migrated());
        assertEquals("file format 1 -> " + CURRENT, migration.toString());
        Inspection.MetaSlot.Commit newest = Db.inspect(file).latestCommit().orElseThrow();
        // One commit, and in a file with a write log (format 4) the one its close seals it with (no change either).
        assertEquals(txidBefore + (CURRENT >= dev.big.page.MetaPage.VERSION_WRITE_LOG ? 2 : 1), newest.txid(), "one commit");
        assertEquals(CURRENT, newest.formatVersion());

        try (Db db = Db.open(file)) {
            assertEquals(CURRENT, db.formatVersion());
            assertRecords(db, expected);
            assertClean(db);
            db.update(TABLE, 13, "value", -13L);
            expected.get(13L).put("value", -13L);
        }
        assertEquals(List.of(CURRENT, CURRENT), slotVersions(file));

        FormatMigration again = Db.migrate(file);
        assertFalse(again.migrated());
        assertEquals("already format " + CURRENT, again.toString());
        long txid = Db.inspect(file).latestCommit().orElseThrow().txid();
        try (Db db = Db.openReadOnly(file)) {
            assertEquals(txid, db.store().txid(), "a file already current is not written");
            assertRecords(db, expected);
            assertClean(db);
        }
    }

    @Test
    void aReaderOfAnotherHandleFollowsTheMigration() throws IOException {
        Path file = copyOfFixture(TestDirs.newDir("format1-reader").resolve("events.big"));
        try (Db reader = Db.openReadOnly(file)) {
            Snapshot before = reader.read();
            assertEquals(1, before.commit().formatVersion());
            assertEquals(new FormatMigration(1, CURRENT), Db.migrate(file));
            try (Snapshot after = reader.read()) {
                assertEquals(CURRENT, after.commit().formatVersion());
                assertEquals(CURRENT, reader.formatVersion());
            }
            assertEquals(1, before.commit().formatVersion(), "a snapshot keeps the version of its commit");
            before.close();
        }
    }

    @Test
    void migrationIsRefusedWhileAnotherHandleWritesTheFile() throws IOException {
        Path file = copyOfFixture(TestDirs.newDir("format1-locked").resolve("events.big"));
        try (Db writer = Db.open(file)) {
            byte[] bytes = Files.readAllBytes(file);
            var e = assertThrows(DatabaseLockedException.class, () -> Db.migrate(file));
            assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
            assertTrue(Arrays.equals(bytes, Files.readAllBytes(file)), "a refused migration writes nothing");
            assertEquals(1, writer.formatVersion());
            assertEquals(new FormatMigration(1, CURRENT), writer.migrate(), "the handle that writes the file can migrate it");
            assertEquals(CURRENT, writer.formatVersion());
        }
        try (Db readOnly = Db.openReadOnly(file)) {
            var e = assertThrows(BigException.class, readOnly::migrate);
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
        }
    }

    static void assertRecords(Db db, Map<Long, Map<String, Object>> expected) {
        try (Snapshot snapshot = db.read()) {
            assertEquals(expected.size(), snapshot.count(TABLE));
            for (var e : expected.entrySet()) {
                Row record = snapshot.get(TABLE, e.getKey()).orElseThrow(() -> new AssertionError("no record " + e.getKey()));
                for (String name : FIELDS) {
                    Object want = e.getValue().get(name);
                    Object got = record.values().get(name);
                    String where = "record " + e.getKey() + " field " + name;
                    switch (want) {
                        case null -> assertNull(got, where);
                        case Set<?> set -> assertEquals(set, record.getSet(name), where);
                        case BigDecimal decimal -> assertEquals(0, decimal.compareTo(record.getDecimal(name)),
                                where + ": " + record.getDecimal(name));
                        case Integer small -> assertEquals(small.longValue(), got, where);
                        default -> assertEquals(want, got, where);
                    }
                }
            }
        }
    }

    static void assertClean(Db db) {
        CheckReport report = db.check();
        assertTrue(report.ok(), report.describe());
    }

    /** The format version of meta slots 0 and 1, as the file says. */
    static List<Integer> slotVersions(Path file) {
        return Db.inspect(file).metaSlots().stream()
                .map(slot -> slot instanceof Inspection.MetaSlot.Commit commit ? commit.formatVersion() : -1)
                .toList();
    }

    /** The saved format-1 file, unpacked to {@code target}. */
    static Path copyOfFixture(Path target) throws IOException {
        return copyOfFixture("format/format1-fields.big.gz", target);
    }

    /** A saved file of an older format ({@code resource}, gzipped), unpacked to {@code target}. */
    static Path copyOfFixture(String resource, Path target) throws IOException {
        try (InputStream packed = FileFormat1Test.class.getResourceAsStream("/" + resource)) {
            if (packed == null) {
                throw new IllegalStateException("test resource " + resource + " is missing");
            }
            try (InputStream in = new GZIPInputStream(packed)) {
                Files.copy(in, target);
            }
        }
        return target;
    }
}
