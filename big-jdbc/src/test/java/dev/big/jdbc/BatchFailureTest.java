package dev.big.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * A batch whose statement fails throws {@link BatchUpdateException}, as JDBC says, carrying the
 * update counts of the statements before it, the statement's own exception as its cause (and
 * next exception) and that exception's SQLState: it threw the statement's SQLDataException. big
 * stops at the failing statement; with auto-commit on the batch is one transaction, rolled back
 * whole, so the counts say what those statements did before the rollback took it back; with
 * auto-commit off their writes stay in the open transaction.
 */
class BatchFailureTest {

    @Test
    void aFailingStatementBatchThrowsBatchUpdateExceptionAndWritesNothing() throws SQLException {
        try (Connection big = DriverManager.getConnection("jdbc:big:" + Fixtures.newBigFile("batch-failure"));
             Statement statement = big.createStatement()) {
            statement.executeUpdate("INSERT INTO events (id, value) VALUES (10, 0)");
            statement.addBatch("INSERT INTO events (id, value) VALUES (1, 1)");
            statement.addBatch("INSERT INTO events (id, value) VALUES (2, 2), (3, 3)");
            statement.addBatch("INSERT INTO events (id, value) VALUES (10, 10)");
            statement.addBatch("INSERT INTO events (id, value) VALUES (4, 4)");
            BatchUpdateException failed = assertThrows(BatchUpdateException.class, statement::executeBatch);
            assertArrayEquals(new int[] {1, 2}, failed.getUpdateCounts());
            assertArrayEquals(new long[] {1, 2}, failed.getLargeUpdateCounts());
            assertKeepsTheStatementsError(failed, "22000", "has a record 10 already");
            assertEquals(1, count(big), "the batch was rolled back whole");
            assertArrayEquals(new int[0], statement.executeBatch(), "the failed batch is cleared");
        }
    }

    @Test
    void aFailingPreparedBatchThrowsBatchUpdateExceptionFromEitherCall() throws SQLException {
        try (Connection big = DriverManager.getConnection("jdbc:big:" + Fixtures.newBigFile("batch-failure"));
             PreparedStatement insert = big.prepareStatement("INSERT INTO events (id, value) VALUES (?, ?)")) {
            for (boolean large : new boolean[] {false, true}) {
                for (long id : new long[] {1, 2, 2, 3}) {
                    insert.setLong(1, id);
                    insert.setLong(2, id);
                    insert.addBatch();
                }
                BatchUpdateException failed = assertThrows(BatchUpdateException.class,
                        large ? insert::executeLargeBatch : insert::executeBatch);
                assertArrayEquals(new long[] {1, 1}, failed.getLargeUpdateCounts(), "large " + large);
                assertArrayEquals(new int[] {1, 1}, failed.getUpdateCounts(), "large " + large);
                assertKeepsTheStatementsError(failed, "22000", "has a record 2 already");
                assertEquals(0, count(big), "the batch was rolled back whole");
            }
        }
    }

    @Test
    void aQueryInABatchIsAFailingStatement() throws SQLException {
        try (Connection big = DriverManager.getConnection("jdbc:big:" + Fixtures.newBigFile("batch-failure"));
             Statement statement = big.createStatement()) {
            statement.addBatch("INSERT INTO events (id) VALUES (1)");
            statement.addBatch("SELECT count(*) FROM events");
            BatchUpdateException failed = assertThrows(BatchUpdateException.class, statement::executeBatch);
            assertArrayEquals(new int[] {1}, failed.getUpdateCounts());
            assertEquals("07000", failed.getSQLState());
            assertEquals(0, count(big));
        }
    }

    @Test
    void withAutoCommitOffTheStatementsBeforeTheFailureStayInTheTransaction() throws SQLException {
        try (Connection big = DriverManager.getConnection("jdbc:big:" + Fixtures.newBigFile("batch-failure"));
             Statement statement = big.createStatement()) {
            big.setAutoCommit(false);
            statement.addBatch("INSERT INTO events (id) VALUES (1)");
            statement.addBatch("INSERT INTO events (id) VALUES (1)");
            BatchUpdateException failed = assertThrows(BatchUpdateException.class, statement::executeBatch);
            assertArrayEquals(new int[] {1}, failed.getUpdateCounts());
            big.commit();
            assertEquals(1, count(big), "the first statement's record, committed with the transaction");
        }
    }

    private static void assertKeepsTheStatementsError(BatchUpdateException failed, String sqlState, String message) {
        assertEquals(sqlState, failed.getSQLState());
        assertTrue(failed.getMessage().contains(message), failed.getMessage());
        assertTrue(failed.getMessage().startsWith("statement " + (failed.getUpdateCounts().length + 1) + " of the batch"),
                failed.getMessage());
        SQLDataException cause = assertInstanceOf(SQLDataException.class, failed.getCause());
        assertEquals(sqlState, cause.getSQLState());
        assertTrue(failed.getNextException() == cause, "the statement's exception is also the next exception");
    }

    private static long count(Connection big) throws SQLException {
        try (Statement statement = big.createStatement(); ResultSet count = statement.executeQuery("SELECT count(*) FROM events")) {
            count.next();
            return count.getLong(1);
        }
    }
}
