package dev.big.db.query;

import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.RangePredicate;
import org.roaringbitmap.RoaringBitmap;

/**
 * Splits a shard's records by the buckets of an int or timestamp field, from the bit planes: the
 * range of buckets the records' smallest and largest values span is halved again and again, each
 * half's records found by one range scan ({@code value < first value of the upper half}) within
 * the records being split, and empty halves dropped. So a split costs about one plane scan of the
 * records per halving, and only non-empty buckets are visited: {@code log2(buckets spanned)} scans
 * of each record, whatever the number of buckets.
 */
final class BucketPartition {

    /** Receives each non-empty bucket with its records. */
    interface Sink {
        void accept(long bucket, RoaringBitmap records);
    }

    private final BsiReader reader;
    private final long shard;
    private final Bucketing bucketing;

    BucketPartition(BsiReader reader, long shard, Bucketing bucketing) {
        this.reader = reader;
        this.shard = shard;
        this.bucketing = bucketing;
    }

    /** Splits {@code values} (records of the shard that all have a value) into their buckets, ascending. */
    void split(RoaringBitmap values, Sink sink) {
        if (values.isEmpty()) {
            return;
        }
        BsiReader.Aggregate extremes = new BsiReader.Aggregate();
        reader.aggregate(shard, values, extremes);
        split(values, bucketing.bucketOf(extremes.min().getAsLong()), bucketing.bucketOf(extremes.max().getAsLong()), sink);
    }

    private void split(RoaringBitmap values, long low, long high, Sink sink) {
        if (low == high) {
            sink.accept(low, values);
            return;
        }
        long middle = (low & high) + ((low ^ high) >> 1); // floor of the mean, without overflow
        long firstAbove = bucketing.firstValueOf(middle + 1);
        RoaringBitmap below = reader.matches(shard, RangePredicate.of(RangePredicate.Op.LT, firstAbove), values);
        RoaringBitmap above = RoaringBitmap.andNot(values, below);
        if (!below.isEmpty()) {
            split(below, low, middle, sink);
        }
        if (!above.isEmpty()) {
            split(above, middle + 1, high, sink);
        }
    }
}
