package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.exchange.Exporter;
import dev.big.db.exchange.Importer;
import dev.big.engine.ReadTxn;
import dev.big.engine.Store;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.coords.Coords;
import dev.big.page.MetaPage;
import dev.big.testing.TestDirs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A file of format 4 opened by this build: its zone maps are of version 1 (416 bytes each, what the
 * build before wrote; a format-4 file made by this build writes them so too), it stays format 4
 * until {@link Db#migrate}, which rewrites no zone map, and afterwards a fragment that is written
 * gets a compact zone map (version 2) while the others keep theirs; its export imports with compact
 * zone maps. Every record reads back the
 * same throughout, across reopens, with a clean check (docs/versioning.md, format 5).
 */
class FileFormat4Test {

    @Test
    void aFormat4FileKeepsItsZoneMapsUntilMigratedAndWritten() {
        Path file = TestDirs.newDir("format4").resolve("events.big");
        Map<Long, String> expected;
        try (Db db = Db.of(Store.create(file, MetaPage.VERSION_COMPACT_ZONE_MAPS - 1))) {
            expected = TwoShardEvents.fill(db);
        }
        try (Db db = Db.open(file)) {
            assertEquals(4, db.formatVersion());
            db.put("events", 100, Row.of("value", -5L, "type", "t9"));
            expected.put(100L, "t9/-5");
            assertEquals(List.of(1), zoneMapVersions(db), "a format-4 file writes version 1");
            TwoShardEvents.assertRecords(db, expected);
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            Exporter.export(db, stream, "format4");
            Path copy = file.resolveSibling("imported.big");
            Importer.importStream(new ByteArrayInputStream(stream.toByteArray()), "format4", copy);
            try (Db imported = Db.open(copy)) {
                assertEquals(MetaPage.VERSION_CURRENT, imported.formatVersion());
                assertEquals(List.of(2), zoneMapVersions(imported), "an import writes the zone maps its file holds");
                TwoShardEvents.assertRecords(imported, expected);
                assertTrue(imported.check().ok(), imported.check().toString());
            }
        }

        assertEquals(new FormatMigration(4, MetaPage.VERSION_CURRENT), Db.migrate(file));
        try (Db db = Db.open(file)) {
            assertEquals(MetaPage.VERSION_CURRENT, db.formatVersion());
            assertEquals(List.of(1), zoneMapVersions(db), "migrating rewrites no zone map");
            TwoShardEvents.assertRecords(db, expected);
            db.put("events", 101, Row.of("value", 7L, "type", "t1")); // shard 0
            expected.put(101L, "t1/7");
            assertEquals(List.of(1, 2), zoneMapVersions(db), "shard 0's are written again, compact; shard 1's stay");
            TwoShardEvents.assertRecords(db, expected);
            assertTrue(db.check().ok(), db.check().toString());
        }
        try (Db db = Db.open(file)) {
            TwoShardEvents.assertRecords(db, expected);
            assertEquals(-5L, db.sql("SELECT min(value) FROM events").scalar());
            assertEquals(39_000L, db.sql("SELECT max(value) FROM events").scalar());
            assertTrue(db.check().ok(), db.check().toString());
        }
    }

    /** The zone map versions the file's bit-sliced fragments hold, each once, ascending. */
    private static List<Integer> zoneMapVersions(Db db) {
        TreeMap<Integer, Integer> versions = new TreeMap<>();
        try (ReadTxn txn = db.store().beginRead()) {
            txn.forEachFragment(0, -1L, (key, summary) -> {
                if (Coords.viewOf(key) == Coords.VIEW_BSI && summary.length > 0) {
                    ZoneMap.decode(summary); // readable, whichever version
                    int version = summary[0];
                    assertTrue(version == 2 || summary.length == ZoneMap.FIXED_SIZE_BYTES, "version 1 is 416 bytes");
                    versions.merge(version, 1, Integer::sum);
                }
                return true;
            });
        }
        return new ArrayList<>(versions.keySet());
    }
}
