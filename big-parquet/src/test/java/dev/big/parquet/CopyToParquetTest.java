package dev.big.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.InvalidInputException;
import dev.big.db.TableDef;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code COPY ... TO 'f.parquet'} through big-db's ServiceLoader seam, read back by DuckDB: a table
 * of every field kind (with nulls and empty sets, ints at the 64-bit edges, decimals at 18 digits,
 * timestamps before 1970) and an aggregate query's answer come back as the rows DuckDB holds for
 * the same data and answers to the same query, typed as the answer types them.
 */
class CopyToParquetTest {

    private static final int ROWS = 2_000;

    /** The rows in both engines: id, then v int, ts timestamp, price decimal(2), fine decimal(18), ok bool, kind keyed, tags set. */
    private static List<List<Object>> rows() {
        Random random = new Random(19);
        List<String> kinds = List.of("click", "view", "it's", "é😀", "", "a,b");
        long[] edges = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE + 1};
        List<List<Object>> rows = new ArrayList<>();
        for (int id = 0; id < ROWS; id++) {
            rows.add(Arrays.asList((long) id,
                    random.nextInt(8) == 0 ? null : id % 97 == 0 ? edges[id % edges.length] : (long) random.nextInt(2001) - 1000,
                    random.nextInt(8) == 0 ? null : random.nextLong(-500_000_000_000L, 2_000_000_000_000L),
                    random.nextInt(8) == 0 ? null : BigDecimal.valueOf(random.nextLong(-1_000_000, 1_000_000), 2),
                    random.nextInt(8) == 0 ? null : BigDecimal.valueOf(random.nextLong(-999_999_999_999_999_999L,
                            999_999_999_999_999_999L), 18),
                    random.nextInt(8) == 0 ? null : random.nextBoolean(),
                    random.nextInt(8) == 0 ? null : kinds.get(random.nextInt(kinds.size())),
                    random.nextInt(8) == 0 ? null : List.of("t0", "t1", "t2").subList(0, random.nextInt(4))));
        }
        return rows;
    }

    @Test
    void duckDbReadsBigsParquetAsTheRowsAndAnswersItHolds() throws Exception {
        Path dir = newDir("copy-parquet");
        List<List<Object>> rows = rows();
        try (Db db = Db.create(dir.resolve("t.big"), List.of(TableDef.of("t", FieldDef.intField("v"),
                FieldDef.timestamp("ts"), FieldDef.decimal("price", 2), FieldDef.decimal("fine", 18), FieldDef.bool("ok"),
                FieldDef.keyed("kind"), FieldDef.set("tags"))));
             Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            loadBoth(db, duck, rows);
            Path table = dir.resolve("t.parquet");
            assertEquals((long) ROWS, db.sql("COPY t TO '" + table + "'").scalar());
            assertEquals(List.of(List.of("id", "BIGINT"), List.of("v", "BIGINT"), List.of("ts", "TIMESTAMP WITH TIME ZONE"),
                    List.of("price", "DECIMAL(18,2)"), List.of("fine", "DECIMAL(18,18)"), List.of("ok", "BOOLEAN"),
                    List.of("kind", "VARCHAR"), List.of("tags", "VARCHAR[]")),
                    query(duck, "SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM '" + table + "')"));
            String columns = "id, v, epoch_ms(ts), price, fine, ok, kind, tags";
            assertEquals(query(duck, "SELECT " + columns + " FROM t ORDER BY id"),
                    query(duck, "SELECT " + columns + " FROM '" + table + "' ORDER BY id"));

            String aggregates = "SELECT kind, count(*) AS n, sum(price) AS total, min(ts) AS first, avg(v) AS mean,"
                    + " count(DISTINCT ok) AS oks FROM t WHERE v BETWEEN -500 AND 500 GROUP BY kind ORDER BY kind";
            Path answer = dir.resolve("answer.out");
            db.sql("COPY (" + aggregates + ") TO '" + answer + "' (FORMAT parquet)");
            String read = "kind, n, total, epoch_ms(first), round(mean, 9), oks";
            assertEquals(query(duck, "SELECT " + read + " FROM (" + aggregates + ") ORDER BY kind NULLS LAST"),
                    query(duck, "SELECT " + read + " FROM read_parquet('" + answer + "') ORDER BY kind NULLS LAST"));
        }
    }

    @Test
    void aSumBeyondInt64IsRefusedAndLeavesNoFile() throws IOException {
        Path dir = newDir("copy-parquet-sum");
        try (Db db = Db.create(dir.resolve("t.big"), List.of(TableDef.of("t", FieldDef.intField("v"))))) {
            db.sql("INSERT INTO t (v) VALUES (9223372036854775807), (9223372036854775807)");
            Path file = dir.resolve("sum.parquet");
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> db.sql("COPY (SELECT sum(v) AS total FROM t) TO '" + file + "'"));
            assertEquals("column 'total': the sum 18446744073709551614 does not fit Parquet's INT64; write it as CSV or"
                    + " JSON, which keep it whole", e.getMessage());
            assertFalse(Files.exists(file));
            try (var files = Files.list(dir)) {
                assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(".sum.parquet")), "no hidden sibling");
            }
        }
    }

    private static void loadBoth(Db db, Connection duck, List<List<Object>> rows) throws SQLException {
        try (Statement statement = duck.createStatement()) {
            statement.execute("CREATE TABLE t (id BIGINT, v BIGINT, ts TIMESTAMPTZ, price DECIMAL(18, 2), fine DECIMAL(18, 18),"
                    + " ok BOOLEAN, kind VARCHAR, tags VARCHAR[])");
        }
        try (Statement statement = duck.createStatement()) {
            statement.execute("INSERT INTO t VALUES " + values(rows, "TIMESTAMPTZ '%s+00'"));
        }
        assertEquals((long) rows.size(), db.sql("INSERT INTO t (id, v, ts, price, fine, ok, kind, tags) VALUES "
                + values(rows, "TIMESTAMP '%s'")).scalar());
    }

    /** The rows as a VALUES list, the timestamp (column 2, epoch millis) written as {@code timestamp} formats its UTC time. */
    private static String values(List<List<Object>> rows, String timestamp) {
        java.time.format.DateTimeFormatter utc = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
                .withZone(java.time.ZoneOffset.UTC);
        StringBuilder values = new StringBuilder();
        for (List<Object> row : rows) {
            values.append(values.isEmpty() ? "" : ", ").append('(');
            for (int c = 0; c < row.size(); c++) {
                Object value = row.get(c);
                values.append(c == 0 ? "" : ", ").append(switch (value) {
                    case null -> "NULL";
                    case String text -> "'" + text.replace("'", "''") + "'";
                    case List<?> list -> list.stream().map(v -> "'" + v + "'").toList().toString();
                    default -> c == 2 ? timestamp.formatted(utc.format(java.time.Instant.ofEpochMilli((Long) value)))
                            : value.toString();
                });
            }
            values.append(')');
        }
        return values.toString();
    }

    private static List<List<Object>> query(Connection duck, String sql) throws SQLException {
        try (Statement statement = duck.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            List<List<Object>> rows = new ArrayList<>();
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<Object> row = new ArrayList<>();
                for (int c = 1; c <= columns; c++) {
                    Object value = result.getObject(c);
                    row.add(value instanceof Array array ? Arrays.asList((Object[]) array.getArray()) : value);
                }
                rows.add(row);
            }
            return rows;
        }
    }

    private static Path newDir(String name) throws IOException {
        Path base = Files.createDirectories(Path.of("target", "test-files"));
        return Files.createTempDirectory(base, name + "-");
    }
}
