package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The shell's session in-process: statements, every mode, the timer, the dot commands and a script's failures. */
class ShellTest {

    private static Path dir;
    private static Db db;

    @BeforeAll
    static void database() throws IOException {
        dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "shell-test")), "db-");
        db = Db.create(dir.resolve("s.big"), List.of(TableDef.of("events", FieldDef.intField("value"), FieldDef.keyed("type"),
                FieldDef.set("tags"))));
        db.append("events", Row.builder().set("value", 5L).set("type", "click").set("tags", List.of("a", "b")).build());
        db.append("events", Row.builder().set("value", -12L).set("type", "view | full").build());
        db.append("events", Row.builder().set("type", "click").build());
    }

    @AfterAll
    static void close() {
        db.close();
    }

    /** A session writing results to one buffer and row counts to another. */
    private record Session(Shell shell, StringWriter out, StringWriter status) {
        static Session start(OutputFormat mode) {
            StringWriter out = new StringWriter();
            StringWriter status = new StringWriter();
            return new Session(new Shell(db, mode, false, new PrintWriter(out), new PrintWriter(status)), out, status);
        }

        /** The results written since the last call. */
        String results() {
            String text = out.toString();
            out.getBuffer().setLength(0);
            return text;
        }

        String counts() {
            String text = status.toString();
            status.getBuffer().setLength(0);
            return text;
        }
    }

    private static final String SQL = "SELECT id, value, type, tags FROM events ORDER BY id;";

    @Test
    void copyWritesTheFileAndPrintsItsCount() throws IOException {
        Session session = Session.start(OutputFormat.CSV);
        Path file = dir.resolve("copied.jsonl");
        session.shell().run("COPY (SELECT id, type FROM events\n WHERE value IS NOT NULL ORDER BY id) TO '" + file + "';");
        assertEquals("count\n2\n", session.results(), "the answer is DuckDB's one row, the rows written");
        assertEquals("(1 row)\n", session.counts());
        assertEquals("{\"id\":0,\"type\":\"click\"}\n{\"id\":1,\"type\":\"view | full\"}\n", Files.readString(file));
    }

    @Test
    void everyModePrintsTheResultAndOneRowCountLine() {
        Session session = Session.start(OutputFormat.TABLE);
        assertTrue(session.shell().run(SQL));
        assertEquals("""
                id | value | type        | tags
                ---+-------+-------------+-----
                 0 |     5 | click       | a|b
                 1 |   -12 | view | full |
                 2 |       | click       |
                """, session.results());
        assertEquals("(3 rows)\n", session.counts(), "the count once, without the time while the timer is off");

        session.shell().run(".mode markdown");
        assertEquals("", session.results(), "setting a mode prints nothing");
        session.shell().run(SQL);
        assertEquals("""
                |  id | value | type         | tags |
                | --: | ----: | ------------ | ---- |
                |   0 |     5 | click        | a\\|b |
                |   1 |   -12 | view \\| full |      |
                |   2 |       | click        |      |
                """, session.results());

        session.shell().run(".mode CSV");
        session.shell().run(SQL);
        assertEquals("id,value,type,tags\n0,5,click,a|b\n1,-12,view | full,\n2,,click,\n", session.results());

        session.shell().run(".mode json");
        session.shell().run("SELECT count(*) FROM events WHERE type = 'click'");
        assertEquals("[\n{\"count(*)\":2}\n]\n", session.results(), "the last statement may go without its ';'");
        session.shell().run(".mode");
        assertEquals("mode json\n", session.results());
    }

    @Test
    void theTimerAddsTheTimeToTheRowCount() {
        Session session = Session.start(OutputFormat.CSV);
        session.shell().run(".timer on");
        session.shell().run("SELECT count(*) FROM events; SELECT value FROM events WHERE value < 0;");
        assertEquals("count(*)\n3\nvalue\n-12\n", session.results(), "two statements on one line, both run");
        String counts = session.counts();
        assertTrue(counts.matches("\\(1 row in [0-9.]+ (s|ms|µs)\\)\n\\(1 row in [0-9.]+ (s|ms|µs)\\)\n"), counts);
        session.shell().run(".timer");
        assertEquals("timer on\n", session.results());
        session.shell().run(".timer OFF");
        session.shell().run("SELECT count(*) FROM events");
        assertEquals("(1 row)\n", session.counts());
    }

    @Test
    void dotCommandsListTablesAndSchemasAndLeave() throws IOException {
        Session session = Session.start(OutputFormat.TABLE);
        session.shell().run(".tables");
        assertEquals("events\n", session.results());
        session.shell().run("  .schema events");
        String schema = session.results();
        assertEquals("""
                {"tables": [
                  {"name": "events", "fields": [
                    {"name": "value", "type": "int"},
                    {"name": "type", "type": "keyed"},
                    {"name": "tags", "type": "set"}]}]}
                """, schema);
        Path file = Files.writeString(dir.resolve("schema.json"), schema);
        assertEquals(db.schema(), SchemaFile.read(file), ".schema prints a schema file big create reads back");
        session.shell().run(".help");
        assertTrue(session.results().contains(".mode [table|csv|json|markdown]"));
        assertFalse(session.shell().run(".quit"));
        assertFalse(session.shell().run(".EXIT"));
    }

    @Test
    void aMistakeSaysWhatAndTheSessionGoesOn() {
        Session session = Session.start(OutputFormat.TABLE);
        assertEquals("unknown command .tabels; .help lists the commands",
                assertThrows(CliException.class, () -> session.shell().run(".tabels")).getMessage());
        assertEquals(".mode takes table, csv, json or markdown, not yaml",
                assertThrows(CliException.class, () -> session.shell().run(".mode yaml")).getMessage());
        assertEquals(".timer takes on or off, not maybe",
                assertThrows(CliException.class, () -> session.shell().run(".timer maybe")).getMessage());
        assertEquals("no table 'nope' (tables: events)",
                assertThrows(CliException.class, () -> session.shell().run(".schema nope")).getMessage());
        assertEquals(".tables takes no argument, got: .tables x",
                assertThrows(CliException.class, () -> session.shell().run(".tables x")).getMessage());
        assertThrows(RuntimeException.class, () -> session.shell().run("SELECT count(*) FROM nope;"));
        session.shell().run("SELECT count(*) FROM events;");
        assertEquals("count(*)\n--------\n       3\n", session.results());
    }

    @Test
    void aScriptRunsInOrderAndStopsAtTheFirstFailureNamingItsLine() {
        Session session = Session.start(OutputFormat.CSV);
        new ShellScript(session.shell(), "stdin").run(new BufferedReader(new StringReader("""
                SELECT count(*)
                  FROM events;
                .mode json
                -- the last statement needs no ';'
                SELECT max(value) FROM events
                """)));
        assertEquals("count(*)\n3\n[\n{\"max(value)\":5}\n]\n", session.results());
        assertEquals("(1 row)\n(1 row)\n", session.counts());

        CliException failed = assertThrows(CliException.class, () -> new ShellScript(session.shell(), "stdin").run(
                new BufferedReader(new StringReader("SELECT count(*) FROM events;\n\nSELECT count(*)\n FROM nope;\nSELECT 1;\n"))));
        assertEquals(65, failed.exitCode());
        assertTrue(failed.located());
        assertEquals("stdin:3: no table 'nope' (tables: events)", failed.getMessage());
        assertEquals("[\n{\"count(*)\":3}\n]\n", session.results(), "what came before the failure ran, nothing after");

        CliException command = assertThrows(CliException.class, () -> new ShellScript(session.shell(), "stdin").run(
                new BufferedReader(new StringReader("\n.mode yaml\n"))));
        assertEquals(64, command.exitCode());
        assertEquals("stdin:2: .mode takes table, csv, json or markdown, not yaml", command.getMessage());

        CliException open = assertThrows(CliException.class, () -> new ShellScript(session.shell(), "stdin").run(
                new BufferedReader(new StringReader(".mode csv\nSELECT count(*) FROM events WHERE type = 'click\n"))));
        assertEquals("stdin:2: the script ends inside a string, a quoted name or a comment of the statement that starts"
                + " here; close it", open.getMessage());

        new ShellScript(session.shell(), "stdin").run(new BufferedReader(new StringReader(".quit\nSELECT nonsense\n")));
        assertEquals("", session.results(), ".quit ends the script");
    }
}
