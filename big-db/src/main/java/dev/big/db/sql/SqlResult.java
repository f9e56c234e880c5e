package dev.big.db.sql;

import java.util.List;

/**
 * The answer to one SQL statement: column names and rows of typed values. Values are
 * {@code Long} (integers, counts), {@code java.math.BigInteger} (sums), {@code Double} (avg),
 * {@code String} (keyed), {@code Boolean}, {@code java.time.Instant} (timestamps),
 * {@code java.util.SortedSet<String>} (set fields) or null. For {@code EXPLAIN} the result has one
 * column, {@code plan}, with one row per line of the plan. {@link #types()} types each column
 * ({@link ColumnType}).
 */
public record SqlResult(List<String> columns, List<List<Object>> rows, List<ColumnType> types) {

    private static final ColumnType COUNT = new ColumnType(ColumnType.Kind.BIGINT, 0, false);

    /** Keeps unmodifiable copies; refuses a type list that does not match the columns. */
    public SqlResult {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        types = List.copyOf(types);
        if (types.size() != columns.size()) {
            throw new IllegalArgumentException(types.size() + " column types for " + columns.size() + " columns");
        }
    }

    /** A result whose column types are read from its values ({@link ColumnType}). */
    public SqlResult(List<String> columns, List<List<Object>> rows) {
        this(columns, rows, ColumnType.inferred(columns.size(), rows));
    }

    /** The answer of a statement that counts what it did (a write, a COPY): one row, {@code count}, a BIGINT. */
    static SqlResult ofCount(long count) {
        return new SqlResult(List.of("count"), List.of(List.of(count)), List.of(COUNT));
    }

    /** The single value of a one-row, one-column result (a count, for example). */
    public Object scalar() {
        if (rows.size() != 1 || columns.size() != 1) {
            throw new IllegalStateException("result has " + rows.size() + " rows of " + columns.size() + " columns, not one value");
        }
        return rows.getFirst().getFirst();
    }
}
