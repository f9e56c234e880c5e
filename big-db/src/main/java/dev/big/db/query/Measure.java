package dev.big.db.query;

import dev.big.db.Filter;

/**
 * What {@link Grouping} works out for every group, each over the group's records that also match
 * its {@code filter} (an aggregate's {@code FILTER (WHERE ...)}; {@link Filter#all()} when there is none).
 */
public sealed interface Measure {

    Filter filter();

    /** count(*): a Long. */
    record CountRecords(Filter filter) implements Measure {}

    /** count(field): the records with a value, a Long. */
    record CountValues(String field, Filter filter) implements Measure {}

    /** count(DISTINCT field) of a keyed, bool, int or timestamp field (or the id): a Long. */
    record CountDistinct(String field, Filter filter) implements Measure {}

    /** count, sum, min and max of an int or timestamp field: an {@link dev.big.db.Aggregate}. */
    record Stats(String field, Filter filter) implements Measure {}

    /**
     * A quantile of an int or timestamp field, null over no values: {@code quantile_disc(field, q)}
     * (a value of the field: Long or Instant) or, {@code interpolated}, {@code median(field)} (the
     * mean of the two middle values for an even count: a Double, or an Instant for a timestamp).
     */
    record Quantile(String field, double fraction, boolean interpolated, Filter filter) implements Measure {}
}
