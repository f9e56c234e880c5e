package dev.big.db;

import dev.big.db.query.Bucketing;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * What {@code date_trunc} truncates a timestamp to: the start of its minute, hour, day, week (a
 * Monday), month, quarter or year, in UTC, as DuckDB's and Trino's {@code date_trunc} of a
 * timestamp without time zone. The buckets of {@link Snapshot#timeGroups} and of SQL's
 * {@code GROUP BY date_trunc(...)}.
 */
public enum TimeTruncation {
    MINUTE, HOUR, DAY, WEEK, MONTH, QUARTER, YEAR;

    /** Each unit's buckets, made once: a scan truncates value after value. */
    private static final Bucketing[] BUCKETINGS = Arrays.stream(values()).map(Bucketing::of).toArray(Bucketing[]::new);

    /** The first millisecond of the unit {@code epochMillis} falls in. */
    public long truncate(long epochMillis) {
        Bucketing bucketing = BUCKETINGS[ordinal()];
        return bucketing.firstValueOf(bucketing.bucketOf(epochMillis));
    }

    /** The unit {@code date_trunc} names {@code name} ({@code 'month'}, in any case), or empty for another. */
    public static Optional<TimeTruncation> named(String name) {
        try {
            return Optional.of(valueOf(name.toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
