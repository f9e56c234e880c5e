package dev.big.jdbc;

import dev.big.db.sql.ColumnType;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A set field's values as a JDBC {@link Array} of VARCHAR, in the order big returns them (sorted). */
final class StringArray implements Array {

    private final List<String> values;

    StringArray(List<String> values) {
        this.values = List.copyOf(values);
    }

    List<String> values() {
        return values;
    }

    @Override
    public String getBaseTypeName() {
        return "VARCHAR";
    }

    @Override
    public int getBaseType() {
        return Types.VARCHAR;
    }

    @Override
    public Object getArray() {
        return values.toArray(new String[0]);
    }

    @Override
    public Object getArray(Map<String, Class<?>> map) {
        return getArray();
    }

    @Override
    public Object getArray(long index, int count) throws SQLException {
        return slice(index, count).toArray(new String[0]);
    }

    @Override
    public Object getArray(long index, int count, Map<String, Class<?>> map) throws SQLException {
        return getArray(index, count);
    }

    @Override
    public ResultSet getResultSet() throws SQLException {
        return getResultSet(1, values.size());
    }

    @Override
    public ResultSet getResultSet(Map<String, Class<?>> map) throws SQLException {
        return getResultSet();
    }

    /** Rows of INDEX (from 1) and VALUE, as JDBC specifies. */
    @Override
    public ResultSet getResultSet(long index, int count) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        long position = index;
        for (String value : slice(index, count)) {
            rows.add(List.of(position++, value));
        }
        return ListResultSet.of(List.of("INDEX", "VALUE"), List.of(new ColumnType(ColumnType.Kind.BIGINT, 0, false),
                new ColumnType(ColumnType.Kind.VARCHAR, 0, false)), rows);
    }

    @Override
    public ResultSet getResultSet(long index, int count, Map<String, Class<?>> map) throws SQLException {
        return getResultSet(index, count);
    }

    private List<String> slice(long index, int count) throws SQLException {
        if (index < 1 || count < 0 || index - 1 + count > values.size()) {
            throw new SQLException("elements " + index + ".." + (index - 1 + count) + " of an array of " + values.size()
                    + " (they are numbered from 1)", "2202E");
        }
        return values.subList((int) index - 1, (int) index - 1 + count);
    }

    @Override
    public void free() {}

    @Override
    public String toString() {
        return values.toString();
    }
}
