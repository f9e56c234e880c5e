package dev.big.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * No connection leaves every writer of the JVM stuck: an abort from another thread releases the
 * write lock its transaction holds, and a connection waiting for the write lock can be aborted,
 * closed, cancelled or timed out (issue "No lost record, no stuck writer", defects 3 and 4).
 * Every wait here is bounded, so a regression fails rather than hangs the build.
 */
class StuckWriterTest {

    private final Path file = Fixtures.newBigFile("stuck");
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    @Test
    void anAbortFromAnotherThreadRollsBackAndLetsTheNextWriterIn() throws Exception {
        try (Connection holder = connect(""); Connection next = connect("")) {
            holder.setAutoCommit(false);
            holder.createStatement().executeUpdate("INSERT INTO events (id, value) VALUES (1, 10)");
            threads.submit(() -> {
                holder.abort(Runnable::run);
                return null;
            }).get(10, TimeUnit.SECONDS);
            assertTrue(holder.isClosed());
            assertEquals(1, within(() -> next.createStatement().executeUpdate("INSERT INTO events (id, value) VALUES (2, 20)")));
            assertEquals(1L, count(next), "the aborted transaction's insert was rolled back, the next one committed");
        }
    }

    @Test
    void aConnectionWaitingForTheWriteLockCanBeAborted() throws Exception {
        try (Connection holder = connect(""); Connection waiter = connect("")) {
            holder.setAutoCommit(false);
            holder.createStatement().executeUpdate("INSERT INTO events (id, value) VALUES (1, 10)");
            Future<Integer> waiting = threads.submit(() -> waiter.createStatement().executeUpdate(
                    "INSERT INTO events (id, value) VALUES (2, 20)"));
            awaitWaiting(waiting);
            Future<?> abort = threads.submit(() -> {
                waiter.abort(threads);
                return null;
            });
            abort.get(5, TimeUnit.SECONDS);
            SQLException refused = failure(waiting);
            assertEquals("57014", refused.getSQLState(), refused.getMessage());
            assertTrue(refused.getMessage().contains("cancelled"), refused.getMessage());
            holder.commit();
            assertEquals(1L, count(holder), "only the holder's insert is in");
        }
    }

    @Test
    void aConnectionWaitingForTheWriteLockCanBeClosedFromAnotherThread() throws Exception {
        try (Connection holder = connect("")) {
            Connection waiter = connect("");
            holder.setAutoCommit(false);
            holder.createStatement().executeUpdate("INSERT INTO events (id, value) VALUES (1, 10)");
            Future<Integer> waiting = threads.submit(() -> waiter.createStatement().executeUpdate(
                    "INSERT INTO events (id, value) VALUES (2, 20)"));
            awaitWaiting(waiting);
            threads.submit(() -> {
                waiter.close();
                return null;
            }).get(5, TimeUnit.SECONDS);
            assertTrue(waiter.isClosed());
            assertEquals("57014", failure(waiting).getSQLState());
            holder.rollback();
        }
    }

    @Test
    void aStatementWaitingForTheWriteLockCanBeCancelled() throws Exception {
        try (Connection holder = connect(""); Connection waiter = connect("")) {
            holder.setAutoCommit(false);
            holder.createStatement().executeUpdate("INSERT INTO events (id, value) VALUES (1, 10)");
            Statement statement = waiter.createStatement();
            Future<Integer> waiting = threads.submit(() -> statement.executeUpdate("INSERT INTO events (id, value) VALUES (2, 20)"));
            awaitWaiting(waiting);
            statement.cancel();
            assertEquals("57014", failure(waiting).getSQLState());
            holder.commit();
            assertEquals(1, statement.executeUpdate("INSERT INTO events (id, value) VALUES (2, 20)"), "the statement runs again");
        }
    }

    @Test
    void theQueryTimeoutBoundsAWaitForTheWriteLock() throws Exception {
        try (Connection holder = connect(""); Connection waiter = connect("")) {
            holder.setAutoCommit(false);
            holder.createStatement().executeUpdate("INSERT INTO events (id, value) VALUES (1, 10)");
            Statement statement = waiter.createStatement();
            statement.setQueryTimeout(1);
            long start = System.nanoTime();
            SQLException timedOut = failure(threads.submit(() -> statement.executeUpdate(
                    "INSERT INTO events (id, value) VALUES (2, 20)")));
            assertInstanceOf(SQLTimeoutException.class, timedOut);
            assertEquals("HYT00", timedOut.getSQLState());
            assertTrue(timedOut.getMessage().contains("held by a write transaction begun on thread"), timedOut.getMessage());
            assertTrue(System.nanoTime() - start >= 900_000_000L, "it waited for the timeout");
            holder.rollback();
        }
    }

    @Test
    void theUrlsLockTimeoutBoundsAWaitForTheWriteLock() throws Exception {
        try (Connection holder = connect(""); Connection waiter = connect("?lockTimeout=200")) {
            holder.setAutoCommit(false);
            holder.createStatement().executeUpdate("INSERT INTO events (id, value) VALUES (1, 10)");
            SQLException timedOut = failure(threads.submit(() -> waiter.createStatement().executeUpdate(
                    "INSERT INTO events (id, value) VALUES (2, 20)")));
            assertEquals("HYT00", timedOut.getSQLState());
            assertTrue(timedOut.getMessage().contains("200 ms"), timedOut.getMessage());
            holder.commit();
        }
    }

    private Connection connect(String properties) throws SQLException {
        return DriverManager.getConnection("jdbc:big:" + file + properties);
    }

    private static long count(Connection connection) throws SQLException {
        try (var result = connection.createStatement().executeQuery("SELECT count(*) FROM events")) {
            result.next();
            return result.getLong(1);
        }
    }

    /** The value of {@code work}, run on another thread, failing after 10 s rather than hanging. */
    private <T> T within(java.util.concurrent.Callable<T> work) throws Exception {
        try {
            return threads.submit(work).get(10, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("the write still waits after 10 s: the write lock was never released", e);
        }
    }

    /** Gives a statement time to reach its wait for the write lock (it must still be waiting). */
    private static void awaitWaiting(Future<?> waiting) throws InterruptedException {
        Thread.sleep(200);
        assertFalse(waiting.isDone(), "the statement did not wait for the write lock");
    }

    /** The SQLException {@code execution} ended with, within 10 s. */
    private static SQLException failure(Future<?> execution) throws Exception {
        try {
            execution.get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            return assertInstanceOf(SQLException.class, e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("the statement still waits for the write lock after 10 s", e);
        }
        throw new AssertionError("the statement did not fail");
    }
}
