package dev.big.jdbc;

import dev.big.db.sql.PreparedSql;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;

/**
 * A statement with {@code ?} parameters, bound by type and never written into its text: it holds
 * the engine's {@link PreparedSql}, lexed and classified once when it is prepared and compiled
 * once per kinds of values, so a run only binds its values (docs/sql.md, "Parameters"). Every
 * parameter must be set (a null with {@code setNull}) before it runs.
 */
final class BigPreparedStatement extends BigStatement implements PreparedStatement {

    private static final Object UNSET = new Object();

    private final PreparedSql statement;
    private final Object[] parameters;
    private final List<Object[]> batch = new ArrayList<>();

    BigPreparedStatement(BigConnection connection, String sql) throws SQLException {
        super(connection);
        this.statement = prepared(sql);
        this.parameters = new Object[statement.parameterCount()];
        Arrays.fill(parameters, UNSET);
    }

    private List<Object> bound() throws SQLException {
        List<Object> values = new ArrayList<>(parameters.length);
        for (int i = 0; i < parameters.length; i++) {
            if (parameters[i] == UNSET) {
                throw new SQLException("parameter " + (i + 1) + " of " + parameters.length + " is not set (set a null with"
                        + " setNull)", "07001");
            }
            values.add(parameters[i]);
        }
        return values;
    }

    private void set(int index, Object value) throws SQLException {
        ensureOpen();
        if (index < 1 || index > parameters.length) {
            throw new SQLException("parameter " + index + " of a statement with " + parameters.length + " parameters (?),"
                    + " numbered from 1", "07009");
        }
        parameters[index - 1] = Values.parameter(value, index);
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        return query(statement, bound());
    }

    @Override
    public int executeUpdate() throws SQLException {
        return Math.toIntExact(update(statement, bound()));
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        return update(statement, bound());
    }

    @Override
    public boolean execute() throws SQLException {
        return run(statement, bound());
    }

    @Override
    public void addBatch() throws SQLException {
        batch.add(bound().toArray());
    }

    @Override
    public void clearBatch() throws SQLException {
        ensureOpen();
        batch.clear();
    }

    @Override
    public long[] executeLargeBatch() throws SQLException {
        ensureOpen();
        List<Object[]> runs = List.copyOf(batch);
        batch.clear();
        return BatchRun.run(connection, runs.size(), i -> update(statement, Arrays.asList(runs.get(i))));
    }

    @Override
    public void clearParameters() throws SQLException {
        ensureOpen();
        Arrays.fill(parameters, UNSET);
    }

    @Override public void setNull(int index, int sqlType) throws SQLException { set(index, null); }
    @Override public void setNull(int index, int sqlType, String typeName) throws SQLException { set(index, null); }
    @Override public void setBoolean(int index, boolean value) throws SQLException { set(index, value); }
    @Override public void setByte(int index, byte value) throws SQLException { set(index, (long) value); }
    @Override public void setShort(int index, short value) throws SQLException { set(index, (long) value); }
    @Override public void setInt(int index, int value) throws SQLException { set(index, (long) value); }
    @Override public void setLong(int index, long value) throws SQLException { set(index, value); }
    @Override public void setFloat(int index, float value) throws SQLException { set(index, value); }
    @Override public void setDouble(int index, double value) throws SQLException { set(index, value); }
    @Override public void setBigDecimal(int index, BigDecimal value) throws SQLException { set(index, value); }
    @Override public void setString(int index, String value) throws SQLException { set(index, value); }
    @Override public void setNString(int index, String value) throws SQLException { set(index, value); }
    @Override public void setTimestamp(int index, Timestamp value) throws SQLException { set(index, value); }
    @Override public void setDate(int index, Date value) throws SQLException { set(index, value); }
    @Override public void setArray(int index, Array value) throws SQLException { set(index, value); }
    @Override public void setObject(int index, Object value) throws SQLException { set(index, value); }
    @Override public void setObject(int index, Object value, int sqlType) throws SQLException { set(index, value); }
    @Override public void setObject(int index, Object value, int sqlType, int scale) throws SQLException { set(index, value); }

    /** The timestamp's time in {@code calendar}'s zone (UTC without one). */
    @Override
    public void setTimestamp(int index, Timestamp value, Calendar calendar) throws SQLException {
        set(index, value == null || calendar == null ? value
                : value.toLocalDateTime().atZone(calendar.getTimeZone().toZoneId()).toInstant());
    }

    @Override
    public void setDate(int index, Date value, Calendar calendar) throws SQLException {
        set(index, value == null || calendar == null ? value
                : value.toLocalDate().atStartOfDay(calendar.getTimeZone().toZoneId()).toInstant());
    }

    /**
     * The result's columns and their declared types, before the statement runs: from binding it
     * against the schema the connection reads (a write or a COPY answers one column, {@code count}).
     */
    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        ensureOpen();
        PreparedSql.Description description = connection.describe(statement);
        return new BigResultSetMetaData(description.columns(), description.types());
    }

    /** The type of each parameter: that of the column it is compared with or written into. */
    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        ensureOpen();
        return new BigParameterMetaData(connection.describe(statement).parameters());
    }

    static final String BINDABLE = "bind setLong, setInt, setBigDecimal, setDouble, setString, setBoolean, setTimestamp,"
            + " setArray (of strings, for a set), setObject or setNull";

    private static SQLException unsupportedType(String method) {
        return SqlExceptions.unsupported("PreparedStatement." + method, BINDABLE);
    }

    @Override public void setBytes(int index, byte[] value) throws SQLException { throw unsupportedType("setBytes"); }
    @Override public void setTime(int index, Time value) throws SQLException { throw unsupportedType("setTime"); }
    @Override public void setTime(int index, Time value, Calendar calendar) throws SQLException { throw unsupportedType("setTime"); }
    @Override public void setURL(int index, URL value) throws SQLException { throw unsupportedType("setURL"); }
    @Override public void setRef(int index, Ref value) throws SQLException { throw unsupportedType("setRef"); }
    @Override public void setRowId(int index, RowId value) throws SQLException { throw unsupportedType("setRowId"); }
    @Override public void setSQLXML(int index, SQLXML value) throws SQLException { throw unsupportedType("setSQLXML"); }
    @Override public void setBlob(int index, Blob value) throws SQLException { throw unsupportedType("setBlob"); }
    @Override public void setBlob(int index, InputStream value, long length) throws SQLException { throw unsupportedType("setBlob"); }
    @Override public void setBlob(int index, InputStream value) throws SQLException { throw unsupportedType("setBlob"); }
    @Override public void setClob(int index, Clob value) throws SQLException { throw unsupportedType("setClob"); }
    @Override public void setClob(int index, Reader value, long length) throws SQLException { throw unsupportedType("setClob"); }
    @Override public void setClob(int index, Reader value) throws SQLException { throw unsupportedType("setClob"); }
    @Override public void setNClob(int index, NClob value) throws SQLException { throw unsupportedType("setNClob"); }
    @Override public void setNClob(int index, Reader value, long length) throws SQLException { throw unsupportedType("setNClob"); }
    @Override public void setNClob(int index, Reader value) throws SQLException { throw unsupportedType("setNClob"); }
    @Override @Deprecated public void setUnicodeStream(int index, InputStream value, int length) throws SQLException {
        throw unsupportedType("setUnicodeStream");
    }
    @Override public void setAsciiStream(int index, InputStream value, int length) throws SQLException { throw unsupportedType("setAsciiStream"); }
    @Override public void setAsciiStream(int index, InputStream value, long length) throws SQLException { throw unsupportedType("setAsciiStream"); }
    @Override public void setAsciiStream(int index, InputStream value) throws SQLException { throw unsupportedType("setAsciiStream"); }
    @Override public void setBinaryStream(int index, InputStream value, int length) throws SQLException { throw unsupportedType("setBinaryStream"); }
    @Override public void setBinaryStream(int index, InputStream value, long length) throws SQLException { throw unsupportedType("setBinaryStream"); }
    @Override public void setBinaryStream(int index, InputStream value) throws SQLException { throw unsupportedType("setBinaryStream"); }
    @Override public void setCharacterStream(int index, Reader value, int length) throws SQLException { throw unsupportedType("setCharacterStream"); }
    @Override public void setCharacterStream(int index, Reader value, long length) throws SQLException { throw unsupportedType("setCharacterStream"); }
    @Override public void setCharacterStream(int index, Reader value) throws SQLException { throw unsupportedType("setCharacterStream"); }
    @Override public void setNCharacterStream(int index, Reader value, long length) throws SQLException { throw unsupportedType("setNCharacterStream"); }
    @Override public void setNCharacterStream(int index, Reader value) throws SQLException { throw unsupportedType("setNCharacterStream"); }

    /** JDBC: a PreparedStatement refuses the methods that take SQL text. */
    @Override public ResultSet executeQuery(String text) throws SQLException { throw textRefused(); }
    @Override public int executeUpdate(String text) throws SQLException { throw textRefused(); }
    @Override public boolean execute(String text) throws SQLException { throw textRefused(); }
    @Override public void addBatch(String text) throws SQLException { throw textRefused(); }

    private static SQLException textRefused() {
        return new SQLException("a PreparedStatement runs the statement it was prepared with; run other SQL with"
                + " Connection.createStatement()", "HY000");
    }

}
