package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.Store;
import dev.big.page.MetaPage;
import dev.big.page.PageClass;
import dev.big.pager.LogFile;
import dev.big.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A file of format 3 (pages only, no write log) opened by this build: it keeps writing its pages
 * and stays format 3, with no log beside it, until {@link Db#migrate} raises it to the current format in one
 * commit; afterwards a small commit goes to the log (a log page, no page of the file), and every
 * record reads back the same before and after, across reopens, with a clean check. The pages of a
 * format-3 file are what the build before wrote: format 4 changes no page layout, only where small
 * commits go (docs/versioning.md).
 */
class FileFormat3Test {

    private static final TableDef TABLE = new TableDef("events", List.of(
            FieldDef.intField("value"), FieldDef.keyed("type"), FieldDef.bool("verified")));

    @Test
    void aFormat3FileWritesItsPagesUntilMigratedAndItsLogAfter() {
        Path file = TestDirs.newDir("format3").resolve("events.big");
        Map<Long, String> expected = new TreeMap<>();
        try (Db db = Db.of(Store.create(file, MetaPage.VERSION_WRITE_LOG - 1))) {
            db.createTable(TABLE);
            for (int i = 0; i < 30; i++) {
                long id = db.append("events", Row.of("value", (long) i, "type", "t" + i % 3, "verified", i % 2 == 0));
                expected.put(id, "t" + i % 3 + "/" + i);
            }
        }
        try (Db db = Db.open(file)) {
            assertEquals(3, db.formatVersion());
            long id = db.append("events", Row.of("value", 100L, "type", "t9", "verified", true));
            expected.put(id, "t9/100");
            assertTrue(db.metrics().lastCommit().pagesWritten(PageClass.DATA) > 0, "a format-3 file commits to its pages");
            assertEquals(0, db.metrics().lastCommit().pagesWritten(PageClass.LOG));
            assertRecords(db, expected);
        }
        assertFalse(Files.exists(LogFile.pathFor(file)), "a format-3 file gets no log beside it");

        assertEquals(new FormatMigration(3, MetaPage.VERSION_CURRENT), Db.migrate(file));
        try (Db db = Db.open(file)) {
            assertEquals(MetaPage.VERSION_CURRENT, db.formatVersion());
            assertRecords(db, expected);
            long id = db.append("events", Row.of("value", 101L, "type", "t1", "verified", false));
            expected.put(id, "t1/101");
            assertEquals(0, db.metrics().lastCommit().pagesWritten(PageClass.DATA), "a small commit writes no page");
            assertTrue(db.metrics().lastCommit().pagesWritten(PageClass.LOG) >= 1, "it goes to the log");
            db.update("events", 0, "type", "t7");
            expected.put(0L, "t7/0");
            assertRecords(db, expected);
            assertTrue(db.check().ok(), db.check().toString());
        }
        try (Db db = Db.open(file)) {
            assertRecords(db, expected);
            assertTrue(db.check().ok(), db.check().toString());
        }
    }

    private static void assertRecords(Db db, Map<Long, String> expected) {
        Map<Long, String> found = new TreeMap<>();
        for (List<Object> row : db.sql("SELECT id, type, value FROM events ORDER BY id").rows()) {
            found.put(((Number) row.get(0)).longValue(), row.get(1) + "/" + row.get(2));
        }
        assertEquals(expected, found);
    }
}
