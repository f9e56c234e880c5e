package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The shell as a person uses it, on a real pseudo-terminal: a statement over two lines, .mode,
 * .timer, the up arrow within a session and history across sessions; and {@code big query DB -}
 * with statements on stdin.
 */
@Tag("child-jvm")
class ShellIT {

    private static final String CSV = """
            id,value,type,verified,received_at,size,tags
            1,10,click,true,2024-01-01T00:00:00Z,100,a|b
            2,20,view,false,2024-01-01 00:00:01,200,
            3,30,click,true,,300,c
            """;

    @Test
    void aSessionAtATerminalThenItsHistoryInTheNext() throws Exception {
        Path dir = Cli.newDir("shell");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        Cli.write(dir.resolve("rows.csv"), CSV);
        assertEquals(0, Cli.big(dir, "load", "s.big", "events", "rows.csv", "--schema", "schema.json").exitCode());
        Path history = dir.resolve("history");
        Map<String, String> env = Map.of("BIG_HISTORY", history.toString());

        try (PtySession shell = PtySession.start(dir, env, "shell", "s.big")) {
            shell.expect("Ctrl-D leaves.");
            shell.expect(InteractiveShell.PROMPT);
            shell.type("SELECT type, count(*)" + PtySession.ENTER);
            shell.expect(InteractiveShell.CONTINUATION_PROMPT.strip());
            shell.type("  FROM events GROUP BY type ORDER BY type;" + PtySession.ENTER);
            String table = shell.expect("(2 rows)");
            assertTrue(table.contains("""
                    type  | count(*)
                    ------+---------
                    click |        2
                    view  |        1
                    """), table);
            shell.expect(InteractiveShell.PROMPT);
            shell.type(".mode csv" + PtySession.ENTER).expect(InteractiveShell.PROMPT);
            shell.type(".timer on" + PtySession.ENTER).expect(InteractiveShell.PROMPT);
            shell.type("SELECT received_at FROM events WHERE id = 2;" + PtySession.ENTER);
            String csv = shell.expect(")\n");
            assertTrue(csv.matches("(?s).*\nreceived_at\n2024-01-01T00:00:01Z\n\\(1 row in [0-9.]+ (s|ms|µs)\\)\n"), csv);
            shell.expect(InteractiveShell.PROMPT);
            shell.type("SELECT nonsense;" + PtySession.ENTER);
            String error = shell.expect(InteractiveShell.PROMPT);
            assertTrue(error.contains("\nError: SELECT without FROM"), "a failure is a message, and the session goes on: " + error);
            // Up twice: past the failed statement, to the CSV one; it runs again in this session's mode.
            shell.type(PtySession.UP).type(PtySession.UP).type(PtySession.ENTER);
            String again = shell.expect(InteractiveShell.PROMPT);
            assertTrue(again.matches("(?s).*\nreceived_at\n2024-01-01T00:00:01Z\n\\(1 row in [0-9.]+ (s|ms|µs)\\)\n.*"), again);
            shell.type(".quit" + PtySession.ENTER);
            assertEquals(0, shell.exitCode());
        }
        String kept = Files.readString(history);
        assertTrue(kept.contains("SELECT type, count(*)\\n  FROM events GROUP BY type ORDER BY type;"),
                "the two-line statement is one entry: " + kept);

        try (PtySession shell = PtySession.start(dir, env, "query", "s.big")) {
            shell.expect(InteractiveShell.PROMPT);
            // .quit, the CSV statement's rerun, the failed one, the CSV one, .timer, .mode, then the two-line statement.
            shell.type(PtySession.UP.repeat(7));
            shell.expect("ORDER BY type;");
            shell.type(PtySession.ENTER);
            String table = shell.expect("(2 rows)");
            assertTrue(table.contains("click |        2"), "a new session starts in table mode, without the timer: " + table);
            shell.expect(InteractiveShell.PROMPT);
            shell.type("\u0004");
            assertEquals(0, shell.exitCode(), "Ctrl-D leaves");
        }
    }

    @Test
    void queryDashRunsTheStatementsOfStdin() {
        Path dir = Cli.newDir("shell-stdin");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        Cli.write(dir.resolve("rows.csv"), CSV);
        assertEquals(0, Cli.big(dir, "load", "s.big", "events", "rows.csv", "--schema", "schema.json").exitCode());
        Cli.Run run = Cli.bigWithInput(dir, """
                SELECT count(*) FROM events;
                .mode markdown
                SELECT type, count(*) FROM events
                  GROUP BY type ORDER BY type;
                """, "query", "s.big", "-");
        assertEquals(0, run.exitCode(), run.toString());
        assertEquals("""
                count(*)
                3
                | type  | count(*) |
                | ----- | -------: |
                | click |        2 |
                | view  |        1 |
                """, run.stdout());
        assertTrue(run.stderr().matches("\\(1 row in [0-9.]+ (s|ms|µs)\\)\n\\(2 rows in [0-9.]+ (s|ms|µs)\\)\n"), run.stderr());

        Cli.Run failed = Cli.bigWithInput(dir, "SELECT count(*) FROM events;\nSELECT count(*) FROM nope;\n", "shell", "s.big");
        assertEquals(65, failed.exitCode(), failed.toString());
        assertEquals("count(*)\n3\n", failed.stdout(), "the shell with stdin not a terminal runs it as a script");
        assertTrue(failed.stderr().endsWith("stdin:2: no table 'nope' (tables: events)\n"), failed.stderr());
    }
}
