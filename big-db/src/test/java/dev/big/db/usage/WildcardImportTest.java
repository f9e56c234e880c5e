package dev.big.db.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.*;
import dev.big.testing.TestDirs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The API as an application outside big's packages uses it, through {@code import dev.big.db.*}:
 * that import once failed to compile ("reference to Record is ambiguous" with java.lang.Record),
 * so this file compiling is half the test.
 */
class WildcardImportTest {

    @Test
    void deleteSaysWhetherTheRecordExisted() {
        try (Db db = Db.create(TestDirs.newDir("wildcard-import").resolve("events.big"),
                List.of(TableDef.of("events", FieldDef.intField("value"), FieldDef.keyed("type"))))) {
            long id = db.append("events", Row.of("value", 42, "type", "click"));
            assertTrue(db.delete("events", id), "the record existed");
            assertFalse(db.delete("events", id), "deleted already");
            assertFalse(db.delete("events", 999), "never written");
            try (Snapshot snapshot = db.read()) {
                assertEquals(0, snapshot.count("events", Filter.all()));
            }
        }
    }
}
