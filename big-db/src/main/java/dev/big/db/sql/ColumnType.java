package dev.big.db.sql;

import dev.big.db.FieldDef;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The type of one column of a {@link SqlResult}, as DuckDB would type it: what a JDBC driver
 * reports in its result set's metadata. A listing's columns are typed by the schema (the id is
 * never null, a field may be); a computed column by its values, so a column with no value at all
 * is {@link Kind#UNKNOWN}.
 *
 * @param kind the SQL type
 * @param scale digits after the point of a {@link Kind#DECIMAL}, else 0
 * @param nullable whether the column may hold NULL
 */
public record ColumnType(Kind kind, int scale, boolean nullable) {

    /** The SQL types of big's answers, with the Java type of their values (docs/sql.md, "Answers"). */
    public enum Kind {
        /** {@code Long}. */
        BIGINT,
        /** {@code BigInteger}: a sum of integers. */
        HUGEINT,
        /** {@code BigDecimal}. */
        DECIMAL,
        /** {@code Double}. */
        DOUBLE,
        /** {@code java.time.Instant}, UTC. */
        TIMESTAMP,
        /** {@code java.time.LocalDate}. */
        DATE,
        /** {@code Boolean}. */
        BOOLEAN,
        /** {@code String}. */
        VARCHAR,
        /** {@code SortedSet<String>}: a set field (DuckDB's {@code VARCHAR[]}). */
        VARCHAR_LIST,
        /** A computed column that holds no value in this answer. */
        UNKNOWN
    }

    /** The record id: a BIGINT, never null. */
    public static final ColumnType ID = new ColumnType(Kind.BIGINT, 0, false);

    /** The type of {@code field}'s values. */
    public static ColumnType of(FieldDef field) {
        Kind kind = switch (field.type()) {
            case INT -> Kind.BIGINT;
            case DECIMAL -> Kind.DECIMAL;
            case TIMESTAMP -> Kind.TIMESTAMP;
            case BOOL -> Kind.BOOLEAN;
            case KEYED -> Kind.VARCHAR;
            case SET -> Kind.VARCHAR_LIST;
        };
        return new ColumnType(kind, field.type() == dev.big.db.FieldType.DECIMAL ? field.scale() : 0, true);
    }

    /** The types of {@code count} columns read from their values in {@code rows} (all nullable but those never null). */
    static List<ColumnType> inferred(int count, List<List<Object>> rows) {
        List<ColumnType> types = new ArrayList<>(count);
        for (int column = 0; column < count; column++) {
            Kind kind = Kind.UNKNOWN;
            int scale = 0;
            boolean nullable = rows.isEmpty();
            for (List<Object> row : rows) {
                Object value = row.get(column);
                if (value == null) {
                    nullable = true;
                    continue;
                }
                if (kind == Kind.UNKNOWN) {
                    kind = kindOf(value);
                }
                if (value instanceof BigDecimal decimal) {
                    scale = Math.max(scale, decimal.scale());
                }
            }
            types.add(new ColumnType(kind, scale, nullable || kind == Kind.UNKNOWN));
        }
        return types;
    }

    private static Kind kindOf(Object value) {
        return switch (value) {
            case Long ignored -> Kind.BIGINT;
            case BigInteger ignored -> Kind.HUGEINT;
            case BigDecimal ignored -> Kind.DECIMAL;
            case Double ignored -> Kind.DOUBLE;
            case Instant ignored -> Kind.TIMESTAMP;
            case LocalDate ignored -> Kind.DATE;
            case Boolean ignored -> Kind.BOOLEAN;
            case String ignored -> Kind.VARCHAR;
            case Collection<?> ignored -> Kind.VARCHAR_LIST;
            default -> Kind.UNKNOWN;
        };
    }
}
