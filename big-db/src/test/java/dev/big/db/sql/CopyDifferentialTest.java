package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * DuckDB reads what big's {@code COPY ... TO} writes as the rows big holds: random tables of every
 * field kind (ints at the 64-bit edges, timestamps before 1970, decimals of scale 0 to 18, bools,
 * keyed strings with quotes, accents, emoji and the empty string, sets empty and not, nulls in
 * each) are loaded into big and into DuckDB, copied by big to CSV and to JSON Lines, read back by
 * DuckDB with the table's types, and compared with DuckDB's own rows. The Parquet round trip is in
 * big-parquet, which writes Parquet.
 */
class CopyDifferentialTest {

    private static final int TABLES = 10;

    @Test
    void duckDbReadsBigsCsvAndJsonAsTheRowsBigHolds() {
        long seed = Long.getLong("big.seed", 19);
        Random random = new Random(seed);
        for (int t = 0; t < TABLES; t++) {
            RandomTable table = RandomTable.generate(random, "t");
            try (Db db = Db.create(SqlTestFiles.newFile("copy-diff")); DuckDbMirror duck = new DuckDbMirror()) {
                table.load(db);
                duck.load(table);
                compare(db, duck, table.columns, "seed " + seed + ", table " + t + ": " + table);
            }
        }
    }

    /** Strings CSV must quote, sets that CSV and JSON write differently, and a column of nothing but nulls. */
    @Test
    void awkwardStringsAndAllNullColumnsRoundTrip() {
        List<FieldDef> fields = List.of(FieldDef.keyed("s"), FieldDef.set("tags"), FieldDef.intField("nothing"),
                FieldDef.decimal("price", 2), FieldDef.decimal("fine", 18), FieldDef.timestamp("seen_at"), FieldDef.bool("ok"));
        RandomTable table = RandomTable.fixed("t", fields);
        List<String> strings = List.of("a,b", "say \"hi\"", "\"quoted\" first", "\"", "two\nlines", "cr\rhere", "#first", " padded ", "", "tab\there",
                "back\\slash", "\u0001control", "é\uD83D\uDE00", "semi;colon", "pipe|inside");
        for (int i = 0; i < strings.size(); i++) {
            java.util.Map<String, Object> row = new java.util.LinkedHashMap<>();
            row.put("s", strings.get(i));
            row.put("tags", i % 3 == 0 ? new java.util.TreeSet<>() : new java.util.TreeSet<>(Set.of("x" + i, "it's")));
            row.put("price", i % 2 == 0 ? null : BigDecimal.valueOf(-i * 101L, 2));
            // At the 18-digit edge, where a decimal written through a double would lose its last digits.
            row.put("fine", BigDecimal.valueOf(i % 2 == 0 ? 999_999_999_999_999_999L - i : -i, 18));
            row.put("seen_at", Instant.ofEpochMilli(-86_400_000L * i + i));
            row.put("ok", i % 4 == 0 ? null : i % 2 == 0);
            table.rows.put((long) i, row);
        }
        try (Db db = Db.create(SqlTestFiles.newFile("copy-awkward")); DuckDbMirror duck = new DuckDbMirror()) {
            table.load(db);
            duck.load(table);
            compare(db, duck, table.columns, "awkward strings");
            Path exact = SqlTestFiles.newFile("copy-exact").getParent().resolve("exact.jsonl");
            db.sql("COPY (SELECT fine FROM t WHERE id = 0) TO '" + exact + "'");
            assertEquals("{\"fine\":0.999999999999999999}\n", read(exact), "JSON numbers keep every digit of a decimal");
            Path dir = SqlTestFiles.newFile("copy-awkward-auto").getParent();
            db.sql("COPY t TO '" + dir.resolve("auto.csv") + "'");
            db.sql("COPY t TO '" + dir.resolve("auto.json") + "'");
            // With nothing but defaults DuckDB sniffs both files into as many rows and columns.
            assertEquals(List.of(List.of(java.math.BigInteger.valueOf(strings.size()), java.math.BigInteger.valueOf(8))),
                    duck.query("SELECT count(*), (SELECT count(*) FROM (DESCRIBE SELECT * FROM '" + dir.resolve("auto.csv")
                            + "')) FROM '" + dir.resolve("auto.csv") + "'"));
            assertEquals(List.of(List.of(java.math.BigInteger.valueOf(strings.size()), java.math.BigInteger.valueOf(8))),
                    duck.query("SELECT count(*), (SELECT count(*) FROM (DESCRIBE SELECT * FROM '" + dir.resolve("auto.json")
                            + "')) FROM '" + dir.resolve("auto.json") + "'"));
        }
    }

    private static void compare(Db db, DuckDbMirror duck, List<RandomTable.Column> columns, String context) {
        Path dir = SqlTestFiles.newFile("copy-out").getParent();
        Path csv = dir.resolve("t.csv");
        Path json = dir.resolve("t.json");
        long rows = (Long) db.sql("SELECT count(*) FROM t").scalar();
        assertEquals(rows, db.sql("COPY t TO '" + csv + "'").scalar(), context);
        assertEquals(rows, db.sql("COPY (SELECT * FROM t) TO '" + json + "' (FORMAT json)").scalar(), context);
        assertEquals("id," + columns.stream().map(RandomTable.Column::name).collect(Collectors.joining(",")),
                firstLine(csv), "the header names the columns, " + context);

        List<List<Object>> expected = duck.query(select(columns, false, true) + " FROM t ORDER BY id");
        List<List<Object>> fromCsv = duck.query(select(columns, true, false) + " FROM read_csv('" + csv
                + "', header = true, allow_quoted_nulls = false, columns = " + types(columns, true) + ") ORDER BY id");
        assertNull(ResultRows.difference(duck.query(select(columns, false, false) + " FROM t ORDER BY id"), fromCsv),
                "CSV, " + context);
        List<List<Object>> fromJson = duck.query(select(columns, false, true) + " FROM read_json('" + json
                + "', format = 'newline_delimited', columns = " + types(columns, false) + ") ORDER BY id");
        assertNull(ResultRows.difference(expected, fromJson), "JSON, " + context);
    }

    /**
     * The select list that reads each column comparably: timestamps as epoch millis, a CSV set split
     * at its '|' ({@code ""}, read as '' with allow_quoted_nulls off, is the empty set; the tags hold
     * no '|' or '\' to escape), and for JSON decimals as doubles, since DuckDB's read_json parses every number as
     * a double (a decimal of more than 15 digits comes back rounded; big writes all its digits, which
     * {@link #awkwardStringsAndAllNullColumnsRoundTrip} checks in the file itself).
     */
    private static String select(List<RandomTable.Column> columns, boolean csvSets, boolean json) {
        List<String> expressions = new ArrayList<>(List.of("id"));
        for (RandomTable.Column column : columns) {
            String name = column.name();
            expressions.add(switch (column.type()) {
                case TIMESTAMP -> "epoch_ms(" + name + ")";
                case SET -> csvSets ? "CASE WHEN " + name + " = '' THEN []::VARCHAR[] ELSE string_split(" + name + ", '|') END" : name;
                case DECIMAL -> json ? "CAST(" + name + " AS DOUBLE)" : name;
                default -> name;
            });
        }
        return "SELECT " + String.join(", ", expressions);
    }

    /** The columns struct of read_csv / read_json: the table's types (a set as text in CSV, a decimal as a double in JSON). */
    private static String types(List<RandomTable.Column> columns, boolean csv) {
        List<String> entries = new ArrayList<>(List.of("'id': 'BIGINT'"));
        for (RandomTable.Column column : columns) {
            entries.add("'" + column.name() + "': '" + switch (column.type()) {
                case INT -> "BIGINT";
                case TIMESTAMP -> "TIMESTAMP";
                case DECIMAL -> csv ? "DECIMAL(18, " + column.def().scale() + ")" : "DOUBLE";
                case BOOL -> "BOOLEAN";
                case KEYED -> "VARCHAR";
                case SET -> csv ? "VARCHAR" : "VARCHAR[]";
            } + "'");
        }
        return "{" + String.join(", ", entries) + "}";
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String firstLine(Path file) {
        try (var lines = Files.lines(file)) {
            return lines.findFirst().orElse("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
