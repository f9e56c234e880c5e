package dev.big.db.query;

import dev.big.engine.bsi.BsiReader;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;

/**
 * The k-th smallest value of an int or timestamp field among records spread over shards, from
 * counts alone: one descent of the bit planes, most significant first, across every shard's
 * records ({@link BsiReader#smallest}). No value is read record by record or sorted, except that
 * up to {@link BucketPartition#READ_VALUES_LIMIT} values per shard are simply read. Quantiles and
 * the threshold of a top-N listing are found this way.
 */
final class ValueRank implements ValueRanks {

    /** Records of one shard, all with a value (the count is their cardinality). */
    record Part(long shard, RoaringBitmap records) {}

    private final BsiReader reader;
    private final List<Part> parts;
    private final long count;

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
            return;
        }
        this.sorted = null;
        this.count = records;
    }

    @Override
    public long count() {
        return count;
    }

    @Override
    public long smallest(long k) {
        if (k < 0 || k >= count) {
            throw new IllegalArgumentException("rank " + k + " outside 0.." + (count - 1));
        }
        if (sorted != null) {
            return sorted[(int) k];
        }
        long[] shards = new long[parts.size()];
        RoaringBitmap[] records = new RoaringBitmap[parts.size()];
        for (int i = 0; i < shards.length; i++) {
            shards[i] = parts.get(i).shard();
            records[i] = parts.get(i).records();
        }
        return reader.smallest(shards, records, k)[0];
    }
}
