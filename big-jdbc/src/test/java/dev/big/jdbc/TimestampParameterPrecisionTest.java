package dev.big.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import org.junit.jupiter.api.Test;

/**
 * Through JDBC, a timestamp finer than a millisecond bound to a {@code ?} is refused as the same
 * literal is (docs/sql.md, "Parameters"), whichever setter bound it, in a comparison and as an
 * INSERT or UPDATE value: before, {@code setTimestamp} of .0005 wrote .000.
 */
class TimestampParameterPrecisionTest {

    private static final LocalDateTime HALF_A_MILLISECOND_IN = LocalDateTime.of(2024, 1, 1, 0, 0, 0, 500_000);

    @Test
    void everySetterOfASubMillisecondValueIsRefusedAndNothingIsWritten() throws SQLException {
        try (Connection big = DriverManager.getConnection("jdbc:big:" + Fixtures.newBigFile("timestamp-precision"))) {
            try (PreparedStatement insert = big.prepareStatement("INSERT INTO events (id, ts) VALUES (1, ?)")) {
                insert.setTimestamp(1, Timestamp.valueOf(HALF_A_MILLISECOND_IN));
                assertRefused(assertThrows(SQLException.class, insert::executeUpdate));
                insert.setObject(1, HALF_A_MILLISECOND_IN);
                assertRefused(assertThrows(SQLException.class, insert::executeUpdate));
                insert.setObject(1, Instant.parse("2024-01-01T00:00:00.000500Z"));
                assertRefused(assertThrows(SQLException.class, insert::executeUpdate));
                insert.setObject(1, OffsetDateTime.parse("2024-01-01T00:00:00.000500Z"));
                assertRefused(assertThrows(SQLException.class, insert::executeUpdate));
            }
            try (Statement statement = big.createStatement(); ResultSet none = statement.executeQuery("SELECT count(*) FROM events")) {
                none.next();
                assertEquals(0, none.getLong(1), "nothing was written");
            }
        }
    }

    @Test
    void comparisonsAndUpdatesAreRefusedAndWholeMillisecondsTaken() throws SQLException {
        try (Connection big = DriverManager.getConnection("jdbc:big:" + Fixtures.newBigFile("timestamp-precision"))) {
            try (PreparedStatement insert = big.prepareStatement("INSERT INTO events (id, ts) VALUES (1, ?)")) {
                insert.setTimestamp(1, Timestamp.valueOf(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 250_000_000)));
                assertEquals(1, insert.executeUpdate());
            }
            try (PreparedStatement count = big.prepareStatement("SELECT count(*) FROM events WHERE ts >= ?")) {
                count.setTimestamp(1, Timestamp.valueOf(HALF_A_MILLISECOND_IN));
                assertRefused(assertThrows(SQLException.class, count::executeQuery));
                count.setTimestamp(1, Timestamp.valueOf(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 250_000_000)));
                try (ResultSet one = count.executeQuery()) {
                    one.next();
                    assertEquals(1, one.getLong(1));
                }
            }
            try (PreparedStatement update = big.prepareStatement("UPDATE events SET ts = ? WHERE id = 1")) {
                update.setTimestamp(1, Timestamp.valueOf(HALF_A_MILLISECOND_IN));
                assertRefused(assertThrows(SQLException.class, update::executeUpdate));
            }
            try (Statement statement = big.createStatement(); ResultSet kept = statement.executeQuery("SELECT ts FROM events")) {
                kept.next();
                assertEquals(Timestamp.valueOf(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 250_000_000)), kept.getTimestamp(1));
            }
        }
    }

    private static void assertRefused(SQLException refused) {
        assertTrue(refused.getMessage().contains("timestamp parameter 1 (2024-01-01T00:00:00.000500Z) finer than a millisecond"),
                refused.getMessage());
        assertEquals("42000", refused.getSQLState(), "refused as the literal is: outside big's subset");
    }
}
