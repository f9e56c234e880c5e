package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code big export --format csv} then {@code big load} gives back the same records (docs/cli.md):
 * a keyed empty string apart from no value, an empty set apart from no set, set values holding the
 * separator {@code |}, the escape {@code \}, quotes, commas and line breaks, on both load paths
 * (bulk, and batches through {@link Row}s). A set holding the empty string, which CSV cannot
 * carry, is refused naming the row, the record and the column, and no file is left.
 */
class CsvExportRoundTripTest {

    private static final TableDef TABLE = TableDef.of("t", FieldDef.keyed("k"), FieldDef.set("s"), FieldDef.intField("n"),
            FieldDef.decimal("d", 2), FieldDef.timestamp("at"), FieldDef.bool("b"));

    private static final List<String> KEYED = Arrays.asList("", null, "plain", "with,comma", "say \"hi\"", "line\nbreak",
            "crlf\r\nend", " spaced ", "#hash", "a|b", "back\\slash", "\\|", "trailing\\", "日本", "'single'", "\"\"", "|");

    private static final List<List<String>> SETS = Arrays.asList(null, List.of(), List.of("a|b"), List.of("x\\", "y"),
            List.of("\\|", "|", "||", "\\"), List.of("with,comma", "quote\"d", "new\nline"), List.of("#", " s "),
            List.of("\"\""), List.of("plain"));

    /** Characters that CSV or the set text treat specially, and plain ones. */
    private static final String ALPHABET = "ab|\\\",\n\r# '";

    @Test
    void everyRecordLoadsBackAsItWasExported() throws Exception {
        long seed = System.nanoTime();
        Path dir = Cli.newDir("csv-round-trip");
        Path source = dir.resolve("source.big");
        List<List<Object>> exported;
        try (Db db = Db.create(source, List.of(TABLE))) {
            List<Row> records = new ArrayList<>();
            Random random = new Random(seed);
            for (int i = 0; i < 400; i++) {
                records.add(i < 200 ? listed(i) : random(random));
            }
            try (var ingest = db.ingest(64)) {
                for (int i = 0; i < records.size(); i++) {
                    ingest.put("t", i * 3L, records.get(i));
                }
            }
            exported = db.sql("SELECT * FROM t ORDER BY id").rows();
        }
        Path csv = dir.resolve("t.csv");
        assertEquals(0, big("export", source.toString(), csv.toString(), "--format", "csv", "--table", "t"));
        for (List<String> mode : List.of(List.of("--bulk"), List.of("--batch", "7"))) {
            Path copy = dir.resolve("copy" + mode.size() + ".big");
            Db.create(copy, List.of(TABLE)).close();
            List<String> load = new ArrayList<>(List.of("load", copy.toString(), "t", csv.toString()));
            load.addAll(mode);
            assertEquals(0, big(load.toArray(String[]::new)), String.join(" ", mode));
            try (Db db = Db.openReadOnly(copy)) {
                List<List<Object>> loaded = db.sql("SELECT * FROM t ORDER BY id").rows();
                assertEquals(exported.size(), loaded.size(), "records after load " + mode);
                for (int i = 0; i < exported.size(); i++) {
                    assertEquals(exported.get(i), loaded.get(i), "record " + exported.get(i).getFirst() + " after load "
                            + mode + " (random records of seed " + seed + "L)");
                }
            }
        }
    }

    @Test
    void aSetHoldingTheEmptyStringIsRefusedNamingTheRecordAndColumn() throws Exception {
        Path dir = Cli.newDir("csv-round-trip");
        Path source = dir.resolve("source.big");
        try (Db db = Db.create(source, List.of(TABLE))) {
            db.sql("INSERT INTO t (id, k, s) VALUES (1, 'a', ['x']), (7, 'b', ['', 'y'])");
        }
        Path csv = dir.resolve("t.csv");
        StringWriter err = new StringWriter();
        assertEquals(ExitCodes.DATA_ERROR, big(err, "export", source.toString(), csv.toString(), "--format", "csv", "--table", "t"));
        assertTrue(err.toString().contains("cannot write row 2 (record 7) as CSV: its set in column s holds the empty string"),
                err.toString());
        assertTrue(err.toString().contains("write JSON Lines or Parquet"), err.toString());
        assertFalse(Files.exists(csv), "a refused export leaves no file");
    }

    /** Record {@code i} of the listed edge values: every keyed value with every set, in turn. */
    private static Row listed(int i) {
        Row.Builder row = Row.builder();
        row.set("k", KEYED.get(i % KEYED.size()));
        row.set("s", SETS.get(i % SETS.size()));
        if (i % 5 == 0) {
            row.set("n", i % 10 == 0 ? -Long.MAX_VALUE : Long.MAX_VALUE);
            row.set("d", new BigDecimal("-12.05"));
            row.set("at", Instant.parse("1969-12-31T23:59:59.999Z"));
            row.set("b", false);
        } else if (i % 5 == 1) {
            row.set("n", 0L);
            row.set("d", new BigDecimal("0.10"));
            row.set("at", Instant.parse("2024-02-29T23:59:59.001Z"));
            row.set("b", true);
        }
        return row.build();
    }

    /** A record of random values spelled from {@link #ALPHABET}, sometimes missing, sets sometimes empty. */
    private static Row random(Random random) {
        Row.Builder row = Row.builder();
        if (random.nextInt(4) > 0) {
            row.set("k", text(random, 0));
        }
        if (random.nextInt(4) > 0) {
            List<String> set = new ArrayList<>();
            for (int j = random.nextInt(4); j > 0; j--) {
                set.add(text(random, 1));
            }
            row.set("s", set);
        }
        if (random.nextBoolean()) {
            row.set("n", random.nextLong(-Long.MAX_VALUE, Long.MAX_VALUE));
        }
        if (random.nextBoolean()) {
            row.set("d", BigDecimal.valueOf(random.nextLong() % 100_000_000_000L, 2));
        }
        if (random.nextBoolean()) {
            row.set("at", Instant.ofEpochMilli(random.nextLong(-50_000_000_000_000L, 200_000_000_000_000L)));
        }
        return row.build();
    }

    private static String text(Random random, int minimum) {
        StringBuilder text = new StringBuilder();
        for (int length = minimum + random.nextInt(6); text.length() < length; ) {
            text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return text.toString();
    }

    private static int big(String... args) {
        StringWriter err = new StringWriter();
        int exit = big(err, args);
        if (exit != 0) {
            System.err.println(err);
        }
        return exit;
    }

    /** {@code big ARGS} in this JVM, its stderr to {@code err}, its stdout (the report line) kept out of the test's. */
    private static int big(StringWriter err, String... args) {
        CommandLine cli = BigCommand.commandLine();
        cli.setErr(new PrintWriter(err, true));
        PrintStream out = System.out;
        System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        try {
            return cli.execute(args);
        } finally {
            System.setOut(out);
        }
    }
}
