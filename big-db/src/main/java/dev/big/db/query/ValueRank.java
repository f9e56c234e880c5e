package dev.big.db.query;

import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.RangePredicate;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;

/**
 * The k-th smallest value of an int or timestamp field among records spread over shards, from
 * counts alone: a binary search over the values between the smallest and the largest present,
 * each probe one range count ({@code value <= t}) of the bit planes within the records per shard.
 * At most 64 probes, and no value is read record by record or sorted, except that up to
 * {@link BucketPartition#READ_VALUES_LIMIT} values per shard are simply read. Quantiles and the threshold of
 * a top-N listing are found this way.
 */
final class ValueRank {

    /** Records of one shard, all with a value (the count is their cardinality). */
    record Part(long shard, RoaringBitmap records) {}

    private final BsiReader reader;
    private final List<Part> parts;
    private final long count;
    private final long min;
    private final long max;

    /** The values themselves, sorted, when there are at most {@link BucketPartition#READ_VALUES_LIMIT} per shard (else null). */
    private final long[] sorted;

    ValueRank(BsiReader reader, List<Part> parts) {
        this.reader = reader;
        this.parts = List.copyOf(parts);
        long records = 0;
        for (Part part : this.parts) {
            records += part.records().getLongCardinality();
        }
        if (records <= (long) BucketPartition.READ_VALUES_LIMIT * Math.max(1, this.parts.size())) {
            // Few values per shard: read them (a point read each) rather than probe up to 64 times
            // per shard; with sparse ids a table of 4,000 records may lie in as many shards.
            long[] values = new long[(int) records];
            int n = 0;
            for (Part part : this.parts) {
                for (int column : part.records().toArray()) {
                    values[n++] = reader.get(dev.big.engine.coords.Coords.recordId(part.shard(), column)).orElseThrow();
                }
            }
            java.util.Arrays.sort(values);
            this.sorted = values;
            this.count = records;
            this.min = records == 0 ? 0 : values[0];
            this.max = records == 0 ? 0 : values[n - 1];
            return;
        }
        this.sorted = null;
        ValueBounds bounds = null;
        for (Part part : this.parts) {
            if (!part.records().isEmpty()) {
                bounds = ValueBounds.of(reader, part.shard(), part.records()).union(bounds);
            }
        }
        this.count = records;
        this.min = bounds == null ? 0 : bounds.min();
        this.max = bounds == null ? 0 : bounds.max();
    }

    /** How many values there are. */
    long count() {
        return count;
    }

    /** How many values are at most {@code t}. */
    long countAtMost(long t) {
        long n = 0;
        for (Part part : parts) {
            n += reader.count(part.shard(), RangePredicate.of(RangePredicate.Op.LE, t), part.records());
        }
        return n;
    }

    /** The value of rank {@code k} (0 the smallest) in ascending order; {@code 0 <= k < count()}. */
    long smallest(long k) {
        if (k < 0 || k >= count) {
            throw new IllegalArgumentException("rank " + k + " outside 0.." + (count - 1));
        }
        if (sorted != null) {
            return sorted[(int) k];
        }
        long low = min;
        long high = max;
        // Invariant: fewer than k + 1 values lie below low, at least k + 1 at or below high.
        while (low < high) {
            long middle = (low & high) + ((low ^ high) >> 1);
            if (countAtMost(middle) >= k + 1) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        return low;
    }
}
