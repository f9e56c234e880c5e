package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import picocli.CommandLine;

/**
 * {@code query DB SQL} and {@code get DB TABLE ID}, nothing else on the line, run without picocli
 * ({@link BigCommand#plainCommand}); every other command line goes to picocli. The plain path must
 * read the arguments as picocli does and fail as it does. (Their stdout is the process's own file
 * descriptor, so the successful runs are compared as processes, in PlainCommandIT.) Isolated: it
 * replaces System.err and sets a system property, which no other test class may see.
 */
@Isolated
class BigCommandPlainTest {

    private static Path db;

    @BeforeAll
    static void database() throws IOException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "plain-test")), "db-");
        db = dir.resolve("p.big");
        try (Db created = Db.create(db, List.of(TableDef.of("t", FieldDef.keyed("type"), FieldDef.intField("value"))))) {
            created.append("t", Row.builder().set("type", "click").set("value", 5L).build());
            created.append("t", Row.builder().set("type", "view").set("value", 7L).build());
        }
    }

    private record Outcome(int exit, String err) {}

    private interface Run {
        int run();
    }

    /** A run with System.err captured (picocli's stderr writer is made from System.err when first used). */
    private static Outcome withStderr(Run run) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            return new Outcome(run.run(), captured.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(err);
        }
    }

    @Test
    void onlyThePlainestFormIsPlain() {
        assertInstanceOf(QueryCommand.class, BigCommand.plainCommand("query", "a.big", "SELECT 1"));
        assertInstanceOf(GetCommand.class, BigCommand.plainCommand("get", "a.big", "t", "123"));
        assertInstanceOf(GetCommand.class, BigCommand.plainCommand("get", "a.big", "t", "0"));
        assertInstanceOf(GetCommand.class, BigCommand.plainCommand("get", "a.big", "t", "007"));
        for (List<String> args : List.of(List.<String>of(), List.of("query"), List.of("query", "a.big"),
                List.of("query", "a.big", "-"), List.of("query", "--format", "csv", "a.big", "SELECT 1"),
                List.of("query", "a.big", "SELECT 1", "--format=csv"), List.of("query", "a.big", "SELECT 1", "extra"),
                List.of("query", "--", "a.big", "SELECT 1"), List.of("query", "@args", "SELECT 1"), List.of("query", "", "SELECT 1"),
                List.of("query", "a.big", ""), List.of("query", "a.big", "--help"), List.of("query", "a.big", "-h"),
                List.of("--debug", "query", "a.big", "SELECT 1"), List.of("help", "query", "x"), List.of("QUERY", "a.big", "SELECT 1"),
                List.of("stats", "a.big", "x"), List.of("shell", "a.big", "x"), List.of("get", "a.big", "t"),
                List.of("get", "a.big", "t", "-1"), List.of("get", "a.big", "t", "+1"), List.of("get", "a.big", "t", "0x10"),
                List.of("get", "a.big", "t", "1x"), List.of("get", "a.big", "t", "1234567890123456789"),
                List.of("get", "a.big", "t", "1", "extra"), List.of("get", "a.big", "t", "1", "--format"))) {
            assertNull(BigCommand.plainCommand(args.toArray(String[]::new)), args.toString());
        }
    }

    @Test
    void aPicocliPropertyHandsEveryCommandToPicocli() {
        System.setProperty("picocli.trace", "WARN");
        try {
            assertNull(BigCommand.plainCommand("query", "a.big", "SELECT 1"));
        } finally {
            System.clearProperty("picocli.trace");
        }
        assertNotNull(BigCommand.plainCommand("query", "a.big", "SELECT 1"));
    }

    @Test
    void theArgumentsAreReadAsPicocliReadsThem() {
        String[] query = {"query", "dir/../a b.big", "SELECT * FROM t WHERE type = 'é'"};
        QueryCommand plainQuery = (QueryCommand) BigCommand.plainCommand(query);
        QueryCommand parsedQuery = parsed(query);
        assertEquals(parsedQuery.database, plainQuery.database);
        assertEquals(parsedQuery.sql, plainQuery.sql);
        assertEquals(parsedQuery.format, plainQuery.format);

        for (String id : List.of("0", "007", "123", "999999999999999999")) {
            String[] get = {"get", "a.big", "events", id};
            GetCommand plainGet = (GetCommand) BigCommand.plainCommand(get);
            GetCommand parsedGet = parsed(get);
            assertEquals(parsedGet.database, plainGet.database);
            assertEquals(parsedGet.table, plainGet.table);
            assertEquals(parsedGet.id, plainGet.id, id);
            assertEquals(parsedGet.format, plainGet.format);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T parsed(String... args) {
        CommandLine cli = BigCommand.commandLine(args);
        return (T) cli.parseArgs(args).subcommand().commandSpec().userObject();
    }

    /** Failures print nothing on stdout: their stderr and exit code, plain and through picocli. */
    @Test
    void failuresAreReportedAsPicocliReportsThem() {
        String file = db.toString();
        String missing = db.resolveSibling("none.big").toString();
        for (List<String> args : List.of(List.of("query", file, "SELEKT 1"), List.of("query", file, "SELECT nope FROM t"),
                List.of("query", missing, "SELECT count(*) FROM t"), List.of("get", file, "t", "99"),
                List.of("get", file, "nope", "1"), List.of("get", missing, "t", "1"),
                List.of("get", file, "t", "999999999999999999"))) {
            String[] line = args.toArray(String[]::new);
            assertNotNull(BigCommand.plainCommand(line), args.toString());
            Outcome plain = withStderr(() -> BigCommand.execute(line));
            Outcome picocli = withStderr(() -> BigCommand.commandLine(line).execute(line));
            assertEquals(picocli, plain, args.toString());
            assertTrue(plain.exit() != 0 && plain.err().startsWith("big " + args.get(0) + ": "), plain.toString());
        }
        assertEquals(1, withStderr(() -> BigCommand.execute("get", file, "t", "99")).exit(), "no such record");
    }
}
