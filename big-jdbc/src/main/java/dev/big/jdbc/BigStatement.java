package dev.big.jdbc;

import dev.big.db.sql.PreparedSql;
import dev.big.db.sql.SqlEngine;
import dev.big.db.sql.SqlCursor;
import dev.big.engine.LockWait;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Runs statements of big's SQL (docs/sql.md): SELECT (and EXPLAIN) give a result set, INSERT,
 * UPDATE and DELETE an update count, and so does COPY ... TO (the rows it wrote), as DuckDB's
 * driver reports it. One open result set per statement, as JDBC has it.
 */
class BigStatement extends StatementDefaults {

    final BigConnection connection;
    private ResultSet resultSet;
    private long updateCount = -1;
    private long maxRows;
    private int fetchSize;
    private int queryTimeoutSeconds;
    private boolean closeOnCompletion;
    private boolean poolable;
    private boolean closed;
    private final List<String> batch = new ArrayList<>();
    /** The wait for the write lock of the execution running now, which {@link #cancel()} ends; null otherwise. */
    private volatile LockWait running;

    BigStatement(BigConnection connection) {
        this.connection = connection;
    }

    void ensureOpen() throws SQLException {
        if (closed) {
            throw SqlExceptions.closed("statement");
        }
        connection.ensureOpen();
    }

    /** {@code sql} prepared (from the engine's cache by text), its errors as JDBC's. */
    static PreparedSql prepared(String sql) throws SQLException {
        try {
            return SqlEngine.prepared(sql);
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        }
    }

    /** Runs {@code statement}; returns true when it produced a result set. */
    final boolean run(PreparedSql statement, List<Object> parameters) throws SQLException {
        ensureOpen();
        closeResultSet();
        updateCount = -1;
        LockWait wait = connection.lockWait(queryTimeoutSeconds);
        running = wait;
        SqlCursor cursor;
        try {
            cursor = connection.run(statement, parameters, wait);
        } finally {
            running = null;
        }
        if (answersUpdateCount(statement)) {
            try (cursor) {
                updateCount = ((Number) cursor.next().getFirst()).longValue();
            }
            return false;
        }
        Iterator<List<Object>> rows = maxRows <= 0 ? cursor : new Iterator<>() {
            private long left = maxRows;

            @Override
            public boolean hasNext() {
                return left > 0 && cursor.hasNext();
            }

            @Override
            public List<Object> next() {
                left--;
                return cursor.next();
            }
        };
        resultSet = new ListResultSet(this, cursor.columns(), cursor.types(), rows, () -> {
            try {
                cursor.close();
            } finally {
                resultSetClosed();
            }
        });
        return true;
    }

    /** Whether {@code statement} answers an update count rather than a result set: a write, or a COPY. */
    static boolean answersUpdateCount(PreparedSql statement) {
        return statement.kind() != PreparedSql.Kind.QUERY;
    }

    private void resultSetClosed() throws SQLException {
        if (closeOnCompletion && !closed) {
            close();
        }
    }

    final ResultSet query(PreparedSql statement, List<Object> parameters) throws SQLException {
        if (answersUpdateCount(statement)) {
            ensureOpen();
            throw new SQLException("executeQuery of a statement that answers an update count (INSERT, UPDATE, DELETE or"
                    + " COPY): run it with executeUpdate or execute", "07000");
        }
        run(statement, parameters);
        return resultSet;
    }

    final long update(PreparedSql statement, List<Object> parameters) throws SQLException {
        if (!answersUpdateCount(statement)) {
            ensureOpen();
            throw new SQLException("executeUpdate of a query: run it with executeQuery or execute", "07000");
        }
        run(statement, parameters);
        return updateCount;
    }

    private void closeResultSet() throws SQLException {
        if (resultSet != null) {
            ResultSet open = resultSet;
            resultSet = null;
            boolean completion = closeOnCompletion;
            closeOnCompletion = false; // Closing the old result set must not close this statement.
            try {
                open.close();
            } finally {
                closeOnCompletion = completion;
            }
        }
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        return query(prepared(sql), List.of());
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        return Math.toIntExact(update(prepared(sql), List.of()));
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        return update(prepared(sql), List.of());
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        return run(prepared(sql), List.of());
    }

    @Override
    public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        checkNoGeneratedKeys(autoGeneratedKeys);
        return executeUpdate(sql);
    }

    @Override
    public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
        throw SqlExceptions.unsupported("generated keys", "give the ids in INSERT INTO t (id, ...)");
    }

    @Override
    public int executeUpdate(String sql, String[] columnNames) throws SQLException {
        throw SqlExceptions.unsupported("generated keys", "give the ids in INSERT INTO t (id, ...)");
    }

    @Override
    public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
        checkNoGeneratedKeys(autoGeneratedKeys);
        return execute(sql);
    }

    @Override
    public boolean execute(String sql, int[] columnIndexes) throws SQLException {
        throw SqlExceptions.unsupported("generated keys", "give the ids in INSERT INTO t (id, ...)");
    }

    @Override
    public boolean execute(String sql, String[] columnNames) throws SQLException {
        throw SqlExceptions.unsupported("generated keys", "give the ids in INSERT INTO t (id, ...)");
    }

    static void checkNoGeneratedKeys(int autoGeneratedKeys) throws SQLException {
        if (autoGeneratedKeys == RETURN_GENERATED_KEYS) {
            throw SqlExceptions.unsupported("generated keys", "give the ids in INSERT INTO t (id, ...)");
        }
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        ensureOpen();
        return ListResultSet.of(List.of("id"), List.of(dev.big.db.sql.ColumnType.ID), List.of());
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        ensureOpen();
        return resultSet;
    }

    @Override
    public int getUpdateCount() throws SQLException {
        ensureOpen();
        return updateCount < 0 ? -1 : (int) Math.min(Integer.MAX_VALUE, updateCount);
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        ensureOpen();
        return updateCount;
    }

    /** One statement gives one result: there is never another. */
    @Override
    public boolean getMoreResults() throws SQLException {
        return getMoreResults(CLOSE_CURRENT_RESULT);
    }

    @Override
    public boolean getMoreResults(int current) throws SQLException {
        ensureOpen();
        if (current != KEEP_CURRENT_RESULT) {
            closeResultSet();
        }
        resultSet = null;
        updateCount = -1;
        return false;
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        ensureOpen();
        batch.add(sql);
    }

    @Override
    public void clearBatch() throws SQLException {
        ensureOpen();
        batch.clear();
    }

    @Override
    public int[] executeBatch() throws SQLException {
        long[] counts = executeLargeBatch();
        int[] small = new int[counts.length];
        for (int i = 0; i < counts.length; i++) {
            small[i] = (int) Math.min(Integer.MAX_VALUE, counts[i]);
        }
        return small;
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        ensureOpen();
        List<String> statements = List.copyOf(batch);
        batch.clear();
        return BatchRun.run(connection, statements.size(), i -> update(prepared(statements.get(i)), List.of()));
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closeOnCompletion = false;
        closeResultSet();
        closed = true;
        connection.forget(this);
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public Connection getConnection() throws SQLException {
        ensureOpen();
        return connection;
    }

    @Override
    public int getMaxRows() throws SQLException {
        return (int) Math.min(Integer.MAX_VALUE, getLargeMaxRows());
    }

    @Override
    public void setMaxRows(int max) throws SQLException {
        setLargeMaxRows(max);
    }

    @Override
    public long getLargeMaxRows() throws SQLException {
        ensureOpen();
        return maxRows;
    }

    @Override
    public void setLargeMaxRows(long max) throws SQLException {
        ensureOpen();
        if (max < 0) {
            throw new SQLException("max rows " + max + " is negative", "22023");
        }
        maxRows = max;
    }

    /**
     * Ends this statement's wait for the write lock, if it is waiting (from another thread, as
     * JDBC has it): the execution fails with SQLState 57014 and writes nothing. A statement that
     * is reading or writing runs to its end (big's statements are short; bound a query with WHERE
     * and LIMIT); cancelling a statement that is not running does nothing.
     */
    @Override
    public void cancel() throws SQLException {
        ensureOpen();
        LockWait wait = running;
        if (wait != null) {
            wait.cancel();
        }
    }

    /**
     * The query timeout bounds how long a write waits for the write lock (the connection's lock
     * timeout, if shorter, bounds it too): past it, the execution fails with
     * {@link java.sql.SQLTimeoutException}. A statement that has the lock, or only reads, runs to
     * its end (docs/jdbc.md).
     */
    @Override
    public int getQueryTimeout() throws SQLException {
        ensureOpen();
        return queryTimeoutSeconds;
    }

    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        ensureOpen();
        if (seconds < 0) {
            throw new SQLException("query timeout " + seconds + " is negative", "22023");
        }
        queryTimeoutSeconds = seconds;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        ensureOpen();
        if (rows < 0) {
            throw new SQLException("fetch size " + rows + " is negative", "22023");
        }
        fetchSize = rows;
    }

    @Override
    public int getFetchSize() throws SQLException {
        ensureOpen();
        return fetchSize;
    }

    @Override
    public void setPoolable(boolean poolable) throws SQLException {
        ensureOpen();
        this.poolable = poolable;
    }

    @Override
    public boolean isPoolable() throws SQLException {
        ensureOpen();
        return poolable;
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        ensureOpen();
        closeOnCompletion = true;
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        ensureOpen();
        return closeOnCompletion;
    }

}
