package dev.big.jdbc;

import dev.big.db.sql.ColumnType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Array;
import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A forward-only, read-only result set over rows of big's values, read one at a time from an
 * iterator: an answer of big's SQL engine, or a table of metadata. Values convert as
 * {@link Values} says; column labels match case-insensitively, the first match winning.
 */
final class ListResultSet extends ReadOnlyResultSet {

    private final Statement statement;
    private final List<String> labels;
    private final List<ColumnType> types;
    private final Iterator<List<Object>> rows;
    private final AutoCloseable onClose;
    private List<Object> current;
    private int row;
    private boolean after;
    private boolean wasNull;
    private boolean closed;
    private int fetchSize;

    ListResultSet(Statement statement, List<String> labels, List<ColumnType> types, Iterator<List<Object>> rows,
                  AutoCloseable onClose) {
        this.statement = statement;
        this.labels = List.copyOf(labels);
        this.types = List.copyOf(types);
        this.rows = rows;
        this.onClose = onClose;
    }

    /** A result set with no statement over {@code rows} (metadata, array elements). */
    static ListResultSet of(List<String> labels, List<ColumnType> types, List<List<Object>> rows) {
        return new ListResultSet(null, labels, types, rows.iterator(), null);
    }

    // ------------------------------------------------------------------ moving

    @Override
    public boolean next() throws SQLException {
        ensureOpen();
        if (rows.hasNext()) {
            current = rows.next();
            row++;
            return true;
        }
        current = null;
        after = true;
        return false;
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        current = null;
        if (onClose != null) {
            try {
                onClose.close();
            } catch (SQLException | RuntimeException e) {
                throw e instanceof SQLException sql ? sql : SqlExceptions.of((RuntimeException) e);
            } catch (Exception e) {
                throw new SQLException(e.getMessage(), "HY000", e);
            }
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    private void ensureOpen() throws SQLException {
        if (closed) {
            throw SqlExceptions.closed("result set");
        }
    }

    @Override
    public boolean isBeforeFirst() throws SQLException {
        ensureOpen();
        return row == 0 && rows.hasNext();
    }

    @Override
    public boolean isAfterLast() throws SQLException {
        ensureOpen();
        return after && row > 0;
    }

    @Override
    public boolean isFirst() throws SQLException {
        ensureOpen();
        return row == 1 && current != null;
    }

    @Override
    public boolean isLast() throws SQLException {
        ensureOpen();
        return current != null && !rows.hasNext();
    }

    @Override
    public int getRow() throws SQLException {
        ensureOpen();
        return current == null ? 0 : row;
    }

    // ------------------------------------------------------------------ values

    private Object value(int column) throws SQLException {
        ensureOpen();
        if (current == null) {
            throw new SQLException(row == 0 ? "no current row: call next() first" : "no current row: next() returned false",
                    "24000");
        }
        if (column < 1 || column > labels.size()) {
            throw new SQLException("column " + column + " of a result with " + labels.size() + " columns (numbered from 1)",
                    "07009");
        }
        Object value = current.get(column - 1);
        wasNull = value == null;
        return value;
    }

    private String name(int column) {
        return column >= 1 && column <= labels.size() ? "column " + column + " (" + labels.get(column - 1) + ")"
                : "column " + column;
    }

    @Override
    public int findColumn(String label) throws SQLException {
        ensureOpen();
        for (int i = 0; i < labels.size(); i++) {
            if (labels.get(i).equalsIgnoreCase(label)) {
                return i + 1;
            }
        }
        throw new SQLException("no column '" + label + "' in this result (its columns: " + String.join(", ", labels) + ")",
                "42S22");
    }

    @Override
    public boolean wasNull() {
        return wasNull;
    }

    @Override
    public String getString(int column) throws SQLException {
        return Values.string(value(column));
    }

    @Override
    public String getNString(int column) throws SQLException {
        return getString(column);
    }

    @Override
    public boolean getBoolean(int column) throws SQLException {
        return Values.bool(value(column), name(column));
    }

    @Override
    public byte getByte(int column) throws SQLException {
        return (byte) Values.integer(value(column), Values.IntegerWidth.BYTE, name(column));
    }

    @Override
    public short getShort(int column) throws SQLException {
        return (short) Values.integer(value(column), Values.IntegerWidth.SHORT, name(column));
    }

    @Override
    public int getInt(int column) throws SQLException {
        return (int) Values.integer(value(column), Values.IntegerWidth.INT, name(column));
    }

    @Override
    public long getLong(int column) throws SQLException {
        return Values.integer(value(column), Values.IntegerWidth.LONG, name(column));
    }

    @Override
    public float getFloat(int column) throws SQLException {
        return Values.floatValue(value(column), name(column));
    }

    @Override
    public double getDouble(int column) throws SQLException {
        return Values.doubleValue(value(column), name(column));
    }

    @Override
    public BigDecimal getBigDecimal(int column) throws SQLException {
        return Values.decimal(value(column), name(column));
    }

    @Override
    @Deprecated
    public BigDecimal getBigDecimal(int column, int scale) throws SQLException {
        BigDecimal value = getBigDecimal(column);
        return value == null ? null : value.setScale(scale, RoundingMode.HALF_UP);
    }

    @Override
    public Date getDate(int column) throws SQLException {
        return Values.date(value(column), name(column));
    }

    @Override
    public Date getDate(int column, Calendar calendar) throws SQLException {
        return getDate(column);
    }

    @Override
    public Timestamp getTimestamp(int column) throws SQLException {
        return Values.timestamp(value(column), null, name(column));
    }

    @Override
    public Timestamp getTimestamp(int column, Calendar calendar) throws SQLException {
        return Values.timestamp(value(column), calendar, name(column));
    }

    @Override
    public Object getObject(int column) throws SQLException {
        Object value = value(column);
        return value == null ? null : Values.object(value, name(column));
    }

    @Override
    public Object getObject(int column, Map<String, Class<?>> map) throws SQLException {
        return getObject(column);
    }

    @Override
    public <T> T getObject(int column, Class<T> type) throws SQLException {
        return Values.object(value(column), type, name(column));
    }

    @Override
    public Array getArray(int column) throws SQLException {
        Object value = value(column);
        return value == null ? null : Values.object(value, Array.class, name(column));
    }

    @Override public String getString(String label) throws SQLException { return getString(findColumn(label)); }
    @Override public String getNString(String label) throws SQLException { return getNString(findColumn(label)); }
    @Override public boolean getBoolean(String label) throws SQLException { return getBoolean(findColumn(label)); }
    @Override public byte getByte(String label) throws SQLException { return getByte(findColumn(label)); }
    @Override public short getShort(String label) throws SQLException { return getShort(findColumn(label)); }
    @Override public int getInt(String label) throws SQLException { return getInt(findColumn(label)); }
    @Override public long getLong(String label) throws SQLException { return getLong(findColumn(label)); }
    @Override public float getFloat(String label) throws SQLException { return getFloat(findColumn(label)); }
    @Override public double getDouble(String label) throws SQLException { return getDouble(findColumn(label)); }
    @Override public BigDecimal getBigDecimal(String label) throws SQLException { return getBigDecimal(findColumn(label)); }
    @Override @Deprecated public BigDecimal getBigDecimal(String label, int scale) throws SQLException {
        return getBigDecimal(findColumn(label), scale);
    }
    @Override public Date getDate(String label) throws SQLException { return getDate(findColumn(label)); }
    @Override public Date getDate(String label, Calendar calendar) throws SQLException { return getDate(findColumn(label), calendar); }
    @Override public Timestamp getTimestamp(String label) throws SQLException { return getTimestamp(findColumn(label)); }
    @Override public Timestamp getTimestamp(String label, Calendar calendar) throws SQLException {
        return getTimestamp(findColumn(label), calendar);
    }
    @Override public Object getObject(String label) throws SQLException { return getObject(findColumn(label)); }
    @Override public Object getObject(String label, Map<String, Class<?>> map) throws SQLException {
        return getObject(findColumn(label));
    }
    @Override public <T> T getObject(String label, Class<T> type) throws SQLException { return getObject(findColumn(label), type); }
    @Override public Array getArray(String label) throws SQLException { return getArray(findColumn(label)); }

    // ------------------------------------------------------------------ about the result set

    @Override
    public ResultSetMetaData getMetaData() throws SQLException {
        ensureOpen();
        return new BigResultSetMetaData(labels, types);
    }

    @Override
    public Statement getStatement() {
        return statement;
    }

    @Override
    public SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {}

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        if (direction != FETCH_FORWARD) {
            throw SqlExceptions.unsupported("fetch direction " + direction, NAVIGATION);
        }
    }

    @Override
    public int getFetchDirection() {
        return FETCH_FORWARD;
    }

    /** Noted and reported back; rows are read as the result set moves, whatever it is. */
    @Override
    public void setFetchSize(int rows) throws SQLException {
        if (rows < 0) {
            throw new SQLException("fetch size " + rows + " is negative", "22023");
        }
        fetchSize = rows;
    }

    @Override
    public int getFetchSize() {
        return fetchSize;
    }

    @Override
    public int getType() {
        return TYPE_FORWARD_ONLY;
    }

    @Override
    public int getConcurrency() {
        return CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() {
        return CLOSE_CURSORS_AT_COMMIT;
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException("a big result set is not a " + type.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }
}
