package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Parquet both ways with DuckDB: big loads what DuckDB's {@code COPY ... TO} writes (the flights
 * types: timestamp, bigint, varchar; and int, bool, decimal, date, lists of strings, nulls, several
 * row groups), DuckDB reads what {@code big export --format parquet} writes of a table and of a
 * query, and the two hold the same rows; bad Parquet is refused saying which file and what.
 */
@Tag("child-jvm")
class ParquetIT {

    /** 1,000 flights-like rows; every column has nulls, row groups of 300 rows. */
    private static final String FLIGHTS = """
            SELECT TIMESTAMP '2024-01-01 00:00:00' + INTERVAL (i * 3_607) SECOND AS departs,
                   CASE WHEN i % 11 = 0 THEN NULL ELSE ['AA', 'DL', 'UA', 'WN', 'B6'][i % 5 + 1] END AS carrier,
                   CASE WHEN i % 13 = 0 THEN NULL ELSE (i * 7_919 % 4_000)::BIGINT END AS distance,
                   CASE WHEN i % 7 = 0 THEN NULL ELSE (i % 200 - 60)::INTEGER END AS delay,
                   CASE WHEN i % 17 = 0 THEN NULL ELSE i % 9 = 0 END AS cancelled,
                   CASE WHEN i % 19 = 0 THEN NULL ELSE (i * 12.25 % 900)::DECIMAL(9, 2) END AS fare,
                   CASE WHEN i % 23 = 0 THEN NULL ELSE DATE '2024-01-01' + (i % 40)::INTEGER END AS day,
                   CASE WHEN i % 29 = 0 THEN NULL WHEN i % 31 = 0 THEN []::VARCHAR[]
                        ELSE list_distinct(['wifi', 'meal', 'tv'][1:(i % 3 + 1)]) END AS perks
            FROM range(1000) t(i)
            """;

    @Test
    void bigLoadsWhatDuckDbWritesAndDuckDbReadsWhatBigExports() throws SQLException {
        Path dir = Cli.newDir("parquet");
        Path flights = dir.resolve("flights.parquet");
        try (Connection duck = duckdb(); Statement sql = duck.createStatement()) {
            sql.execute("COPY (" + FLIGHTS + ") TO '" + flights + "' (FORMAT parquet, ROW_GROUP_SIZE 300)");
        }

        Cli.Run load = Cli.big(dir, "load", "f.big", "flights", "flights.parquet", "--create");
        assertEquals(0, load.exitCode(), load.toString());
        // DuckDB's pages are snappy: reading them prints nothing (aircompressor's pure-Java codecs warned of sun.misc.Unsafe).
        assertEquals("", load.stderr());
        assertTrue(load.stdout().startsWith("created table flights from the schema of flights.parquet: departs timestamp,"
                + " carrier keyed, distance int, delay int, cancelled bool, fare decimal(2), day timestamp, perks set\n"
                + "loaded 1,000 rows into flights"), load.stdout());
        assertEquals("n,distance,delays,fares,carriers\n" + duckOne("SELECT count(*) || ',' || sum(distance) || ',' || count(delay)"
                + " || ',' || sum(fare) || ',' || count(DISTINCT carrier) FROM (" + FLIGHTS + ")") + "\n",
                Cli.big(dir, "query", "f.big", "SELECT count(*) AS n, sum(distance) AS distance, count(delay) AS delays,"
                        + " sum(fare) AS fares, count(DISTINCT carrier) AS carriers FROM flights").stdout());

        Cli.Run table = Cli.big(dir, "export", "f.big", "table.parquet", "--format", "parquet", "--table", "flights");
        assertEquals(0, table.exitCode(), table.toString());
        assertEquals("", table.stderr(), "writing snappy pages prints nothing either");
        assertTrue(table.stdout().startsWith("exported 1,000 rows of table flights to table.parquet as parquet"), table.stdout());
        // Every row the same both ways: big's timestamps are instants (TIMESTAMP WITH TIME ZONE in DuckDB), read in UTC.
        String exported = "SELECT departs::TIMESTAMP AS departs, carrier, distance, delay, cancelled, fare, day::DATE AS day,"
                + " list_sort(perks) AS perks FROM '" + dir.resolve("table.parquet") + "'";
        String original = "SELECT departs, carrier, distance, delay, cancelled, fare, day, list_sort(perks) AS perks FROM ("
                + FLIGHTS + ")";
        assertEquals("0 0 1000", duckOne("SELECT (SELECT count(*) FROM (" + exported + " EXCEPT ALL " + original + ")) || ' ' ||"
                + " (SELECT count(*) FROM (" + original + " EXCEPT ALL " + exported + ")) || ' ' || (SELECT count(*) FROM ("
                + exported + "))"));
        assertEquals("BIGINT TIMESTAMP WITH TIME ZONE VARCHAR BIGINT BIGINT BOOLEAN DECIMAL(18,2) TIMESTAMP WITH TIME ZONE"
                + " VARCHAR[]", duckOne("SELECT string_agg(column_type, ' ') FROM (DESCRIBE SELECT * FROM '"
                        + dir.resolve("table.parquet") + "')"));
        assertEquals("0,0,0,0", duckOne("SELECT min(id) || ',' || (max(id) - 999) || ',' || count(*) FILTER (perks IS NULL AND"
                + " id % 29 <> 0) || ',' || count(*) FILTER (perks = [] AND id % 31 <> 0) FROM '" + dir.resolve("table.parquet")
                + "'"), "ids 0..999 in file order; null and empty lists kept apart");

        Cli.Run query = Cli.big(dir, "export", "f.big", "query.parquet", "--format", "parquet", "--query",
                "SELECT carrier, count(*) AS n, sum(distance) AS distance, avg(delay) AS delay, max(departs) AS last"
                        + " FROM flights GROUP BY carrier");
        assertEquals(0, query.exitCode(), query.toString());
        assertEquals("0", duckOne("SELECT count(*) FROM ((SELECT carrier, n, distance, round(delay, 6), last::TIMESTAMP FROM '"
                + dir.resolve("query.parquet") + "') EXCEPT ALL (SELECT carrier, count(*), sum(distance), round(avg(delay), 6),"
                + " max(departs) FROM (" + FLIGHTS + ") GROUP BY carrier))"));
        assertEquals("VARCHAR BIGINT BIGINT DOUBLE TIMESTAMP WITH TIME ZONE", duckOne("SELECT string_agg(column_type, ' ')"
                + " FROM (DESCRIBE SELECT * FROM '" + dir.resolve("query.parquet") + "')"));

        // big loads what big wrote: its id column replaces each record by itself.
        Cli.Run again = Cli.big(dir, "load", "f.big", "flights", "table.parquet", "--batch", "400");
        assertEquals(0, again.exitCode(), again.toString());
        assertEquals("n,distance,delays,perks\n1000," + duckOne("SELECT sum(distance) || ',' || count(delay) || ',' ||"
                + " count(perks) FROM (" + FLIGHTS + ")") + "\n", Cli.big(dir, "query", "f.big", "SELECT count(*) AS n,"
                + " sum(distance) AS distance, count(delay) AS delays, count(perks) AS perks FROM flights").stdout());
    }

    @Test
    void columnsBigCannotHoldAreRefusedOrLeftOut() throws SQLException {
        Path dir = Cli.newDir("parquet-types");
        Path file = dir.resolve("mixed.parquet");
        try (Connection duck = duckdb(); Statement sql = duck.createStatement()) {
            sql.execute("COPY (SELECT i AS n, i / 3 AS ratio, 'x' || i AS name FROM range(5) t(i)) TO '" + file
                    + "' (FORMAT parquet, COMPRESSION zstd)");
        }
        BadInputIT.assertOneLine(65, "big load: mixed.parquet: column 'ratio' is optional double ratio: big has no"
                + " floating-point field: cast it to DECIMAL(18, s) when writing the file (--ignore-unknown leaves such"
                + " columns out of the table)", Cli.big(dir, "load", "m.big", "t", "mixed.parquet", "--create"));
        Cli.Run skipping = Cli.big(dir, "load", "m.big", "t", "mixed.parquet", "--create", "--ignore-unknown");
        assertEquals(0, skipping.exitCode(), skipping.toString());
        assertTrue(skipping.stdout().startsWith("created table t from the schema of mixed.parquet: n int, name keyed\n"),
                skipping.stdout());
        assertTrue(skipping.stdout().contains("\nignored in mixed.parquet (not in table t): ratio\n"), skipping.stdout());
        assertEquals("n,name\n4,x4\n", Cli.big(dir, "query", "m.big", "SELECT n, name FROM t WHERE n = 4").stdout());
    }

    @Test
    void badParquetIsRefusedNamingTheFileAndWhat() throws SQLException, IOException {
        Path dir = Cli.newDir("parquet-bad");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        Cli.write(dir.resolve("text.parquet"), "value,type\n1,a\n");
        BadInputIT.assertOneLine(65, "big load: text.parquet: not a Parquet file (it does not start with the bytes PAR1)",
                Cli.big(dir, "load", "b.big", "events", "text.parquet", "--schema", "schema.json"));

        Path good = dir.resolve("good.parquet");
        try (Connection duck = duckdb(); Statement sql = duck.createStatement()) {
            sql.execute("COPY (SELECT i::INTEGER AS value, 't' || i AS type FROM range(2000) t(i)) TO '" + good
                    + "' (FORMAT parquet)");
        }
        byte[] bytes = Files.readAllBytes(good);
        write(dir.resolve("cut.parquet"), Arrays.copyOf(bytes, bytes.length - 100));
        BadInputIT.assertOneLine(65, "big load: cut.parquet: a truncated Parquet file (it starts with PAR1 but does not end"
                + " with it, where its footer should be): was it copied or written completely?",
                Cli.big(dir, "load", "b.big", "events", "cut.parquet", "--schema", "schema.json"));

        // The footer intact, the first column's pages overwritten: the load stops at the first row, naming the column.
        byte[] garbled = bytes.clone();
        for (int i = 8; i < 200; i++) {
            garbled[i] = (byte) (i * 31);
        }
        write(dir.resolve("garbled.parquet"), garbled);
        Cli.Run run = Cli.big(dir, "load", "b.big", "events", "garbled.parquet", "--schema", "schema.json");
        assertEquals(65, run.exitCode(), run.toString());
        assertTrue(run.stderr().startsWith("garbled.parquet:1: row group 1"), run.stderr());
        assertTrue(run.stderr().contains("the file is corrupt or truncated"), run.stderr());

        Files.copy(good, dir.resolve("good.csv"));
        BadInputIT.assertOneLine(65, "big load: good.csv is a Parquet file (it starts with PAR1), not text: name it"
                + " .parquet or pass --format parquet", Cli.big(dir, "load", "b.big", "events", "good.csv"));

        Cli.Run stdin = Cli.bigWithInput(dir, "PAR1", "load", "b.big", "events", "-", "--format", "parquet");
        assertEquals(64, stdin.exitCode(), stdin.toString());
        assertTrue(stdin.stderr().startsWith("big load: Parquet cannot be read from stdin"), stdin.stderr());

        Cli.Run unknown = Cli.big(dir, "load", "b.big", "events", "good.parquet");
        assertEquals(0, unknown.exitCode(), "value and type name fields of events: " + unknown);
        assertEquals("n\n2000\n", Cli.big(dir, "query", "b.big", "SELECT count(*) AS n FROM events WHERE type IS NOT NULL")
                .stdout());
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Connection duckdb() throws SQLException {
        Connection connection = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement sql = connection.createStatement()) {
            sql.execute("SET TimeZone = 'UTC'");
        }
        return connection;
    }

    /** The one value DuckDB's {@code query} returns, as text. */
    private static String duckOne(String query) throws SQLException {
        try (Connection duck = duckdb(); Statement sql = duck.createStatement(); ResultSet rows = sql.executeQuery(query)) {
            List<String> values = new ArrayList<>();
            while (rows.next()) {
                values.add(rows.getString(1));
            }
            assertEquals(1, values.size(), query);
            return values.getFirst();
        }
    }
}
