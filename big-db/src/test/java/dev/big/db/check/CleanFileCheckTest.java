package dev.big.db.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.CheckReport;
import dev.big.db.Db;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The semantic checks have no false positives: a database that went through every kind of write
 * (see {@link WellUsedDatabase}) checks clean, on the handle that wrote it and on a fresh
 * read-only open, and stays clean after more writes on top.
 */
class CleanFileCheckTest {

    @Test
    void aWellUsedDatabaseChecksClean() {
        Path file = CheckFixture.copy("clean");
        CheckReport report = CheckFixture.check(file);
        assertTrue(report.ok(), report.describe());
        assertEquals(0, report.problems().size());
    }

    @Test
    void theWritingHandleChecksCleanAfterMoreWrites() {
        Path file = CheckFixture.copy("clean-writer");
        try (Db db = Db.open(file)) {
            assertTrue(db.check().ok(), db.check().describe());
            db.delete(WellUsedDatabase.EVENTS, 0);
            db.update(WellUsedDatabase.OTHER, 1, "n", 77);
            db.dropField(WellUsedDatabase.EVENTS, "tags");
            CheckReport report = db.check();
            assertTrue(report.ok(), report.describe());
        }
        assertTrue(CheckFixture.check(file).ok(), CheckFixture.check(file).describe());
    }
}
