package dev.big.db.query;

/** One key of a GROUP BY, as {@link Grouping} partitions records by it. */
public sealed interface GroupKey {

    String field();

    /**
     * The field's own values: a keyed field's dictionary values, a bool field's true and false
     * (read from their rows), an int or timestamp field's distinct values (split out of the bit planes).
     */
    record Values(String field) implements GroupKey {}

    /** Buckets of an int or timestamp field's values. */
    record Buckets(String field, Bucketing bucketing) implements GroupKey {}
}
