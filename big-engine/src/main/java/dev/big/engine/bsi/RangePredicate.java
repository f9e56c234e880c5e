package dev.big.engine.bsi;

/**
 * A comparison of an integer field with constants: {@code =, !=, <, <=, >, >=} against {@code a},
 * or {@code BETWEEN a AND b} (inclusive, empty when a &gt; b).
 */
public record RangePredicate(Op op, long a, long b) {

    public enum Op { EQ, NE, LT, LE, GT, GE, BETWEEN }

    public static RangePredicate of(Op op, long value) {
        if (op == Op.BETWEEN) {
            throw new IllegalArgumentException("BETWEEN needs two bounds");
        }
        return new RangePredicate(op, value, value);
    }

    public static RangePredicate between(long a, long b) {
        return new RangePredicate(Op.BETWEEN, a, b);
    }

    /**
     * The matching values as one inclusive range {@code [lo, hi]} (for every op but NE, which
     * is the complement of EQ), or null when nothing can match.
     */
    public long[] matchingRange() {
        return switch (op) {
            case EQ, NE -> new long[] {a, a};
            case GE -> new long[] {a, Long.MAX_VALUE};
            case GT -> a == Long.MAX_VALUE ? null : new long[] {a + 1, Long.MAX_VALUE};
            case LE -> new long[] {Long.MIN_VALUE, a};
            case LT -> a == Long.MIN_VALUE ? null : new long[] {Long.MIN_VALUE, a - 1};
            case BETWEEN -> a > b ? null : new long[] {a, b};
        };
    }

    @Override
    public String toString() {
        return switch (op) {
            case EQ -> "= " + a;
            case NE -> "!= " + a;
            case LT -> "< " + a;
            case LE -> "<= " + a;
            case GT -> "> " + a;
            case GE -> ">= " + a;
            case BETWEEN -> "between " + a + " and " + b;
        };
    }
}
