package dev.big.db.query;

import dev.big.db.Aggregate;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.BsiTotals;
import dev.big.engine.coords.Coords;
import java.math.BigInteger;
import java.util.OptionalLong;
import org.roaringbitmap.RoaringBitmap;

/** count, sum, min and max of one group's values, as the shards add to them. */
final class GroupStats {

    private long count;
    private BigInteger sum = BigInteger.ZERO;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    /**
     * Adds the values of {@code records}: a pass over the planes, or for a few records
     * ({@link BucketPartition#READ_VALUES_LIMIT}) a point read each, which costs less than a pass
     * over every plane of a container column for a handful of bits.
     */
    void add(BsiReader reader, long shard, RoaringBitmap records) {
        if (records.isEmpty()) {
            return;
        }
        if (records.getCardinality() <= BucketPartition.READ_VALUES_LIMIT) {
            long total = 0;
            for (int column : records.toArray()) {
                OptionalLong value = reader.get(Coords.recordId(shard, column));
                if (value.isEmpty()) {
                    continue;
                }
                long v = value.getAsLong();
                count++;
                min = Math.min(min, v);
                max = Math.max(max, v);
                try {
                    total = Math.addExact(total, v);
                } catch (ArithmeticException overflow) {
                    sum = sum.add(BigInteger.valueOf(total));
                    total = v;
                }
            }
            sum = sum.add(BigInteger.valueOf(total));
            return;
        }
        BsiTotals part = new BsiTotals();
        reader.aggregate(shard, records, part);
        if (part.count() > 0) {
            count += part.count();
            sum = sum.add(part.sum());
            min = Math.min(min, part.min().getAsLong());
            max = Math.max(max, part.max().getAsLong());
        }
    }

    /** Adds {@code other}'s values (of other records) to these. */
    void addAll(GroupStats other) {
        count += other.count;
        sum = sum.add(other.sum);
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
    }

    Aggregate aggregate() {
        return count == 0 ? new Aggregate(0, BigInteger.ZERO, OptionalLong.empty(), OptionalLong.empty())
                : new Aggregate(count, sum, OptionalLong.of(min), OptionalLong.of(max));
    }
}
