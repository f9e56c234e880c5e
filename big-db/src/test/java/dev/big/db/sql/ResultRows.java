package dev.big.db.sql;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Result rows in one comparable form for both engines: integers as BigInteger (DuckDB answers
 * sums as HUGEINT, counts as BIGINT), doubles as Double (equal within 1e-9 relative), timestamps
 * as Instant, sets and lists as sorted lists of strings.
 */
final class ResultRows {

    private static final double RELATIVE_TOLERANCE = 1e-9;

    static Object normalize(Object value) {
        return switch (value) {
            case null -> null;
            case Long l -> BigInteger.valueOf(l);
            case Integer i -> BigInteger.valueOf(i);
            case Short s -> BigInteger.valueOf(s);
            case BigInteger b -> b;
            case Float f -> (double) f;
            case Double d -> d;
            case Collection<?> values -> {
                List<String> sorted = new ArrayList<>();
                values.forEach(v -> sorted.add((String) v));
                sorted.sort(ResultOrder::compareCodePoints);
                yield sorted;
            }
            default -> value;
        };
    }

    static List<List<Object>> normalize(SqlResult result) {
        List<List<Object>> rows = new ArrayList<>();
        for (List<Object> row : result.rows()) {
            List<Object> normalized = new ArrayList<>();
            row.forEach(v -> normalized.add(normalize(v)));
            rows.add(normalized);
        }
        return rows;
    }

    /** RowReader in a canonical order, for results whose order SQL leaves open. */
    static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort(Comparator.comparing(ResultRows::sortKey));
        return copy;
    }

    private static String sortKey(List<Object> row) {
        StringBuilder key = new StringBuilder();
        for (Object value : row) {
            // Doubles are rounded so that values equal within the tolerance sort alike.
            key.append(value instanceof Double d ? String.format("%.6e", d) : String.valueOf(value)).append('\u0000');
        }
        return key.toString();
    }

    /** The first difference between two row lists, or null when they are equal. */
    static String difference(List<List<Object>> expected, List<List<Object>> actual) {
        if (expected.size() != actual.size()) {
            return "expected " + expected.size() + " rows, got " + actual.size();
        }
        for (int r = 0; r < expected.size(); r++) {
            List<Object> e = expected.get(r);
            List<Object> a = actual.get(r);
            if (e.size() != a.size()) {
                return "row " + r + ": expected " + e.size() + " columns, got " + a.size();
            }
            for (int c = 0; c < e.size(); c++) {
                if (!same(e.get(c), a.get(c))) {
                    return "row " + r + ", column " + c + ": expected " + describe(e.get(c)) + ", got " + describe(a.get(c))
                            + "\n  expected row " + e + "\n  actual row   " + a;
                }
            }
        }
        return null;
    }

    private static boolean same(Object expected, Object actual) {
        if (expected instanceof Double e && actual instanceof Double a) {
            return e.equals(a) || Math.abs(e - a) <= RELATIVE_TOLERANCE * Math.max(Math.abs(e), Math.abs(a));
        }
        return Objects.equals(expected, actual);
    }

    private static String describe(Object value) {
        return value == null ? "NULL" : value + " (" + value.getClass().getSimpleName() + ")";
    }

    private ResultRows() {}
}
