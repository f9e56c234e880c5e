package dev.big.db.sql;

import java.util.List;

/**
 * The answer to one SQL statement: column names and rows of typed values. Values are
 * {@code Long} (integers, counts), {@code java.math.BigInteger} (sums), {@code Double} (avg),
 * {@code String} (keyed), {@code Boolean}, {@code java.time.Instant} (timestamps),
 * {@code java.util.SortedSet<String>} (set fields) or null. For {@code EXPLAIN} the result has one
 * column, {@code plan}, with one row per line of the plan.
 */
public record SqlResult(List<String> columns, List<List<Object>> rows) {

    /** Keeps unmodifiable copies of the columns and rows. */
    public SqlResult {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** The single value of a one-row, one-column result (a count, for example). */
    public Object scalar() {
        if (rows.size() != 1 || columns.size() != 1) {
            throw new IllegalStateException("result has " + rows.size() + " rows of " + columns.size() + " columns, not one value");
        }
        return rows.getFirst().getFirst();
    }
}
