package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.exchange.Exporter;
import dev.big.db.exchange.Importer;
import dev.big.engine.ReadTxn;
import dev.big.engine.Store;
import dev.big.engine.coords.Coords;
import dev.big.page.MetaPage;
import dev.big.testing.TestDirs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A file of format 5 opened by this build: every fragment has a root page of its own (what the
 * build before wrote; a format-5 file made by this build keeps writing them so), it stays format 5
 * until {@link Db#migrate}, which moves no fragment, and afterwards a fragment that a commit writes
 * to the pages is held inline in its roots entry when its one leaf fits there, while the others keep
 * their pages; its export imports with small fragments inline. Every record, dictionary value and
 * summary reads back the same throughout, across reopens, with a clean check (docs/versioning.md,
 * format 6).
 */
class FileFormat5Test {

    @Test
    void aFormat5FileKeepsItsRootPagesUntilMigratedAndWritten() {
        Path file = TestDirs.newDir("format5").resolve("events.big");
        Map<Long, String> expected;
        try (Db db = Db.of(Store.create(file, MetaPage.VERSION_INLINE_LEAVES - 1))) {
            expected = TwoShardEvents.fill(db);
        }
        try (Db db = Db.open(file)) {
            db.put("events", 100, Row.of("value", -5L, "type", "t9")); // closing checkpoints it
            expected.put(100L, "t9/-5");
        }
        Map<Long, String> summaries;
        try (Db db = Db.open(file)) {
            assertEquals(5, db.formatVersion());
            assertEquals(Map.of(0L, 2L), inlineByShard(db), "a format-5 file keeps every fragment on pages");
            TwoShardEvents.assertRecords(db, expected);
            summaries = summaries(db);
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            Exporter.export(db, stream, "format5");
            Path copy = file.resolveSibling("imported.big");
            Importer.importStream(new ByteArrayInputStream(stream.toByteArray()), "format5", copy);
            try (Db imported = Db.open(copy)) {
                assertEquals(MetaPage.VERSION_CURRENT, imported.formatVersion());
                assertEquals(Map.of(1L, 2L), inlineByShard(imported), "an import holds small fragments inline");
                TwoShardEvents.assertRecords(imported, expected);
                assertEquals(summaries, summaries(imported));
                assertTrue(imported.check().ok(), imported.check().toString());
            }
        }

        assertEquals(new FormatMigration(5, MetaPage.VERSION_CURRENT), Db.migrate(file));
        try (Db db = Db.open(file)) {
            assertEquals(MetaPage.VERSION_CURRENT, db.formatVersion());
            assertEquals(Map.of(0L, 2L), inlineByShard(db), "migrating moves no fragment");
            TwoShardEvents.assertRecords(db, expected);
            assertEquals(summaries, summaries(db));
            db.put("events", 101, Row.of("value", 7L, "type", "t1")); // shard 0; closing checkpoints it
            expected.put(101L, "t1/7");
        }
        try (Db db = Db.open(file)) {
            assertEquals(Map.of(0L, 1L, 1L, 1L), inlineByShard(db), "shard 0's fragments are written inline; shard 1's stay");
            TwoShardEvents.assertRecords(db, expected);
            assertEquals(-5L, db.sql("SELECT min(value) FROM events").scalar());
            assertEquals(39_000L, db.sql("SELECT max(value) FROM events").scalar());
            assertTrue(db.check().ok(), db.check().toString());
        }
    }

    /**
     * For each of the two shards' record fragments (fields of table events: existence, value and
     * type), whether they are held inline (1) or on pages (0), mapped to how many shards are so.
     */
    private static Map<Long, Long> inlineByShard(Db db) {
        Map<Long, Long> shards = new TreeMap<>();
        try (ReadTxn txn = db.store().beginRead()) {
            for (long shard = 0; shard < 2; shard++) {
                long inline = 0;
                long fragments = 0;
                for (long key : recordFragments(txn, shard)) {
                    fragments++;
                    inline += txn.isHeldInline(key) ? 1 : 0;
                }
                assertTrue(inline == 0 || inline == fragments, "shard " + shard + ": " + inline + " of " + fragments + " inline");
                shards.merge(inline == 0 ? 0L : 1L, 1L, Long::sum);
            }
        }
        return shards;
    }

    private static List<Long> recordFragments(ReadTxn txn, long shard) {
        List<Long> keys = new ArrayList<>();
        txn.forEachFragment(0, -1L, (key, summary) -> {
            if (Coords.shardOf(key) == shard && Coords.viewOf(key) <= Coords.VIEW_BSI) {
                keys.add(key);
            }
            return true;
        });
        assertTrue(keys.size() >= 3, "shard " + shard + " has fragments " + keys);
        return keys;
    }

    /** Every fragment's summary (zone maps, row counts), in hex. */
    private static Map<Long, String> summaries(Db db) {
        Map<Long, String> summaries = new TreeMap<>();
        try (ReadTxn txn = db.store().beginRead()) {
            txn.forEachFragment(0, -1L, (key, summary) -> {
                summaries.put(key, HexFormat.of().formatHex(summary));
                return true;
            });
        }
        return summaries;
    }
}
