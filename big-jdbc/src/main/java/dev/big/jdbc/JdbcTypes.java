package dev.big.jdbc;

import dev.big.db.FieldDef;
import dev.big.db.sql.ColumnType;
import java.sql.Types;

/**
 * big's column types as JDBC types: the {@link Types} code, the type name DuckDB gives the same
 * column, the Java class {@code getObject} returns, and precision and display size.
 */
final class JdbcTypes {

    /** Digits of a big decimal field: a DECIMAL(18, s), as DuckDB holds it. */
    static final int DECIMAL_PRECISION = 18;
    /** Digits of a HUGEINT (a sum). */
    static final int HUGEINT_PRECISION = 39;

    static int sqlType(ColumnType type) {
        return switch (type.kind()) {
            case BIGINT -> Types.BIGINT;
            case HUGEINT -> Types.NUMERIC;
            case DECIMAL -> Types.DECIMAL;
            case DOUBLE -> Types.DOUBLE;
            case TIMESTAMP -> Types.TIMESTAMP;
            case DATE -> Types.DATE;
            case BOOLEAN -> Types.BOOLEAN;
            case VARCHAR -> Types.VARCHAR;
            case VARCHAR_LIST -> Types.ARRAY;
            case UNKNOWN -> Types.NULL;
        };
    }

    static String typeName(ColumnType type) {
        return switch (type.kind()) {
            case DECIMAL -> "DECIMAL(" + DECIMAL_PRECISION + "," + type.scale() + ")";
            case VARCHAR_LIST -> "VARCHAR[]";
            case UNKNOWN -> "NULL";
            default -> type.kind().name();
        };
    }

    static String className(ColumnType type) {
        return switch (type.kind()) {
            case BIGINT -> Long.class.getName();
            case HUGEINT -> java.math.BigInteger.class.getName();
            case DECIMAL -> java.math.BigDecimal.class.getName();
            case DOUBLE -> Double.class.getName();
            case TIMESTAMP -> java.sql.Timestamp.class.getName();
            case DATE -> java.sql.Date.class.getName();
            case BOOLEAN -> Boolean.class.getName();
            case VARCHAR -> String.class.getName();
            case VARCHAR_LIST -> java.sql.Array.class.getName();
            case UNKNOWN -> Object.class.getName();
        };
    }

    static int precision(ColumnType type) {
        return switch (type.kind()) {
            case BIGINT -> 19;
            case HUGEINT -> HUGEINT_PRECISION;
            case DECIMAL -> DECIMAL_PRECISION;
            case DOUBLE -> 17;
            case TIMESTAMP -> 23;
            case DATE -> 10;
            case BOOLEAN -> 1;
            case VARCHAR, VARCHAR_LIST -> Integer.MAX_VALUE;
            case UNKNOWN -> 0;
        };
    }

    static int displaySize(ColumnType type) {
        return switch (type.kind()) {
            case BIGINT -> 20;
            case HUGEINT -> HUGEINT_PRECISION + 1;
            case DECIMAL -> DECIMAL_PRECISION + 2;
            case DOUBLE -> 24;
            case TIMESTAMP -> 23;
            case DATE -> 10;
            case BOOLEAN -> 5;
            case VARCHAR, VARCHAR_LIST -> Integer.MAX_VALUE;
            case UNKNOWN -> 4;
        };
    }

    static boolean signed(ColumnType type) {
        return switch (type.kind()) {
            case BIGINT, HUGEINT, DECIMAL, DOUBLE -> true;
            default -> false;
        };
    }

    /** The type of a field's column (nullable) or of the id (type null: never null). */
    static ColumnType of(FieldDef field) {
        return field == null ? ColumnType.ID : ColumnType.of(field);
    }

    private JdbcTypes() {}
}
