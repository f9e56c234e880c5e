package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Every kind of bad input gets one clear message and its exit code, and loses nothing: a load that
 * stops says exactly which rows it committed, and those (and only those) are in the database.
 */
@Tag("child-jvm")
class BadInputIT {

    private static final String HEADER = "id,value,type,verified,received_at,size,tags\n";
    private static final String GOOD_ROWS = """
            1,5,a,true,2024-01-01T00:00:00Z,1,x
            2,6,b,false,2024-01-01T00:00:01Z,2,y
            3,7,c,true,2024-01-01T00:00:02Z,3,
            """;

    private static Path dir;

    @BeforeAll
    static void schema() {
        dir = Cli.newDir("bad-input");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
    }

    private static String freshDb(String name) {
        Cli.Run create = Cli.big(dir, "create", name, "--schema", "schema.json");
        assertEquals(0, create.exitCode(), create.toString());
        return name;
    }

    @Test
    void wrongColumnCountStopsTheLoadAndKeepsTheWholeBatchesBeforeIt() {
        String db = freshDb("columns.big");
        Cli.write(dir.resolve("columns.csv"), HEADER + GOOD_ROWS + "4,8,d\n5,9,e,true,2024-01-01T00:00:04Z,5,\n");
        Cli.Run run = Cli.big(dir, "load", db, "events", "columns.csv", "--batch", "2");
        assertEquals(65, run.exitCode(), run.toString());
        assertEquals("""
                columns.csv:5: has 3 fields, the header has 7
                big load: stopped at columns.csv:5. Committed: 2 rows, columns.csv:2 to columns.csv:3. Not written: the\
                 next 1 row, columns.csv:4 (a batch of 2 rows commits whole or not at all). Fix the row and load again\
                 from columns.csv:4, or pass --skip-bad FILE to set bad rows aside and go on.
                """, run.stderr());
        assertEquals("", run.stdout());
        assertEquals(0, Cli.big(dir, "get", db, "events", "1").exitCode());
        assertEquals(0, Cli.big(dir, "get", db, "events", "2").exitCode());
        assertEquals(1, Cli.big(dir, "get", db, "events", "3").exitCode(), "its batch was not complete");
    }

    @Test
    void aNonNumberInAnIntFieldStopsABulkLoadBeforeItsFirstChunk() {
        String db = freshDb("number.big");
        Cli.write(dir.resolve("number.csv"), HEADER + GOOD_ROWS + "4,12x,d,true,2024-01-01T00:00:04Z,5,\n");
        Cli.Run run = Cli.big(dir, "load", db, "events", "number.csv", "--bulk");
        assertEquals(65, run.exitCode(), run.toString());
        assertEquals("""
                number.csv:5: field 'value': "12x" is not an integer
                big load: stopped at number.csv:5. Nothing was committed. Not written: the 3 rows, number.csv:2 to\
                 number.csv:4 (a bulk load commits in chunks of 65,536 to 131,071 rows, fewer for a wide table). Fix the row and load again from\
                 number.csv:2, or pass --skip-bad FILE to set bad rows aside and go on.
                """, run.stderr());
        assertEquals(1, Cli.big(dir, "get", db, "events", "1").exitCode());
    }

    @Test
    void badValuesOfEveryKindNameTheirFieldAndLine() {
        String db = freshDb("values.big");
        String[][] cases = {
            {"4,5,d,true,yesterday,1,", "field 'received_at': \"yesterday\" is not a timestamp: write ISO-8601,"
                    + " 2024-01-01 00:00:00 (read as UTC unless --timezone says otherwise), 2024-01-01T00:00:00Z or"
                    + " 2024-01-01T00:00:00+02:00, or epoch milliseconds"},
            {"4,5,d,true,2024-02-30 00:00:00,1,", "field 'received_at': \"2024-02-30 00:00:00\" is not a timestamp: write"
                    + " ISO-8601, 2024-01-01 00:00:00 (read as UTC unless --timezone says otherwise), 2024-01-01T00:00:00Z or"
                    + " 2024-01-01T00:00:00+02:00, or epoch milliseconds"},
            {"4,1048576,d,true,,1,", "field 'value': 1048576 is outside the field's declared range 0..1048575"},
            {"4,1.5,d,true,,1,", "field 'value': \"1.5\" is not an integer"},
            {"4,99999999999999999999,d,,,,", "field 'value': \"99999999999999999999\" does not fit a 64-bit integer"},
            {"4,1,d,maybe,,1,", "field 'verified': \"maybe\" is not a bool: use true/false, 1/0 or yes/no"},
            {"-4,1,d,true,,1,", "field 'id': -4 is negative; ids are integers 0 .. 2^63-2"},
            {"9223372036854775807,1,d,true,,1,", "field 'id': 9223372036854775807 is past the largest record id; ids are integers 0 .. 2^63-2"},
        };
        StringBuilder csv = new StringBuilder(HEADER);
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < cases.length; i++) {
            csv.append(cases[i][0]).append('\n');
            expected.append("values.csv:").append(i + 2).append(": ").append(cases[i][1]).append("\n\t").append(cases[i][0])
                    .append('\n');
        }
        Cli.write(dir.resolve("values.csv"), csv.toString());
        Cli.Run stop = Cli.big(dir, "load", db, "events", "values.csv");
        assertEquals(65, stop.exitCode(), stop.toString());
        assertEquals("values.csv:2: " + cases[0][1], stop.stderr().lines().findFirst().orElseThrow());
        Cli.Run skip = Cli.big(dir, "load", db, "events", "values.csv", "--skip-bad", "values-rejected.txt");
        assertEquals(0, skip.exitCode(), skip.toString());
        assertEquals(expected.toString(), Cli.read(dir.resolve("values-rejected.txt")));

        Cli.write(dir.resolve("header.csv"), "id,value,colour\n1,2,red\n");
        Cli.Run header = Cli.big(dir, "load", db, "events", "header.csv");
        assertEquals(65, header.exitCode(), header.toString());
        assertEquals("""
                header.csv:1: field 'colour': not in table 'events' (its fields: value, type, verified, received_at, size,\
                 tags; an 'id' column is optional; --ignore-unknown skips the columns the table lacks)
                big load: stopped at header.csv:1. Nothing was loaded.
                """, header.stderr());

        Cli.write(dir.resolve("rows.jsonl"), """
                {"value": 1}
                {"value": "2"}
                {"value": 1
                {"tags": "a|b"}
                {"colour": "red"}
                [1, 2]
                """);
        Cli.Run jsonl = Cli.big(dir, "load", db, "events", "rows.jsonl");
        assertEquals(65, jsonl.exitCode(), jsonl.toString());
        assertEquals("rows.jsonl:2: field 'value': expected an integer, got a string \"2\"",
                jsonl.stderr().lines().findFirst().orElseThrow());
        Cli.Run skipJson = Cli.big(dir, "load", db, "events", "rows.jsonl", "--skip-bad", "jsonl-rejected.txt");
        assertEquals(0, skipJson.exitCode(), skipJson.toString());
        List<String> reasons = Cli.read(dir.resolve("jsonl-rejected.txt")).lines().filter(l -> !l.startsWith("\t")).toList();
        assertEquals(5, reasons.size(), reasons.toString());
        assertTrue(reasons.get(1).startsWith("rows.jsonl:3: not valid JSON: "), reasons.get(1));
        assertEquals("rows.jsonl:4: field 'tags': expected an array of strings, got a string \"a|b\"", reasons.get(2));
        assertTrue(reasons.get(3).startsWith("rows.jsonl:5: field 'colour': not in table 'events'"), reasons.get(3));
        assertEquals("rows.jsonl:6: expected a JSON object {\"field\": value, ...}, got array", reasons.get(4));
    }

    @Test
    void skipBadWritesRejectedRowsWithTheirReasonsAndGoesOn() {
        String db = freshDb("skip.big");
        Cli.write(dir.resolve("mixed.csv"), HEADER + "1,5,a,true,,1,\n2,x,b,true,,1,\n3,7\n4,8,\"d, e\",no,,1,p|q\n"
                + "5,9,e,nope,,1,\n");
        Cli.Run run = Cli.big(dir, "load", db, "events", "mixed.csv", "--skip-bad", "rejects.txt", "--batch", "1");
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.stdout().startsWith("loaded 2 rows into events"), run.stdout());
        assertTrue(run.stdout().endsWith("3 rows rejected, written with the reasons to rejects.txt\n"), run.stdout());
        assertEquals("""
                mixed.csv:3: field 'value': "x" is not an integer
                \t2,x,b,true,,1,
                mixed.csv:4: has 2 fields, the header has 7
                \t3,7
                mixed.csv:6: field 'verified': "nope" is not a bool: use true/false, 1/0 or yes/no
                \t5,9,e,nope,,1,
                """, Cli.read(dir.resolve("rejects.txt")));
        assertEquals("id,value,type,verified,received_at,size,tags\n4,8,\"d, e\",false,,1,p|q\n",
                Cli.big(dir, "get", db, "events", "4").stdout());
    }

    @Test
    void aValueTheDatabaseRefusesIsReportedAtItsRow() {
        String db = freshDb("long.big");
        String tooLong = "x".repeat(1001);
        Cli.write(dir.resolve("long.csv"), HEADER + GOOD_ROWS + "4,1," + tooLong + ",,,,\n5,2,e,,,,\n");
        Cli.Run bulk = Cli.big(dir, "load", db, "events", "long.csv");
        assertEquals(65, bulk.exitCode(), bulk.toString());
        assertTrue(bulk.stderr().startsWith("long.csv:5: table 'events', field 'type': value of 1001 UTF-8 bytes is longer"
                + " than the 1000 allowed"), bulk.stderr());
        Cli.Run skip = Cli.big(dir, "load", db, "events", "long.csv", "--batch", "2", "--skip-bad", "long-rejected.txt");
        assertEquals(0, skip.exitCode(), skip.toString());
        assertTrue(skip.stdout().startsWith("loaded 4 rows"), skip.stdout());
        assertTrue(Cli.read(dir.resolve("long-rejected.txt")).startsWith("long.csv:5: table 'events', field 'type': value of"
                + " 1001 UTF-8 bytes"), Cli.read(dir.resolve("long-rejected.txt")));
        assertEquals(0, Cli.big(dir, "get", db, "events", "5").exitCode(), "the load went on after the refused row");
    }

    /**
     * {@code --batch} told a refused row from a failed commit by whether the committed count moved
     * while the row was checked, which a batch committing in the background does at any moment: the
     * load then stopped with a bare message, and with {@code --skip-bad} stopped instead of setting
     * the row aside. A thousand refused rows between a thousand one-row batches give the race its chances.
     */
    @Test
    void skipBadSetsEveryRefusedRowAsideWhileBatchesCommit() {
        String db = freshDb("race.big");
        StringBuilder csv = new StringBuilder("value,type\n");
        String tooLong = "x".repeat(1_001);
        for (int i = 0; i < 2_000; i++) {
            csv.append(i).append(',').append(i % 2 == 0 ? "k" : tooLong).append('\n');
        }
        Cli.write(dir.resolve("race.csv"), csv.toString());
        Cli.Run run = Cli.big(dir, "load", db, "events", "race.csv", "--batch", "1", "--skip-bad", "race-rejected.txt");
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.stdout().startsWith("loaded 1,000 rows"), run.stdout());
        assertEquals(1_000, Cli.read(dir.resolve("race-rejected.txt")).lines().filter(line -> line.startsWith("race.csv:")).count(),
                "every refused row is set aside with its line");
    }

    /** {@code big create} made the file, then each table in its own commit; a refused table left the file behind. */
    @Test
    void aSchemaNamingATableTwiceCreatesNothing() {
        Cli.write(dir.resolve("repeated.json"), "{\"tables\": [{\"name\": \"t\", \"fields\": [{\"name\": \"v\", \"type\":"
                + " \"int\"}]}, {\"name\": \"t\", \"fields\": []}]}");
        Cli.Run run = Cli.big(dir, "create", "repeated.big", "--schema", "repeated.json");
        assertEquals(65, run.exitCode(), run.toString());
        assertEquals(1, run.stderr().lines().count(), run.toString());
        assertFalse(Files.exists(dir.resolve("repeated.big")), "the refused create left repeated.big behind");
    }

    @Test
    void bulkRefusesIdsThatDoNotAscend() {
        String db = freshDb("ascend.big");
        Cli.write(dir.resolve("ascend.csv"), HEADER + "5,1,a,,,,\n3,1,a,,,,\n");
        Cli.Run run = Cli.big(dir, "load", db, "events", "ascend.csv");
        assertEquals(65, run.exitCode(), run.toString());
        assertTrue(run.stderr().startsWith("ascend.csv:3: field 'id': id 3 is not above 5, the highest id so far: --bulk"
                + " needs ascending ids above the table's (use --batch N to write ids in any order or to replace records)"),
                run.stderr());
        assertTrue(run.stderr().contains("\nbig load: stopped at ascend.csv:3. Nothing was committed. Not written: the 1 row,"
                + " ascend.csv:2 ("), "the refused row is not among the rows not written: " + run.stderr());
        assertEquals(0, Cli.big(dir, "load", db, "events", "ascend.csv", "--batch", "10").exitCode());
    }

    @Test
    void missingDirectoryUnreadableAndForeignFilesGetOneLine() throws IOException {
        String db = freshDb("files.big");
        assertOneLine(66, "big load: input file nope.csv does not exist", Cli.big(dir, "load", db, "events", "nope.csv"));
        Files.createDirectories(dir.resolve("adir"));
        assertOneLine(66, "big load: input file adir is a directory, not a file", Cli.big(dir, "load", db, "events", "adir"));
        assertOneLine(66, "big query: database nope.big does not exist; create it with `big create DB --schema FILE` (or"
                + " `big load --schema`)", Cli.big(dir, "query", "nope.big", "SELECT count(*) FROM events"));
        assertOneLine(66, "big stats: database adir is a directory, not a file", Cli.big(dir, "stats", "adir"));
        Cli.write(dir.resolve("notes.txt"), "x".repeat(20_000));
        assertOneLine(65, "big stats: notes.txt is not a big database (no big signature at the start of the file).",
                Cli.big(dir, "stats", "notes.txt"));
        assertOneLine(73, "big create: database files.big already exists; choose another path or remove it first",
                Cli.big(dir, "create", db));
        Cli.write(dir.resolve("broken.json"), "{\"tables\": [\n  {\"name\": \"t\",}]}");
        assertOneLine(65, "big create: schema file broken.json: not valid JSON: Unexpected character ('}' (code 125)):"
                + " was expecting double-quote to start field name (line 2, column 16)",
                Cli.big(dir, "create", "new.big", "--schema", "broken.json"));
        assertFalse(Files.exists(dir.resolve("new.big")), "a bad schema creates nothing");
        Cli.write(dir.resolve("typo.json"), "{\"tables\": [{\"name\": \"t\", \"fields\": [{\"name\": \"v\", \"type\": \"int\", \"mn\": 0}]}]}");
        assertOneLine(65, "big create: schema file typo.json: tables[0].fields[0]: unknown key \"mn\" (known: index, max, min, name, scale, type)",
                Cli.big(dir, "create", "new.big", "--schema", "typo.json"));
    }

    @Test
    void anUnreadableFileGetsOneLine() throws IOException {
        assumeFalse("root".equals(System.getProperty("user.name")), "root reads files whatever their permissions");
        String db = freshDb("unreadable.big");
        Path secret = Cli.write(dir.resolve("secret.csv"), HEADER);
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("---------"));
        assertOneLine(66, "big load: input file secret.csv is not readable (permission denied)",
                Cli.big(dir, "load", db, "events", "secret.csv"));
    }

    /** Another process that holds a database's write lock (as a writer does) until its stdin closes. */
    private static final String LOCK_HOLDER = """
            import java.nio.channels.FileChannel;
            import java.nio.file.Path;
            import java.nio.file.StandardOpenOption;

            class LockHolder {
                public static void main(String[] args) throws Exception {
                    try (FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.READ, StandardOpenOption.WRITE);
                         var lock = channel.lock()) {
                        System.out.println("locked");
                        System.out.flush();
                        System.in.read();
                    }
                }
            }
            """;

    @Test
    void aDatabaseLockedByAnotherProcessIsRefused() throws Exception {
        String db = freshDb("locked.big");
        Cli.write(dir.resolve("LockHolder.java"), LOCK_HOLDER);
        Process holder = new ProcessBuilder(Cli.JAVA, "LockHolder.java", db).directory(dir.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (var ready = new java.io.BufferedReader(new java.io.InputStreamReader(holder.getInputStream()))) {
            assertEquals("locked", ready.readLine());
            assertOneLine(74, "big load: locked.big is locked by another process that has it open for writing. Close that"
                    + " process, or open the database read-only.", Cli.big(dir, "load", db, "events", "schema.json"));
            assertOneLine(74, "big check: locked.big is locked by another process that has it open for writing; a check"
                    + " needs it quiet. Close that process and run the check again.", Cli.big(dir, "check", db));
            assertOneLine(74, "big migrate: locked.big is locked by another process that has it open for writing. Close"
                    + " that process, or open the database read-only.", Cli.big(dir, "migrate", db));
            // A lock over the whole file (another tool, or a big writer from before reader pins) also
            // covers the reader pins: a read cannot pin its snapshot, so it says so instead of reading unpinned.
            Cli.Run stats = Cli.big(dir, "stats", db);
            assertEquals(74, stats.exitCode(), "a read that cannot pin its snapshot: " + stats);
            assertTrue(stats.stderr().startsWith("big stats: could not pin snapshot ")
                    && stats.stderr().contains(" of locked.big for reading within"), stats.stderr());
        } finally {
            holder.getOutputStream().close();
            assertTrue(holder.waitFor(60, TimeUnit.SECONDS));
        }
    }

    @Test
    void usageErrorsExitWith64AndPointToHelp() {
        assertOneLineThen(64, "big load: Missing required parameters: 'TABLE', 'FILE'", Cli.big(dir, "load", "x.big"));
        assertOneLineThen(64, "big query: Unknown option: '--frobnicate'", Cli.big(dir, "query", "x.big", "SELECT 1", "--frobnicate"));
        assertOneLineThen(64, "big load: Error: --bulk, --batch=N are mutually exclusive (specify only one)",
                Cli.big(dir, "load", "x.big", "t", "f.csv", "--bulk", "--batch", "5"));
        assertOneLine(64, "big load: --batch must be at least 1, got 0", Cli.big(dir, "load", "x.big", "t", "f.csv", "--batch", "0"));
        assertOneLine(64, "big load: --format must be csv, jsonl or parquet, not xml",
                Cli.big(dir, "load", "x.big", "t", "f.csv", "--format", "xml"));
        assertOneLineThen(64, "big query: Invalid value for option '--format': expected one of [TABLE, CSV, JSON, MARKDOWN] (case-insensitive)"
                + " but was 'yaml'", Cli.big(dir, "query", "x.big", "SELECT 1", "--format", "yaml"));
        Cli.Run none = Cli.big(dir);
        assertEquals(64, none.exitCode());
        assertTrue(none.stderr().startsWith("Usage: big [-hV] [--debug] COMMAND"), none.stderr());
        Cli.Run help = Cli.big(dir, "load", "--help");
        assertEquals(0, help.exitCode());
        assertTrue(help.stdout().contains("Exit codes:\n  0    success\n"), help.stdout());
        assertTrue(help.stdout().contains("  79   corruption found"), help.stdout());
    }

    @Test
    void debugShowsTheStackTraceOtherwiseNever() {
        Cli.write(dir.resolve("junk.big"), "y".repeat(20_000));
        Cli.Run plain = Cli.big(dir, "get", "junk.big", "events", "1");
        assertEquals(65, plain.exitCode());
        assertFalse(plain.stderr().contains("\tat "), plain.stderr());
        Cli.Run debug = Cli.big(dir, "get", "junk.big", "events", "1", "--debug");
        assertEquals(65, debug.exitCode());
        assertTrue(debug.stderr().startsWith("big get: junk.big is not a big database"), debug.stderr());
        assertTrue(debug.stderr().contains("\tat dev.big."), debug.stderr());
    }

    static void assertOneLine(int exitCode, String message, Cli.Run run) {
        assertEquals(exitCode, run.exitCode(), run.toString());
        assertEquals(message + "\n", run.stderr(), run.toString());
        assertEquals("", run.stdout());
    }

    /** The message, then a hint line. */
    static void assertOneLineThen(int exitCode, String message, Cli.Run run) {
        assertEquals(exitCode, run.exitCode(), run.toString());
        List<String> lines = run.stderr().lines().toList();
        assertEquals(message, lines.getFirst(), run.toString());
        assertTrue(lines.getLast().startsWith("Try `big "), run.toString());
    }
}
