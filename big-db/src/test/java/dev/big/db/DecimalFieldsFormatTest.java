package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.TestDirs;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The catalog version that added a field's scale (catalog 3): a file of an older build opens as
 * it is, and adding a decimal field to it makes only that field's entry version 3, so a build
 * that reads catalog 2 still opens every file without a decimal field.
 */
class DecimalFieldsFormatTest {

    @Test
    void aDecimalFieldAddedToAnOlderFileIsTheOnlyVersion3Entry() throws IOException {
        Path file = SetFieldsFormatTest.copyOfResource("set-fields-v1.big", TestDirs.newDir("decimal-v1").resolve("v1.big"));
        try (Db db = Db.open(file)) {
            db.addField("events", FieldDef.decimal("price", 3));
            db.update("events", 8, "price", new BigDecimal("-12.345"));
            assertEquals(List.of(1, 1, 1, 1, 3), SetFieldsFormatTest.fieldEntryVersions(db,
                    List.of("n", "kind", "tags", "labels", "price")), "only the decimal field's entry needs catalog version 3");
        }
        try (Db db = Db.open(file); Snapshot snapshot = db.read()) {
            assertEquals(FieldDef.decimal("price", 3), snapshot.table("events").fields().getLast());
            assertEquals(new BigDecimal("-12.345"), snapshot.value("events", 8, "price"));
            assertEquals(1, snapshot.count("events", Filter.isNotNull("price")));
            assertTrue(db.check().ok(), db.check().describe());
        }
    }
}
