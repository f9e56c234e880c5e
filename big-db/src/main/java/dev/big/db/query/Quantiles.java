package dev.big.db.query;

import dev.big.db.field.ScalarKind;
import java.time.Instant;
import java.util.Arrays;

/**
 * DuckDB's quantiles of a field's values, however the values are ranked: from the planes or an
 * order index ({@link Grouping}), or from values in memory (a join's rows, {@code JoinRunner}).
 * {@code quantile_disc(v, q)} is the value at 0-based index {@code max(1, n - floor(n - q * n)) - 1};
 * {@code median(v)} interpolates between the two middle values, in DOUBLE for an int field and in
 * microseconds truncated toward the lower value for a timestamp.
 */
public final class Quantiles {

    /**
     * The quantile {@code fraction} ({@code interpolated}: the median's way) of the {@code count}
     * stored numbers in {@code values} (sorted here), read as {@code kind} reads them; null when
     * there are none.
     */
    public static Object of(double fraction, boolean interpolated, ScalarKind kind, boolean timestamp, long[] values, int count) {
        long[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        return of(fraction, interpolated, kind, timestamp, new ValueRanks() {
            @Override
            public long count() {
                return count;
            }

            @Override
            public long smallest(long k) {
                return sorted[(int) k];
            }
        });
    }

    static Object of(double fraction, boolean interpolated, ScalarKind kind, boolean timestamp, ValueRanks rank) {
        long n = rank.count();
        if (n == 0) {
            return null;
        }
        if (!interpolated) {
            long index = Math.max(1L, (long) (n - Math.floor(n - fraction * n))) - 1;
            return kind.value(rank.smallest(index));
        }
        double position = (n - 1) * fraction;
        long lowIndex = (long) Math.floor(position);
        long highIndex = (long) Math.ceil(position);
        long low = rank.smallest(lowIndex);
        long high = highIndex == lowIndex ? low : rank.smallest(highIndex);
        double part = position - lowIndex;
        if (timestamp) {
            long micros = (long) ((double) (high - low) * 1000 * part);
            return Instant.ofEpochMilli(low).plusNanos(micros * 1000);
        }
        double lo = low;
        return lo + ((double) high - lo) * part;
    }

    private Quantiles() {}
}
