package dev.big.jdbc;

import dev.big.db.sql.ColumnType;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;

/**
 * The columns of a big result: names, JDBC types (docs/jdbc.md, "Types") and nullability. A
 * listing's columns carry their field's type and are nullable except the id; a computed
 * column's type is read from the values of its answer.
 */
final class BigResultSetMetaData implements ResultSetMetaData {

    private final List<String> labels;
    private final List<ColumnType> types;

    BigResultSetMetaData(List<String> labels, List<ColumnType> types) {
        this.labels = labels;
        this.types = types;
    }

    private ColumnType type(int column) throws SQLException {
        if (column < 1 || column > types.size()) {
            throw new SQLException("column " + column + " of a result with " + types.size() + " columns (numbered from 1)",
                    "07009");
        }
        return types.get(column - 1);
    }

    @Override
    public int getColumnCount() {
        return labels.size();
    }

    @Override
    public boolean isAutoIncrement(int column) throws SQLException {
        type(column);
        return false;
    }

    @Override
    public boolean isCaseSensitive(int column) throws SQLException {
        ColumnType.Kind kind = type(column).kind();
        return kind == ColumnType.Kind.VARCHAR || kind == ColumnType.Kind.VARCHAR_LIST;
    }

    @Override
    public boolean isSearchable(int column) throws SQLException {
        return type(column).kind() != ColumnType.Kind.UNKNOWN;
    }

    @Override
    public boolean isCurrency(int column) throws SQLException {
        type(column);
        return false;
    }

    @Override
    public int isNullable(int column) throws SQLException {
        return type(column).nullable() ? columnNullable : columnNoNulls;
    }

    @Override
    public boolean isSigned(int column) throws SQLException {
        return JdbcTypes.signed(type(column));
    }

    @Override
    public int getColumnDisplaySize(int column) throws SQLException {
        return JdbcTypes.displaySize(type(column));
    }

    @Override
    public String getColumnLabel(int column) throws SQLException {
        type(column);
        return labels.get(column - 1);
    }

    @Override
    public String getColumnName(int column) throws SQLException {
        return getColumnLabel(column);
    }

    @Override
    public String getSchemaName(int column) throws SQLException {
        type(column);
        return "";
    }

    @Override
    public int getPrecision(int column) throws SQLException {
        return JdbcTypes.precision(type(column));
    }

    @Override
    public int getScale(int column) throws SQLException {
        return type(column).scale();
    }

    @Override
    public String getTableName(int column) throws SQLException {
        type(column);
        return "";
    }

    @Override
    public String getCatalogName(int column) throws SQLException {
        type(column);
        return "";
    }

    @Override
    public int getColumnType(int column) throws SQLException {
        return JdbcTypes.sqlType(type(column));
    }

    @Override
    public String getColumnTypeName(int column) throws SQLException {
        return JdbcTypes.typeName(type(column));
    }

    @Override
    public boolean isReadOnly(int column) throws SQLException {
        type(column);
        return true;
    }

    @Override
    public boolean isWritable(int column) throws SQLException {
        type(column);
        return false;
    }

    @Override
    public boolean isDefinitelyWritable(int column) throws SQLException {
        type(column);
        return false;
    }

    @Override
    public String getColumnClassName(int column) throws SQLException {
        return JdbcTypes.className(type(column));
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException("big's result set metadata is not a " + type.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }
}
