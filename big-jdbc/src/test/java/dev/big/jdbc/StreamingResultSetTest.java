package dev.big.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A result set reads its rows as it moves, from the commit its statement ran on: a batch of
 * prepared INSERTs loads more records than one page of ids (4,096), the listing of all of them
 * equals DuckDB's, and a result set left open while another statement deletes every record still
 * reads the records of its commit. With auto-commit on, a batch is one transaction: a batch whose
 * last statement fails writes nothing.
 */
class StreamingResultSetTest {

    private static final int RECORDS = 5_000;

    private static void load(Connection connection) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO events (id, value, price, type, tags)"
                + " VALUES (?, ?, ?, ?, ?)")) {
            for (int i = 0; i < RECORDS; i++) {
                insert.setLong(1, i * 2L);
                insert.setInt(2, i % 1000);
                insert.setBigDecimal(3, BigDecimal.valueOf(i, 2));
                insert.setString(4, "t" + i % 7);
                insert.setArray(5, connection.createArrayOf("VARCHAR", i % 2 == 0 ? new String[] {"even"} : new String[0]));
                insert.addBatch();
            }
            int[] counts = insert.executeBatch();
            assertEquals(RECORDS, counts.length);
            assertTrue(Arrays.stream(counts).allMatch(c -> c == 1));
        }
    }

    @Test
    void aLongListingStreamsAsDuckDbAnswersIt() throws SQLException {
        Path file = Fixtures.newBigFile("streaming");
        try (Connection big = DriverManager.getConnection("jdbc:big:" + file); Connection duck = Fixtures.duckDb()) {
            big.setAutoCommit(false);
            load(big);
            big.commit();
            load(duck);
            String sql = "SELECT * FROM events WHERE value >= 10 ORDER BY id DESC";
            try (Statement a = big.createStatement(); Statement b = duck.createStatement();
                 ResultSet ours = a.executeQuery(sql); ResultSet theirs = b.executeQuery(sql)) {
                assertEquals(Rows.read(theirs), Rows.read(ours));
            }
            try (Statement a = big.createStatement()) {
                a.setMaxRows(4097);
                try (ResultSet limited = a.executeQuery("SELECT id FROM events")) {
                    assertEquals(4097, Rows.read(limited).size());
                }
            }
        }
    }

    @Test
    void anOpenResultSetReadsTheCommitItStartedOn() throws SQLException {
        Path file = Fixtures.newBigFile("streaming-snapshot");
        try (Connection connection = DriverManager.getConnection("jdbc:big:" + file);
             Statement reader = connection.createStatement(); Statement writer = connection.createStatement()) {
            load(connection);
            try (ResultSet all = reader.executeQuery("SELECT id FROM events ORDER BY id")) {
                assertTrue(all.next());
                assertEquals(0, all.getLong(1));
                assertEquals(RECORDS, writer.executeUpdate("DELETE FROM events"));
                int rows = 1;
                while (all.next()) {
                    assertEquals(rows * 2L, all.getLong(1));
                    rows++;
                }
                assertEquals(RECORDS, rows, "every record of the commit the listing began on");
            }
            try (ResultSet none = reader.executeQuery("SELECT count(*) FROM events")) {
                assertTrue(none.next());
                assertEquals(0, none.getLong(1));
            }
            writer.addBatch("INSERT INTO events (id) VALUES (1)");
            writer.addBatch("INSERT INTO events (id) VALUES (1)");
            java.sql.SQLException failed = org.junit.jupiter.api.Assertions.assertThrows(java.sql.SQLException.class,
                    writer::executeBatch);
            assertTrue(failed.getMessage().contains("has a record 1 already"), failed.getMessage());
            try (ResultSet none = reader.executeQuery("SELECT count(*) FROM events")) {
                assertTrue(none.next());
                assertEquals(0, none.getLong(1), "the batch was rolled back whole");
            }
        }
    }
}
