package dev.big.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;

/**
 * What every big statement answers the same way: result sets are forward-only and read-only,
 * closed at commit; there are no warnings, escapes, named cursors or binary columns.
 */
abstract class StatementDefaults implements Statement {

    /** Throws when the statement or its connection is closed. */
    abstract void ensureOpen() throws SQLException;

    @Override
    public int getMaxFieldSize() throws SQLException {
        ensureOpen();
        return 0;
    }

    @Override
    public void setMaxFieldSize(int max) throws SQLException {
        ensureOpen(); // big has no binary columns, to which the limit applies; strings are returned whole.
    }

    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        ensureOpen(); // big's SQL has no JDBC escapes ({fn ...}); statements are passed as written.
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        ensureOpen();
        return null;
    }

    @Override
    public void clearWarnings() throws SQLException {
        ensureOpen();
    }

    @Override
    public void setCursorName(String name) throws SQLException {
        throw SqlExceptions.unsupported("named cursors", ReadOnlyResultSet.UPDATES);
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        ensureOpen();
        if (direction != ResultSet.FETCH_FORWARD) {
            throw SqlExceptions.unsupported("fetch direction " + direction, ReadOnlyResultSet.NAVIGATION);
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        ensureOpen();
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public int getResultSetConcurrency() throws SQLException {
        ensureOpen();
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getResultSetType() throws SQLException {
        ensureOpen();
        return ResultSet.TYPE_FORWARD_ONLY;
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        ensureOpen();
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException("a big statement is not a " + type.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }
}
