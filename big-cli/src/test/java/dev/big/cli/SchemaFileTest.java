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
    void printableLeavesOrdinaryTextAlone() {
        assertEquals("événement 🚀 id", TextValues.printable("événement 🚀 id"));
        assertEquals("a\\rb\\u0000c\\u007f", TextValues.printable("a\rb\u0000c\u007f"));
    }
}
