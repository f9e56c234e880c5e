package dev.big.jdbc;

import dev.big.db.Db;
import dev.big.db.Snapshot;
import dev.big.db.Transaction;
import dev.big.db.sql.PreparedSql;
import dev.big.db.sql.SqlCursor;
import dev.big.db.sql.SqlResult;
import dev.big.engine.LockWait;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A connection to one big file. Auto-commit is on by default: each write statement is one big
 * transaction, durable when it returns. With auto-commit off, the first write statement begins
 * one big write transaction ({@link Transaction}) that every later statement runs in until
 * {@link #commit} (all or nothing, durable when it returns) or {@link #rollback}; it holds the
 * file's write lock meanwhile, so other writers wait. At READ COMMITTED (the default), reads
 * before the first write see the latest commit, and reads after it the transaction's base commit
 * with its own writes. At REPEATABLE READ or SERIALIZABLE the transaction begins at its first
 * statement, read or write, so every statement sees one commit (and its own writes): on a
 * read-only connection it pins a snapshot instead (docs/jdbc.md, "Transactions").
 */
final class BigConnection extends ConnectionDefaults {

    private final String url;
    private final OpenDatabases.Shared shared;
    private final Db db;
    private final boolean readOnlyFile;
    private final List<Statement> statements = new ArrayList<>();
    /** How long a write waits for the write lock; null: the database's lock timeout. */
    private final Duration lockTimeout;
    private boolean readOnly;
    private boolean autoCommit = true;
    private int isolation = TRANSACTION_READ_COMMITTED;
    private Transaction transaction;
    /** A read-only connection's transaction at REPEATABLE READ or above: the commit it reads. */
    private Snapshot pinned;
    private final AtomicBoolean closed = new AtomicBoolean();
    /**
     * The wait for the write lock of the statement running now, if any: what {@link #close()},
     * {@link #abort} and {@code Statement.cancel} end without taking this connection's monitor,
     * which the waiting statement holds.
     */
    private volatile LockWait waiting;

    BigConnection(String url, OpenDatabases.Shared shared, boolean readOnlyFile, Duration lockTimeout) {
        this.url = url;
        this.lockTimeout = lockTimeout;
        this.shared = shared;
        this.db = shared.db();
        this.readOnlyFile = readOnlyFile;
        this.readOnly = readOnlyFile;
    }

    String url() {
        return url;
    }

    Db db() {
        return db;
    }

    /**
     * A wait for the write lock for one statement: at most this connection's lock timeout, or the
     * statement's query timeout ({@code queryTimeoutSeconds}, 0 for none) if that is shorter.
     */
    LockWait lockWait(int queryTimeoutSeconds) {
        Duration timeout = lockTimeout != null ? lockTimeout : db.lockTimeout();
        if (queryTimeoutSeconds > 0 && Duration.ofSeconds(queryTimeoutSeconds).compareTo(timeout) < 0) {
            timeout = Duration.ofSeconds(queryTimeoutSeconds);
        }
        return LockWait.upTo(timeout);
    }

    /**
     * Runs one statement with its parameters, in the open transaction if there is one (or begins
     * it). A query outside a transaction streams: its cursor holds a snapshot of the latest commit
     * until it is closed. Inside one the answer is collected at once, since the transaction's next
     * write changes what its view shows. A write that must wait for the write lock waits as
     * {@code wait} allows, and no longer than until this connection is closed or aborted.
     */
    synchronized SqlCursor run(PreparedSql statement, List<Object> parameters, LockWait wait) throws SQLException {
        ensureOpen();
        boolean write = statement.kind() == PreparedSql.Kind.WRITE;
        if (write && readOnly) {
            throw SqlExceptions.readOnly("the write statement");
        }
        waiting = wait;
        try {
            if (closed.get()) {
                wait.cancel(); // closed between ensureOpen and now: close() may not have seen this wait
            }
            if (!autoCommit && transaction == null && pinned == null && (write || isolation > TRANSACTION_READ_COMMITTED)) {
                if (readOnly) {
                    pinned = db.read();
                } else {
                    transaction = db.begin(wait);
                }
            }
            if (transaction != null) {
                return SqlCursor.of(statement.execute(transaction, parameters));
            }
            if (pinned != null) {
                return SqlCursor.of(statement.execute(pinned, parameters));
            }
            if (!write) {
                return db.query(statement, parameters.toArray());
            }
            try (Transaction single = db.begin(wait)) {
                SqlResult result = statement.execute(single, parameters);
                single.commit();
                return SqlCursor.of(result);
            }
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        } finally {
            waiting = null;
        }
    }

    /** What {@code statement} answers and takes, bound against the schema this connection reads now. */
    synchronized PreparedSql.Description describe(PreparedSql statement) throws SQLException {
        ensureOpen();
        try {
            if (transaction != null) {
                try (Snapshot view = transaction.read()) {
                    return statement.describe(view);
                }
            }
            if (pinned != null) {
                return statement.describe(pinned);
            }
            try (Snapshot snapshot = db.read()) {
                return statement.describe(snapshot);
            }
        } catch (RuntimeException e) {
            throw SqlExceptions.of(e);
        }
    }

    /** Work on a connection that may throw SQLException. */
    interface Work<T> {
        T run() throws SQLException;
    }

    /**
     * Runs a batch: with auto-commit on, all its statements as one transaction, committed when the
     * batch completes and rolled back whole if a statement fails (JDBC leaves this to the driver;
     * one commit instead of one per statement is what makes a batch fast); with auto-commit off, in
     * the open transaction, as any statement.
     */
    synchronized <T> T batch(Work<T> work) throws SQLException {
        ensureOpen();
        if (!autoCommit || readOnly) {
            return work.run();
        }
        autoCommit = false;
        boolean success = false;
        try {
            T result = work.run();
            success = true;
            return result;
        } finally {
            autoCommit = true;
            if (success) {
                Transaction open = transaction;
                transaction = null;
                if (open != null) {
                    try {
                        open.commit();
                    } catch (RuntimeException e) {
                        open.close();
                        throw SqlExceptions.of(e);
                    }
                }
            } else {
                rollbackOpen();
            }
        }
    }

    void forget(Statement statement) {
        synchronized (statements) {
            statements.remove(statement);
        }
    }

    private <S extends Statement> S remember(S statement) {
        synchronized (statements) {
            statements.add(statement);
        }
        return statement;
    }

    void ensureOpen() throws SQLException {
        if (closed.get()) {
            throw SqlExceptions.closed("connection");
        }
    }

    // ------------------------------------------------------------------ statements

    @Override
    public Statement createStatement() throws SQLException {
        ensureOpen();
        return remember(new BigStatement(this));
    }

    @Override
    public Statement createStatement(int type, int concurrency) throws SQLException {
        checkResultSetKind(type, concurrency, ResultSet.CLOSE_CURSORS_AT_COMMIT);
        return createStatement();
    }

    @Override
    public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
        checkResultSetKind(type, concurrency, holdability);
        return createStatement();
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        ensureOpen();
        return remember(new BigPreparedStatement(this, sql));
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
        checkResultSetKind(type, concurrency, ResultSet.CLOSE_CURSORS_AT_COMMIT);
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability) throws SQLException {
        checkResultSetKind(type, concurrency, holdability);
        return prepareStatement(sql);
    }

    private void checkResultSetKind(int type, int concurrency, int holdability) throws SQLException {
        ensureOpen();
        if (type != ResultSet.TYPE_FORWARD_ONLY) {
            throw SqlExceptions.unsupported("scrollable result sets", ReadOnlyResultSet.NAVIGATION);
        }
        if (concurrency != ResultSet.CONCUR_READ_ONLY) {
            throw SqlExceptions.unsupported("updatable result sets", ReadOnlyResultSet.UPDATES);
        }
        if (holdability != ResultSet.CLOSE_CURSORS_AT_COMMIT && holdability != ResultSet.HOLD_CURSORS_OVER_COMMIT) {
            throw new SQLException("unknown holdability " + holdability, "HY024");
        }
    }

    // ------------------------------------------------------------------ transactions

    @Override
    public synchronized void setAutoCommit(boolean on) throws SQLException {
        ensureOpen();
        if (on && !autoCommit) {
            commit(); // JDBC: switching auto-commit on commits the open transaction.
        }
        autoCommit = on;
    }

    @Override
    public synchronized boolean getAutoCommit() throws SQLException {
        ensureOpen();
        return autoCommit;
    }

    @Override
    public synchronized void commit() throws SQLException {
        ensureOpen();
        if (autoCommit) {
            throw new SQLException("commit with auto-commit on: every statement is committed already;"
                    + " call setAutoCommit(false) to group statements", "25000");
        }
        unpin();
        Transaction open = transaction;
        transaction = null;
        if (open != null) {
            try {
                open.commit();
            } catch (RuntimeException e) {
                open.close();
                throw SqlExceptions.of(e);
            }
        }
    }

    @Override
    public synchronized void rollback() throws SQLException {
        ensureOpen();
        if (autoCommit) {
            throw new SQLException("rollback with auto-commit on: every statement is committed already;"
                    + " call setAutoCommit(false) to group statements", "25000");
        }
        rollbackOpen();
    }

    private void unpin() {
        if (pinned != null) {
            pinned.close();
            pinned = null;
        }
    }

    private void rollbackOpen() throws SQLException {
        unpin();
        Transaction open = transaction;
        transaction = null;
        if (open != null) {
            try {
                open.rollback();
            } catch (RuntimeException e) {
                throw SqlExceptions.of(e);
            }
        }
    }

    /**
     * READ COMMITTED (READ UNCOMMITTED is served by it), or REPEATABLE READ and SERIALIZABLE, which
     * big gives alike (see the class comment). Takes effect with the next transaction.
     */
    @Override
    public synchronized void setTransactionIsolation(int level) throws SQLException {
        ensureOpen();
        isolation = switch (level) {
            case TRANSACTION_READ_UNCOMMITTED, TRANSACTION_READ_COMMITTED -> TRANSACTION_READ_COMMITTED;
            case TRANSACTION_REPEATABLE_READ, TRANSACTION_SERIALIZABLE -> TRANSACTION_SERIALIZABLE;
            default -> throw new SQLException("unknown transaction isolation level " + level, "HY024");
        };
    }

    @Override
    public synchronized int getTransactionIsolation() throws SQLException {
        ensureOpen();
        return isolation;
    }

    // ------------------------------------------------------------------ the rest

    /**
     * Closes the connection, rolling back a transaction left open (JDBC leaves it to the driver;
     * rolling back loses nothing committed). A statement of this connection waiting for the write
     * lock stops waiting at once, so close never waits for the lock; it waits only for a statement
     * running now to end.
     */
    @Override
    public void close() throws SQLException {
        if (markClosed()) {
            release();
        }
    }

    /**
     * JDBC's abort: marks the connection closed and ends a wait for the write lock at once, on the
     * caller's thread, then rolls back an open transaction and lets go of the database on
     * {@code executor}, once a statement running now has ended.
     */
    @Override
    public void abort(Executor executor) throws SQLException {
        if (executor == null) {
            throw new SQLException("abort needs an executor to release the connection on", "HY009");
        }
        if (markClosed()) {
            executor.execute(() -> {
                try {
                    release();
                } catch (SQLException e) {
                    // Nobody waits for an abort's outcome; the rollback lost nothing committed.
                }
            });
        }
    }

    /** Marks this connection closed and ends a statement's wait for the write lock; false if it was closed already. */
    private boolean markClosed() {
        if (!closed.compareAndSet(false, true)) {
            return false;
        }
        LockWait wait = waiting;
        if (wait != null) {
            wait.cancel();
        }
        return true;
    }

    /** Closes the statements, rolls back what is open and lets go of the database. */
    private void release() throws SQLException {
        List<Statement> open;
        synchronized (statements) {
            open = new ArrayList<>(statements);
        }
        try {
            for (Statement statement : open) {
                statement.close();
            }
            synchronized (this) {
                rollbackOpen();
            }
        } finally {
            shared.release();
        }
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        ensureOpen();
        return new BigDatabaseMetaData(this);
    }

    @Override
    public void setReadOnly(boolean on) throws SQLException {
        ensureOpen();
        if (!on && readOnlyFile) {
            throw SqlExceptions.readOnly("setReadOnly(false)");
        }
        readOnly = on;
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        ensureOpen();
        return readOnly;
    }


    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        if (type == Db.class) {
            return type.cast(db);
        }
        throw new SQLException("a big connection is not a " + type.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this) || type == Db.class;
    }
}
