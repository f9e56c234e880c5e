package dev.big.jdbc;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * Runs the statements of a batch in order on a connection ({@link BigConnection#batch}: one
 * transaction with auto-commit on, the open one with it off) and counts what each changed.
 *
 * <p>A failure is reported as JDBC says, as a {@link BatchUpdateException}: big stops at the first
 * statement that fails, so its update counts are those of the statements before it, in order
 * (fewer than the batch's statements); the statement's own exception is its cause and its next
 * exception, and its SQLState is kept. With auto-commit on, the batch's transaction is rolled
 * back whole, so those counts say what the statements did before the rollback took it back; with
 * auto-commit off their writes stay in the open transaction. A commit that fails after every
 * statement ran reports all their counts.
 */
final class BatchRun {

    /** One statement of the batch, by its position (from 0): its update count. */
    interface Statement {
        long run(int index) throws SQLException;
    }

    static long[] run(BigConnection connection, int statements, Statement statement) throws SQLException {
        long[] counts = new long[statements];
        int[] ran = {0};
        try {
            return connection.batch(() -> {
                for (int i = 0; i < statements; i++) {
                    counts[i] = statement.run(i);
                    ran[0] = i + 1;
                }
                return counts;
            });
        } catch (BatchUpdateException e) {
            throw e;
        } catch (SQLException e) {
            String what = ran[0] < statements ? "statement " + (ran[0] + 1) + " of the batch of " + statements + " failed"
                    : "the batch of " + statements + " statements ran but its commit failed";
            BatchUpdateException failed = new BatchUpdateException(what + ": " + e.getMessage(), e.getSQLState(),
                    e.getErrorCode(), Arrays.copyOf(counts, ran[0]), e);
            failed.setNextException(e);
            throw failed;
        }
    }

    private BatchRun() {}
}
