package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.MetaPage;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import dev.big.testing.TestDirs;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A file whose meta says format 1 although it holds an order index (only damage or a hand edit
 * makes one: a format-1 file refuses an index) is reported by check, which says to migrate it: a
 * build that reads only format 1 would write the field without keeping the index.
 */
class OrderIndexFormatCheckTest {

    @Test
    void anOrderIndexInAFormat1FileIsReported() throws Exception {
        Path file = TestDirs.newDir("order-index-format").resolve("indexed.big");
        try (Db db = Db.create(file, List.of(TableDef.of("t", FieldDef.intField("v").withOrderIndex())))) {
            for (int i = 0; i < 50; i++) {
                db.append("t", Row.of("v", (long) i));
            }
            assertTrue(db.check().ok(), db.check().describe());
        }
        byte[] bytes = Files.readAllBytes(file);
        for (int slot = 0; slot < MetaPage.SLOTS; slot++) {
            MemorySegment page = MemorySegment.ofArray(bytes).asSlice((long) slot * PageFormat.PAGE_SIZE_BYTES,
                    PageFormat.PAGE_SIZE_BYTES);
            if (MetaPage.hasSignature(page)) {
                page.set(PageFormat.LE_SHORT, PageHeader.VERSION_OFFSET, (short) 1);
                PageHeader.seal(page);
            }
        }
        Files.write(file, bytes);
        try (Db db = Db.openReadOnly(file)) {
            assertEquals(1, db.formatVersion());
            CheckReport report = db.check();
            assertFalse(report.ok(), "a format-1 file with an order index passed check");
            assertTrue(report.describe().contains("t.v has an order index, which file format 1 cannot hold")
                    && report.describe().contains("big migrate"), report.describe());
        }
    }
}
