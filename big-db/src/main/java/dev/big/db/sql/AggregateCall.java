package dev.big.db.sql;

/**
 * One aggregate of a statement: {@code count(*)}, {@code count(c)}, {@code count(DISTINCT c)},
 * {@code sum}, {@code min}, {@code max}, {@code avg}, {@code median(c)} or
 * {@code quantile_disc(c, q)}, optionally with {@code FILTER (WHERE p)}. {@code column} is null
 * for count(*), {@code fraction} is the q of quantile_disc (0.5 for median, else unused) and
 * {@code filter} null without FILTER.
 */
record AggregateCall(Function function, ColumnRef column, double fraction, Predicate filter, String sql) {

    enum Function { COUNT_STAR, COUNT, COUNT_DISTINCT, SUM, MIN, MAX, AVG, MEDIAN, QUANTILE_DISC }

    /** The same aggregate, however it is spelled (ORDER BY count(*) finds SELECT COUNT(*) AS n). */
    boolean sameAs(AggregateCall other) {
        return function == other.function
                && (column == null ? other.column == null : other.column != null && column.sameColumn(other.column))
                && fraction == other.fraction
                && (filter == null ? other.filter == null : other.filter != null && filter.sql().equalsIgnoreCase(other.filter.sql()));
    }

    /** Whether the value is read from the column's bit planes (sum, min, max, avg, quantiles). */
    boolean readsPlanes() {
        return switch (function) {
            case SUM, MIN, MAX, AVG, MEDIAN, QUANTILE_DISC -> true;
            default -> false;
        };
    }
}
