package dev.big.db.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * The order ORDER BY puts result rows in, as DuckDB does: NULLS LAST unless the statement says
 * NULLS FIRST (for DESC too), numbers by value, timestamps by time, false before true, and
 * strings by Unicode code point, which is the byte order of UTF-8 that DuckDB's default binary
 * collation compares (Java's {@code String.compareTo} compares UTF-16 units and disagrees for
 * characters beyond U+FFFF).
 */
final class ResultOrder {

    /** Compares rows (arrays of output values) by {@code keys}, the first deciding first. */
    static Comparator<Object[]> of(List<AggregateQuery.SortKey> keys) {
        return (a, b) -> {
            for (AggregateQuery.SortKey key : keys) {
                int c = compare(a[key.output()], b[key.output()], key);
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
    }

    private static int compare(Object a, Object b, AggregateQuery.SortKey key) {
        if (a == null || b == null) {
            if (a == b) {
                return 0;
            }
            return (a == null) == key.nullsFirst() ? -1 : 1;
        }
        int c = compareValues(a, b);
        return key.descending() ? -c : c;
    }

    static int compareValues(Object a, Object b) {
        return switch (a) {
            case Long x -> Long.compare(x, (Long) b);
            case BigInteger x -> x.compareTo((BigInteger) b);
            case BigDecimal x -> x.compareTo((BigDecimal) b);
            case java.time.LocalDate x -> x.compareTo((java.time.LocalDate) b);
            case Double x -> Double.compare(x, (Double) b);
            case Instant x -> x.compareTo((Instant) b);
            case Boolean x -> Boolean.compare(x, (Boolean) b);
            case String x -> compareCodePoints(x, (String) b);
            default -> throw new IllegalArgumentException("no order for " + a.getClass().getSimpleName());
        };
    }

    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return i < a.length() ? 1 : j < b.length() ? -1 : 0;
    }

    private ResultOrder() {}
}
