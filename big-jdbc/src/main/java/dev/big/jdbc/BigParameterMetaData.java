package dev.big.jdbc;

import dev.big.db.sql.ColumnType;
import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;

/**
 * The types of a prepared statement's {@code ?}, known before it runs: each the type of the
 * column it is compared with or written into (a BIGINT for a LIMIT), from binding against the
 * schema ({@code PreparedSql.describe}). Every parameter is an IN parameter; one whose column
 * cannot be told is {@link Types#OTHER}.
 */
final class BigParameterMetaData implements ParameterMetaData {

    private final List<ColumnType> types;

    BigParameterMetaData(List<ColumnType> types) {
        this.types = types;
    }

    private ColumnType type(int parameter) throws SQLException {
        if (parameter < 1 || parameter > types.size()) {
            throw new SQLException("parameter " + parameter + " of a statement with " + types.size() + " parameters (?),"
                    + " numbered from 1", "07009");
        }
        return types.get(parameter - 1);
    }

    @Override
    public int getParameterCount() {
        return types.size();
    }

    @Override
    public int isNullable(int parameter) throws SQLException {
        ColumnType type = type(parameter);
        return type.kind() == ColumnType.Kind.UNKNOWN ? parameterNullableUnknown
                : type.nullable() ? parameterNullable : parameterNoNulls;
    }

    @Override
    public boolean isSigned(int parameter) throws SQLException {
        return JdbcTypes.signed(type(parameter));
    }

    @Override
    public int getPrecision(int parameter) throws SQLException {
        return JdbcTypes.precision(type(parameter));
    }

    @Override
    public int getScale(int parameter) throws SQLException {
        return type(parameter).scale();
    }

    @Override
    public int getParameterType(int parameter) throws SQLException {
        ColumnType type = type(parameter);
        return type.kind() == ColumnType.Kind.UNKNOWN ? Types.OTHER : JdbcTypes.sqlType(type);
    }

    @Override
    public String getParameterTypeName(int parameter) throws SQLException {
        ColumnType type = type(parameter);
        return type.kind() == ColumnType.Kind.UNKNOWN ? "UNKNOWN" : JdbcTypes.typeName(type);
    }

    @Override
    public String getParameterClassName(int parameter) throws SQLException {
        return JdbcTypes.className(type(parameter));
    }

    @Override
    public int getParameterMode(int parameter) throws SQLException {
        type(parameter);
        return parameterModeIn;
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        if (type.isInstance(this)) {
            return type.cast(this);
        }
        throw new SQLException("a big parameter metadata is not a " + type.getName(), "HY000");
    }

    @Override
    public boolean isWrapperFor(Class<?> type) {
        return type.isInstance(this);
    }
}
