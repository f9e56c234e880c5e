package dev.big.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code COPY ... TO} through the driver answers as DuckDB's driver does, on the same statements:
 * {@code execute} false with the rows written as the update count, {@code executeUpdate} that
 * count, a prepared COPY binding its query's {@code ?}, {@code executeQuery} refused. What big
 * wrote (CSV, JSON Lines and, with big-parquet on the class path, Parquet) DuckDB reads back as the
 * rows it holds itself; a COPY in a transaction sees the transaction's writes, and a read-only
 * connection may COPY, since COPY writes no database.
 */
class CopyThroughJdbcTest {

    @Test
    void copyAnswersAnUpdateCountAsDuckDbsDriverDoes() throws SQLException {
        Path file = Fixtures.newBigFile("copy-jdbc");
        Path dir = file.getParent();
        try (Connection big = DriverManager.getConnection("jdbc:big:" + file); Connection duck = Fixtures.duckDb()) {
            for (Connection connection : List.of(big, duck)) {
                try (Statement statement = connection.createStatement()) {
                    statement.executeUpdate(Fixtures.insertAll());
                }
            }
            for (String format : List.of("csv", "json", "parquet")) {
                String engine = "big";
                for (Connection connection : List.of(big, duck)) {
                    Path out = dir.resolve(engine + "." + format);
                    try (Statement statement = connection.createStatement()) {
                        assertFalse(statement.execute("COPY (SELECT * FROM events WHERE value > 0) TO '" + out + "'"), engine);
                        assertEquals(Rows.read(duck.createStatement().executeQuery(
                                "SELECT count(*) FROM events WHERE value > 0")).getFirst().getFirst(), (long) statement.getUpdateCount(),
                                engine + " " + format);
                        assertEquals(Fixtures.RECORDS, statement.executeUpdate("COPY events TO '" + out + "'"), engine);
                        assertEquals(Fixtures.RECORDS, statement.executeLargeUpdate("COPY events TO '" + out + "'"), engine);
                        SQLException query = assertThrows(SQLException.class,
                                () -> statement.executeQuery("COPY events TO '" + out + "'"), engine);
                        assertTrue(query.getMessage().contains("executeQuery"), engine + ": " + query.getMessage());
                    }
                    try (PreparedStatement copy = connection.prepareStatement("COPY (SELECT id FROM events WHERE type = ?) TO '"
                            + dir.resolve(engine + "-click." + format) + "'")) {
                        copy.setString(1, "click");
                        assertEquals(Fixtures.RECORDS / 4, copy.executeUpdate(), engine);
                    }
                    engine = "duckdb";
                }
                String read = switch (format) {
                    case "csv" -> "read_csv('%s', columns = {'id': 'BIGINT', 'value': 'BIGINT', 'price': 'DECIMAL(18, 2)',"
                            + " 'ts': 'TIMESTAMP', 'verified': 'BOOLEAN', 'type': 'VARCHAR', 'tags': 'VARCHAR'},"
                            + " allow_quoted_nulls = false)";
                    case "json" -> "read_json('%s', columns = {'id': 'BIGINT', 'value': 'BIGINT', 'price': 'DECIMAL(18, 2)',"
                            + " 'ts': 'TIMESTAMP', 'verified': 'BOOLEAN', 'type': 'VARCHAR', 'tags': 'VARCHAR[]'})";
                    default -> "read_parquet('%s')";
                };
                // Timestamps as epoch millis (Parquet's are instants); a set's text in CSV as DuckDB splits it,
                // "" (the empty set; '' with allow_quoted_nulls off) as the empty list.
                String columns = "id, value, price, epoch_ms(ts), verified, type, "
                        + (format.equals("csv") ? "CASE WHEN tags = '' THEN []::VARCHAR[] ELSE string_split(tags, '|') END"
                                : "CASE WHEN len(tags) = 0 THEN NULL ELSE tags END");
                String expected = "SELECT id, value, price, epoch_ms(ts), verified, type, "
                        + (format.equals("csv") ? "tags" : "CASE WHEN len(tags) = 0 THEN NULL ELSE tags END")
                        + " FROM events ORDER BY id";
                assertEquals(rows(duck, expected), rows(duck, "SELECT " + columns + " FROM " + read.formatted(dir.resolve("big."
                        + format)) + " ORDER BY id"), format);
                assertEquals(rows(duck, "SELECT * FROM '" + dir.resolve("duckdb-click." + format) + "' ORDER BY id"),
                        rows(duck, "SELECT * FROM '" + dir.resolve("big-click." + format) + "' ORDER BY id"), format);
            }
        }
    }

    @Test
    void inATransactionCopySeesItsWritesAndAReadOnlyConnectionMayCopy() throws SQLException {
        Path file = Fixtures.newBigFile("copy-jdbc-tx");
        Path dir = file.getParent();
        try (Connection big = DriverManager.getConnection("jdbc:big:" + file)) {
            big.setAutoCommit(false);
            try (Statement statement = big.createStatement()) {
                statement.executeUpdate("INSERT INTO events (id, value) VALUES (1, 10), (2, 20)");
                assertEquals(2, statement.executeUpdate("COPY events TO '" + dir.resolve("tx.csv") + "'"));
                big.rollback();
                assertEquals(0, statement.executeUpdate("COPY events TO '" + dir.resolve("after.csv") + "'"));
            }
        }
        try (Connection readOnly = DriverManager.getConnection("jdbc:big:" + file + "?readonly=true");
             Statement statement = readOnly.createStatement()) {
            assertEquals(0, statement.executeUpdate("COPY events TO '" + dir.resolve("ro.json") + "'"));
            SQLException missing = assertThrows(SQLException.class,
                    () -> statement.execute("COPY events TO '" + dir.resolve("nowhere/x.csv") + "'"));
            assertTrue(missing.getMessage().contains("does not exist; create the directory first"), missing.getMessage());
        }
        assertTrue(Files.exists(dir.resolve("ro.json")));
    }

    private static List<List<Object>> rows(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            return Rows.read(result);
        }
    }
}
