package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * INSERT, UPDATE and DELETE from {@code big query} and from the shell's script on stdin: each
 * answers its count row and is durable, so the next process, opening the file anew, sees it.
 */
@Tag("child-jvm")
class SqlWriteIT {

    private static Path database(String name) {
        Path dir = Cli.newDir(name);
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        Cli.Run create = Cli.big(dir, "create", "w.big", "--schema", "schema.json");
        assertEquals(0, create.exitCode(), create.toString());
        return dir;
    }

    private static String csv(Path dir, String sql) {
        Cli.Run run = Cli.big(dir, "query", "w.big", sql, "--format", "csv");
        assertEquals(0, run.exitCode(), run.toString());
        return run.stdout();
    }

    @Test
    void queryWritesAreDurableAndAnswerTheirCount() {
        Path dir = database("sql-write");
        assertEquals("count\n3\n", csv(dir, "INSERT INTO events (id, value, type, tags) VALUES"
                + " (1, 10, 'click', ['a', 'b']), (2, 20, 'view', NULL), (3, 30, 'click', ['c'])"));
        assertEquals("count\n2\n", csv(dir, "UPDATE events SET value = 99 WHERE type = 'click'"));
        assertEquals("count\n1\n", csv(dir, "DELETE FROM events WHERE id = 2"));
        assertEquals("""
                id,value,type,tags
                1,99,click,a|b
                3,99,click,c
                """, csv(dir, "SELECT id, value, type, tags FROM events ORDER BY id"));
    }

    @Test
    void theShellsWritesAreDurableAndAnswerTheirCount() {
        Path dir = database("shell-write");
        Cli.Run script = Cli.bigWithInput(dir, """
                INSERT INTO events (id, value, type) VALUES (1, 10, 'click'), (2, 20, 'view');
                UPDATE events SET type = 'seen' WHERE id = 2;
                DELETE FROM events WHERE id = 1;
                SELECT id, value, type FROM events ORDER BY id;
                """, "shell", "w.big", "--format", "csv");
        assertEquals(0, script.exitCode(), script.toString());
        assertEquals("""
                count
                2
                count
                1
                count
                1
                id,value,type
                2,20,seen
                """, script.stdout(), "the shell's own reads see its writes");
        assertEquals("id,value,type\n2,20,seen\n", csv(dir, "SELECT id, value, type FROM events"), "a reopen sees them");
    }
}
