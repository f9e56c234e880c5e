package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * export then import gives a database that answers the same; a damaged, truncated or newer
 * stream is refused with its own message and exit code, and leaves no database behind.
 */
@Tag("child-jvm")
class ExportImportIT {

    private static Path dir;

    /** Queries whose results must not change through export and import, each in one output format. */
    private static final String[][] QUERIES = {
        {"SELECT * FROM events ORDER BY id", "csv"},
        {"SELECT type, count(*), sum(size), min(received_at), max(value) FROM events GROUP BY type ORDER BY type", "table"},
        {"SELECT count(*), avg(value), sum(size) FROM events WHERE verified = true AND value > 1000", "json"},
        {"SELECT id, tags FROM events WHERE size IS NULL ORDER BY id DESC LIMIT 50", "json"},
        {"SELECT k, count(*) FROM other GROUP BY k ORDER BY k", "csv"},
    };

    @BeforeAll
    static void source() {
        dir = Cli.newDir("exchange");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA.replace("]}]}", "]},\n {\"name\": \"other\", \"fields\": [{\"name\": \"k\", \"type\": \"keyed\"}]}]}"));
        StringBuilder csv = new StringBuilder("id,value,type,verified,received_at,size,tags\n");
        java.util.Random random = new java.util.Random(4);
        long id = 0;
        for (int i = 0; i < 5_000; i++) {
            id += 1 + random.nextInt(i % 2 == 0 ? 3 : 900);
            csv.append(id).append(',').append(random.nextInt(1 << 20)).append(",type").append(random.nextInt(12)).append(',')
                    .append(random.nextInt(100) < 99).append(',').append(1_700_000_000_000L + id * 997).append(',')
                    .append(random.nextInt(10) == 0 ? "" : random.nextInt(1_000_000) - 500_000).append(",")
                    .append(random.nextBoolean() ? "tag" + random.nextInt(8) + "|tag" + random.nextInt(8) : "").append('\n');
        }
        Cli.write(dir.resolve("rows.csv"), csv.toString());
        Cli.write(dir.resolve("other.csv"), "k\nx\ny\nx\n");
        assertEquals(0, Cli.big(dir, "load", "source.big", "events", "rows.csv", "--schema", "schema.json").exitCode());
        assertEquals(0, Cli.big(dir, "load", "source.big", "other", "other.csv").exitCode());
        Cli.Run export = Cli.big(dir, "export", "source.big", "source.bigx");
        assertEquals(0, export.exitCode(), export.toString());
        assertTrue(export.stdout().matches("exported 5,003 records of 2 tables \\(commit \\d+\\) to source.bigx in .*\n"),
                export.stdout());
    }

    @Test
    void anImportAnswersLikeItsSource() {
        Cli.Run run = Cli.big(dir, "import", "copy.big", "source.bigx");
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.stdout().startsWith("imported 5,003 records of 2 tables into copy.big in "), run.stdout());
        for (String[] query : QUERIES) {
            Cli.Run expected = Cli.big(dir, "query", "source.big", query[0], "--format", query[1]);
            assertEquals(0, expected.exitCode(), expected.toString());
            assertTrue(expected.stdout().lines().count() > 2, expected.stdout());
            assertEquals(expected.stdout(), Cli.big(dir, "query", "copy.big", query[0], "--format", query[1]).stdout(), query[0]);
        }
        assertSameRecords("source.big", "copy.big", List.of("2000"));
        assertEquals(tablesOf("source.big"), tablesOf("copy.big"));
        assertEquals(0, Cli.big(dir, "check", "copy.big").exitCode());
    }

    @Test
    void oneTableThroughAPipe() {
        Cli.Run run = Cli.run(dir, List.of("bash", "-c", String.join(" ", quoted(Cli.command("export", "source.big", "-",
                "--table", "other"))) + " | " + String.join(" ", quoted(Cli.command("import", "piped.big", "-")))),
                Map.of(), null);
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.stderr().startsWith("exported 3 records of 1 table"), "the report goes to stderr: " + run);
        assertTrue(run.stdout().startsWith("imported 3 records of 1 table into piped.big"), run.toString());
        Cli.Run stats = Cli.big(dir, "stats", "piped.big");
        assertTrue(stats.stdout().contains("table other: 3 records") && !stats.stdout().contains("table events"), stats.stdout());
    }

    @Test
    void aDamagedStreamIsRefusedAndNothingIsCreated() throws IOException {
        byte[] stream = Files.readAllBytes(dir.resolve("source.bigx"));
        byte[] flipped = stream.clone();
        flipped[stream.length / 2] ^= 0x04;
        Files.write(dir.resolve("flipped.bigx"), flipped);
        Cli.Run run = Cli.big(dir, "import", "flipped.big", "flipped.bigx");
        assertEquals(79, run.exitCode(), run.toString());
        assertTrue(run.stderr().matches("big import: block \\d+ .*at offset \\d+ of flipped.bigx: .*\n"), run.stderr());
        assertNothingNamed("flipped.big");

        Files.write(dir.resolve("cut.bigx"), java.util.Arrays.copyOf(stream, stream.length - 100));
        Cli.Run cut = Cli.big(dir, "import", "cut.big", "cut.bigx");
        assertEquals(79, cut.exitCode(), cut.toString());
        // Inside a block's header or its body, whichever the last 100 bytes end in: both say where.
        assertTrue(cut.stderr().matches("big import: cut.bigx is truncated: it ends inside (the header of )?block \\d+ .*\n"),
                cut.stderr());
        assertNothingNamed("cut.big");
    }

    @Test
    void aNewerStreamVersionIsRefusedNamingBothVersions() throws IOException {
        byte[] stream = Files.readAllBytes(dir.resolve("source.bigx"));
        ByteBuffer.wrap(stream).order(ByteOrder.LITTLE_ENDIAN).putInt(8, 7);
        Files.write(dir.resolve("newer.bigx"), stream);
        BadInputIT.assertOneLine(65, "big import: export stream newer.bigx has format version 7, this build of big reads"
                + " versions 1 to " + dev.big.db.exchange.ExportFormat.VERSION_CURRENT + ". Open it with a newer big, or export it there and import it here.",
                Cli.big(dir, "import", "newer.big", "newer.bigx"));
        assertNothingNamed("newer.big");
        BadInputIT.assertOneLine(65, "big import: rows.csv is not a big export stream (it does not start with \"BIGXPORT\");"
                + " export streams are written by `big export` (Exporter)", Cli.big(dir, "import", "csv.big", "rows.csv"));
        BadInputIT.assertOneLine(73, "big import: database source.big already exists; choose another path or remove it first",
                Cli.big(dir, "import", "source.big", "source.bigx"));
        BadInputIT.assertOneLine(73, "big export: export file source.bigx already exists; choose another path or remove it"
                + " first", Cli.big(dir, "export", "source.big", "source.bigx"));
    }

    static void assertSameRecords(String expected, String actual, List<String> ids) {
        for (String id : ids) {
            Cli.Run a = Cli.big(dir, "get", expected, "events", id, "--format", "json");
            Cli.Run b = Cli.big(dir, "get", actual, "events", id, "--format", "json");
            assertEquals(a.toString(), b.toString(), "record " + id);
        }
    }

    private static String tablesOf(String db) {
        String stats = Cli.big(dir, "stats", db).stdout();
        return stats.substring(stats.indexOf("\ntable "));
    }

    private static void assertNothingNamed(String name) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<String> left = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.equals(name) || n.startsWith("." + name + ".")).toList();
            assertEquals(List.of(), left, "neither the database nor its temporary file");
        }
    }

    private static List<String> quoted(List<String> words) {
        return words.stream().map(w -> "'" + w.replace("'", "'\\''") + "'").toList();
    }
}
