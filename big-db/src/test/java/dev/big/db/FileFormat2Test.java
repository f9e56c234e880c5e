package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.exchange.Exporter;
import dev.big.db.exchange.Importer;
import dev.big.engine.ReadTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.rows.RowCounts;
import dev.big.page.MetaPage;
import dev.big.testing.TestDirs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A file of format 2, written by the build before format 3 (commit 7bf6753), opened by this one:
 * it answers its counts from its cells, writes keep it format 2 without row counts, and
 * {@link Db#migrate} raises it to format 3 in one commit that counts every rows fragment, after
 * which every count answers from the kept counts and every write keeps them.
 *
 * <p>{@code format/format2-fields.big.gz} holds the records of {@link FileFormat1Test#format1Records}
 * (the same table, written the same way: records 0..39 in one bulk load, 40..59 in transactions of
 * 7, then {@code UPDATE events SET tags = ['z'], value = 999 WHERE id = 3} and {@code DELETE FROM
 * events WHERE id = 5}), with an order index on value made after the bulk load; the program that
 * wrote it is in {@code format/format2-fields.md}.
 */
class FileFormat2Test {

    private static final String TABLE = "events";

    @Test
    void aFormat2FileAnswersFromItsCellsUntilMigratedAndFromItsRowCountsAfter() throws IOException {
        Path file = FileFormat1Test.copyOfFixture("format/format2-fields.big.gz", TestDirs.newDir("format2").resolve("events.big"));
        assertEquals(List.of(2, 2), FileFormat1Test.slotVersions(file), "the fixture is a format-2 file");
        Map<Long, Map<String, Object>> expected = FileFormat1Test.format1Records();

        try (Db db = Db.open(file)) {
            assertEquals(2, db.formatVersion());
            FileFormat1Test.assertRecords(db, expected);
            assertCounts(db, expected);
            assertKeepsRowCounts(db, false);
            FileFormat1Test.assertClean(db);
            db.update(TABLE, 11, "type", "brand-new");
            expected.get(11L).put("type", "brand-new");
            db.update(TABLE, 14, "verified", true);
            expected.get(14L).put("verified", true);
            assertTrue(db.delete(TABLE, 12));
            expected.remove(12L);
            long id = db.append(TABLE, Row.of("type", "view", "verified", false, "value", 5L,
                    "received_at", Instant.ofEpochMilli(1_700_100_000_000L), "price", new BigDecimal("1.00")));
            expected.put(id, new HashMap<>(Map.of("type", "view", "verified", false, "value", 5L,
                    "received_at", Instant.ofEpochMilli(1_700_100_000_000L), "price", new BigDecimal("1.00"))));
            assertEquals(2, db.formatVersion(), "writing never converts the file");
            assertCounts(db, expected);
            assertKeepsRowCounts(db, false);
            FileFormat1Test.assertClean(db);
        }
        assertEquals(List.of(2, 2), FileFormat1Test.slotVersions(file));

        assertEquals(new FormatMigration(2, Inspection.FORMAT_VERSION_CURRENT), Db.migrate(file));
        try (Db db = Db.open(file)) {
            assertEquals(Inspection.FORMAT_VERSION_CURRENT, db.formatVersion());
            FileFormat1Test.assertRecords(db, expected);
            assertCounts(db, expected);
            assertKeepsRowCounts(db, true);
            FileFormat1Test.assertClean(db);
            db.update(TABLE, 20, "type", "buy");
            expected.get(20L).put("type", "buy");
            db.sql("UPDATE events SET verified = false WHERE type = 'click'");
            expected.values().stream().filter(r -> "click".equals(r.get("type"))).forEach(r -> r.put("verified", false));
            assertTrue(db.delete(TABLE, 30));
            expected.remove(30L);
            assertCounts(db, expected);
            assertKeepsRowCounts(db, true);
            FileFormat1Test.assertClean(db);

            // A stream carries no row counts but the record counts; the import counts the rows it writes.
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            Exporter.export(db, stream, "memory");
            Path copy = file.resolveSibling("imported.big");
            Importer.importStream(new ByteArrayInputStream(stream.toByteArray()), "memory", copy);
            try (Db imported = Db.open(copy)) {
                assertEquals(MetaPage.VERSION_CREATED, imported.formatVersion());
                FileFormat1Test.assertRecords(imported, expected);
                assertCounts(imported, expected);
                assertKeepsRowCounts(imported, true);
                FileFormat1Test.assertClean(imported);
            }
        }
    }

    /** One-value counts, group counts, count(DISTINCT) and count(*) against the records. */
    private static void assertCounts(Db db, Map<Long, Map<String, Object>> expected) {
        Map<String, Long> byType = new TreeMap<>();
        long verified = 0;
        for (Map<String, Object> record : expected.values()) {
            byType.merge(String.valueOf(record.get("type")), 1L, Long::sum);
            verified += Boolean.TRUE.equals(record.get("verified")) ? 1 : 0;
        }
        List<List<Object>> groups = new ArrayList<>();
        byType.forEach((type, count) -> groups.add(List.of(type, count)));
        assertEquals(groups, db.sql("SELECT type, count(*) FROM events GROUP BY type ORDER BY type").rows());
        assertEquals((long) expected.size(), db.sql("SELECT count(*) FROM events").scalar());
        assertEquals((long) byType.size(), db.sql("SELECT count(DISTINCT type) FROM events").scalar());
        assertEquals(verified, db.sql("SELECT count(*) FROM events WHERE verified").scalar());
        assertEquals(expected.size() - verified, db.sql("SELECT count(*) FROM events WHERE verified = false").scalar());
        for (var e : byType.entrySet()) {
            assertEquals(e.getValue(), db.sql("SELECT count(*) FROM events WHERE type = ?", e.getKey()).scalar(), e.getKey());
        }
        assertEquals(byType.getOrDefault("view", 0L) + byType.getOrDefault("buy", 0L),
                db.sql("SELECT count(*) FROM events WHERE type IN ('view', 'buy')").scalar());
    }

    /** Whether every rows fragment keeps its row counts (and they are its cells'), or none does. */
    private static void assertKeepsRowCounts(Db db, boolean kept) {
        List<Long> rowsFragments = new ArrayList<>();
        try (ReadTxn txn = db.store().beginRead()) {
            txn.forEachFragment(0, -1L, (key, summary) -> {
                if (Coords.viewOf(key) == Coords.VIEW_ROWS) {
                    rowsFragments.add(key);
                }
                return true;
            });
            assertFalse(rowsFragments.isEmpty());
            for (long key : rowsFragments) {
                RowCounts counts = RowCounts.of(txn, key);
                if (kept) {
                    assertNotNull(counts, "fragment " + Long.toHexString(key) + " keeps no row counts");
                    assertEquals(RowCounts.countCells(txn.fragment(key)), counts);
                } else {
                    assertNull(counts, "a format-2 file keeps no row counts");
                }
            }
        }
        assertEquals(kept, db.formatVersion() >= MetaPage.VERSION_ROW_COUNTS);
    }
}
