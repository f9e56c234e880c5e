package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A refused schema gets one line that says where and what, whatever characters the file holds. */
class SchemaFileTest {

    @Test
    void controlCharactersInTheFileAreEscapedInTheMessage() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "schema-file-test"));
        Path file = dir.resolve("control.json");
        // A newline and an escape character inside JSON strings: the bytes a corrupted file can hold.
        Files.writeString(file, "{\"tables\": [{\"name\": \"t\", \"fields\": [{\"name\": \"a\\tb\", \"type\": \"\\nint\\u001b\"}]}]}");
        CliException e = assertThrows(CliException.class, () -> SchemaFile.read(file));
        String message = e.getMessage();
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.endsWith("tables[0].fields[0] (field 'a\\tb'): unknown type \"\\nint\\u001b\"; use int, timestamp, decimal,"
                + " bool, keyed or set"), message);
    }

    @Test
    void anOrderIndexReadsAndWritesAsIndexOrder() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "schema-file-test"));
        Path file = dir.resolve("indexed.json");
        Files.writeString(file, "{\"tables\": [{\"name\": \"t\", \"fields\": [{\"name\": \"v\", \"type\": \"int\", \"index\": \"order\"},"
                + " {\"name\": \"p\", \"type\": \"decimal\", \"scale\": 2, \"index\": null}, {\"name\": \"at\", \"type\": \"timestamp\","
                + " \"min\": 0, \"index\": \"order\"}]}]}");
        java.util.List<dev.big.db.TableDef> tables = SchemaFile.read(file);
        assertEquals(java.util.List.of(dev.big.db.TableDef.of("t", dev.big.db.FieldDef.intField("v").withOrderIndex(),
                dev.big.db.FieldDef.decimal("p", 2), new dev.big.db.FieldDef("at", dev.big.db.FieldType.TIMESTAMP, 0L, null, 0, true))),
                tables);
        String text = SchemaFile.text(tables);
        assertTrue(text.contains("{\"name\": \"v\", \"type\": \"int\", \"index\": \"order\"}"), text);
        Path again = dir.resolve("indexed-again.json");
        Files.writeString(again, text);
        assertEquals(tables, SchemaFile.read(again), "the text reads back to the same tables");
    }

    @Test
    void unknownIndexesAndIndexesOfOtherKindsAreRefused() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "schema-file-test"));
        Path file = dir.resolve("bad-index.json");
        Files.writeString(file, "{\"tables\": [{\"name\": \"t\", \"fields\": [{\"name\": \"v\", \"type\": \"int\", \"index\": \"btree\"}]}]}");
        assertTrue(assertThrows(CliException.class, () -> SchemaFile.read(file)).getMessage().endsWith(
                "tables[0].fields[0] (field 'v'): unknown index \"btree\"; the index big keeps is \"order\" (\"index\": \"order\","
                        + " for int, decimal and timestamp fields)"));
        Files.writeString(file, "{\"tables\": [{\"name\": \"t\", \"fields\": [{\"name\": \"v\", \"type\": \"int\", \"index\": true}]}]}");
        assertTrue(assertThrows(CliException.class, () -> SchemaFile.read(file)).getMessage().contains("unknown index true"));
        Files.writeString(file, "{\"tables\": [{\"name\": \"t\", \"fields\": [{\"name\": \"k\", \"type\": \"keyed\", \"index\": \"order\"}]}]}");
        String keyed = assertThrows(CliException.class, () -> SchemaFile.read(file)).getMessage();
        assertTrue(keyed.endsWith("tables[0].fields[0]: field 'k': only int, decimal and timestamp fields take an order index"
                + " (it orders numbers)"), keyed);
    }

    @Test
    void printableLeavesOrdinaryTextAlone() {
        assertEquals("événement 🚀 id", TextValues.printable("événement 🚀 id"));
        assertEquals("a\\rb\\u0000c\\u007f", TextValues.printable("a\rb\u0000c\u007f"));
    }
}
