package dev.big.jdbc;

import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.sql.Array;
import java.util.ArrayList;
import java.util.List;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Struct;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * What a big connection answers the same way whatever its state: big has no catalogs, schemas,
 * savepoints, procedures, large objects, user-defined types, client info or network, and keeps
 * no warnings. Methods that set such things are ignored where JDBC allows it and refused with
 * {@link java.sql.SQLFeatureNotSupportedException} where ignoring would mislead.
 */
abstract class ConnectionDefaults implements Connection {

    /** Throws when the connection is closed. */
    abstract void ensureOpen() throws SQLException;

    @Override
    public Savepoint setSavepoint() throws SQLException {
        throw SqlExceptions.unsupported("savepoints", "commit or roll back the whole transaction");
    }

    @Override
    public Savepoint setSavepoint(String name) throws SQLException {
        throw SqlExceptions.unsupported("savepoints", "commit or roll back the whole transaction");
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        throw SqlExceptions.unsupported("savepoints", "commit or roll back the whole transaction");
    }

    @Override
    public void releaseSavepoint(Savepoint savepoint) throws SQLException {
        throw SqlExceptions.unsupported("savepoints", "commit or roll back the whole transaction");
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        throw SqlExceptions.unsupported("prepareCall (stored procedures)", "big has no procedures");
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
        return prepareCall(sql);
    }

    @Override
    public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability) throws SQLException {
        return prepareCall(sql);
    }

    /** big has no catalogs: ignored, as JDBC allows. */
    @Override
    public void setCatalog(String catalog) throws SQLException {
        ensureOpen();
    }

    @Override
    public String getCatalog() throws SQLException {
        ensureOpen();
        return null;
    }

    /** big has no schemas: ignored, as JDBC allows. */
    @Override
    public void setSchema(String schema) throws SQLException {
        ensureOpen();
    }

    @Override
    public String getSchema() throws SQLException {
        ensureOpen();
        return null;
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
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        ensureOpen();
        return new HashMap<>();
    }

    @Override
    public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
        throw SqlExceptions.unsupported("type maps", "big has no user-defined types");
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        ensureOpen();
    }

    @Override
    public int getHoldability() throws SQLException {
        ensureOpen();
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public Clob createClob() throws SQLException {
        throw SqlExceptions.unsupported("createClob", ReadOnlyResultSet.TYPES);
    }

    @Override
    public Blob createBlob() throws SQLException {
        throw SqlExceptions.unsupported("createBlob", ReadOnlyResultSet.TYPES);
    }

    @Override
    public NClob createNClob() throws SQLException {
        throw SqlExceptions.unsupported("createNClob", ReadOnlyResultSet.TYPES);
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        throw SqlExceptions.unsupported("createSQLXML", ReadOnlyResultSet.TYPES);
    }

    @Override
    public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
        throw SqlExceptions.unsupported("createStruct", ReadOnlyResultSet.TYPES);
    }

    @Override
    public void setClientInfo(String name, String value) throws SQLClientInfoException {
        throw new SQLClientInfoException("big keeps no client info (" + name + ")", Map.of());
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        if (!properties.isEmpty()) {
            throw new SQLClientInfoException("big keeps no client info", Map.of());
        }
    }

    @Override
    public String getClientInfo(String name) throws SQLException {
        ensureOpen();
        return null;
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        ensureOpen();
        return new Properties();
    }

    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        ensureOpen(); // An embedded database has no network.
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        ensureOpen();
        return 0;
    }

    @Override
    public String nativeSQL(String sql) throws SQLException {
        ensureOpen();
        return sql;
    }

    /** An array of strings, the value a set field takes ({@code typeName} VARCHAR or TEXT). */
    @Override
    public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
        ensureOpen();
        if (!typeName.equalsIgnoreCase("VARCHAR") && !typeName.equalsIgnoreCase("TEXT")
                && !typeName.equalsIgnoreCase("STRING")) {
            throw SqlExceptions.unsupported("arrays of " + typeName, "big's arrays (set fields) hold VARCHAR");
        }
        List<String> values = new ArrayList<>(elements.length);
        for (Object element : Values.setElements(elements, "createArrayOf")) {
            if (!(element instanceof String string)) {
                throw new java.sql.SQLDataException("a set's values are strings, not " + element, "22000");
            }
            values.add(string);
        }
        return new StringArray(values);
    }

    @Override
    public boolean isValid(int timeoutSeconds) throws SQLException {
        if (timeoutSeconds < 0) {
            throw new SQLException("negative timeout " + timeoutSeconds, "HY000");
        }
        return !isClosed();
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
        throw SqlExceptions.unsupported("generated keys", "give the ids in INSERT INTO t (id, ...)");
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
        throw SqlExceptions.unsupported("generated keys", "give the ids in INSERT INTO t (id, ...)");
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        if (autoGeneratedKeys == Statement.RETURN_GENERATED_KEYS) {
            throw SqlExceptions.unsupported("generated keys", "give the ids in INSERT INTO t (id, ...), or read them"
                    + " back with SELECT max(id)");
        }
        return prepareStatement(sql);
    }
}
