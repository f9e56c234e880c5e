package dev.big.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * A numeric getter whose type cannot hold the value refuses it with SQLState 22003 ("numeric
 * value out of range", as PostgreSQL's driver and DuckDB's casts do) instead of answering another
 * number: {@code getLong} of the DOUBLE 1e30 answered {@code Long.MAX_VALUE}. Each getter of each
 * integer width, of a DOUBLE, a DECIMAL, a HUGEINT and a BIGINT, in a streamed result set and in
 * one read whole inside a transaction; values in range still read, truncated toward zero.
 */
class NumericOutOfRangeTest {

    /** avg * avg is the DOUBLE 1e30, sum + sum the HUGEINT 4e15, sum(price) squared the DECIMAL 1e28. */
    private static final String QUERY = "SELECT avg(value) * avg(value), sum(value) + sum(value), sum(price) * sum(price),"
            + " max(value), avg(value) / 400000000000000, -(avg(value) * avg(value)) FROM events";

    @Test
    void outOfRangeValuesAreRefusedInAStreamedResultSet() throws SQLException {
        try (Connection big = loaded()) {
            checkEveryGetter(big);
        }
    }

    @Test
    void outOfRangeValuesAreRefusedInAResultSetOfATransaction() throws SQLException {
        try (Connection big = loaded()) {
            big.setAutoCommit(false);
            try (Statement statement = big.createStatement()) {
                // A record of no values: the transaction reads its own write, and the answers stay the same.
                statement.executeUpdate("INSERT INTO events (id) VALUES (3)");
            }
            checkEveryGetter(big);
            big.rollback();
        }
    }

    private static Connection loaded() throws SQLException {
        Connection big = DriverManager.getConnection("jdbc:big:" + Fixtures.newBigFile("numeric-range"));
        try (Statement statement = big.createStatement()) {
            statement.executeUpdate("INSERT INTO events (id, value, price) VALUES (1, 1000000000000000, 100000000000000.00),"
                    + " (2, 1000000000000000, NULL)");
        }
        return big;
    }

    private static void checkEveryGetter(Connection big) throws SQLException {
        try (Statement statement = big.createStatement(); ResultSet result = statement.executeQuery(QUERY)) {
            assertTrue(result.next());
            assertEquals(1e30, result.getDouble(1));
            for (int column : new int[] {1, 6}) {
                assertOutOfRange("getLong", column, () -> result.getLong(column));
                assertOutOfRange("getInt", column, () -> result.getInt(column));
                assertOutOfRange("getShort", column, () -> result.getShort(column));
                assertOutOfRange("getByte", column, () -> result.getByte(column));
                assertOutOfRange("getObject(Long)", column, () -> result.getObject(column, Long.class));
                assertOutOfRange("getObject(Integer)", column, () -> result.getObject(column, Integer.class));
            }
            assertEquals(new BigInteger("4000000000000000"), result.getObject(2));
            assertEquals(4_000_000_000_000_000L, result.getLong(2));
            assertOutOfRange("getInt", 2, () -> result.getInt(2));
            assertEquals(new BigDecimal("10000000000000000000000000000.0000"), result.getBigDecimal(3));
            assertOutOfRange("getLong", 3, () -> result.getLong(3));
            assertOutOfRange("getInt", 3, () -> result.getInt(3));
            assertEquals(1_000_000_000_000_000L, result.getLong(4));
            assertOutOfRange("getInt", 4, () -> result.getInt(4));
            assertOutOfRange("getShort", 4, () -> result.getShort(4));
            assertOutOfRange("getByte", 4, () -> result.getByte(4));
            assertEquals(2.5, result.getDouble(5));
            assertEquals(2, result.getLong(5), "a DOUBLE in range is truncated toward zero");
            assertEquals(2, result.getByte(5));
            assertEquals(-1e30, result.getDouble(6));
        }
        try (Statement statement = big.createStatement();
             ResultSet result = statement.executeQuery("SELECT avg(value) * avg(value) * avg(value) * avg(value) * avg(value)"
                     + " * avg(value) * avg(value) * avg(value) * avg(value) FROM events")) {
            assertTrue(result.next());
            assertEquals(1e135, result.getDouble(1), 1e121);
            assertOutOfRange("getFloat", 1, () -> result.getFloat(1));
        }
    }

    private interface Getter {
        Object get() throws SQLException;
    }

    private static void assertOutOfRange(String getter, int column, Getter call) {
        SQLException refused = assertThrows(SQLException.class, () -> {
            Object answer = call.get();
            throw new AssertionError(getter + " of column " + column + " answered " + answer);
        }, getter + " of column " + column);
        assertInstanceOf(SQLDataException.class, refused, refused.toString());
        assertEquals("22003", refused.getSQLState(), getter + " of column " + column + ": " + refused.getMessage());
        assertTrue(refused.getMessage().contains("out of range") || refused.getMessage().contains("does not fit"),
                refused.getMessage());
    }
}
