package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CreateTest {

    @Test
    void aSchemaWithARefusedTableCreatesNoFile() {
        Path file = TestDirs.newDir("create").resolve("repeated.big");
        var refused = assertThrows(InvalidInputException.class, () -> Db.create(file,
                List.of(TableDef.of("t", FieldDef.intField("v")), TableDef.of("t", FieldDef.bool("b")))));
        assertEquals("table 't' already exists", refused.getMessage());
        assertFalse(Files.exists(file), "the refused create left " + file);
    }

    @Test
    void aGoodSchemaCreatesEveryTable() {
        Path file = TestDirs.newDir("create").resolve("good.big");
        try (Db db = Db.create(file, List.of(TableDef.of("a", FieldDef.intField("v")), TableDef.of("b", FieldDef.bool("f"))))) {
            assertEquals(List.of("a", "b"), db.schema().stream().map(TableDef::name).toList());
        }
        assertTrue(Files.exists(file));
    }
}
