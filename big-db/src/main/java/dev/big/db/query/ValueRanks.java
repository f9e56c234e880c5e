package dev.big.db.query;

import dev.big.engine.bsi.OrderIndex;

/**
 * Values in ascending order, asked by rank: quantiles and medians need nothing else. The planes
 * answer it for any set of records ({@link ValueRank}); a field's order index answers it for all
 * of them ({@link #of(OrderIndex)}).
 */
interface ValueRanks {

    /** How many values there are. */
    long count();

    /** The value of rank {@code k} (0 the smallest) in ascending order; {@code 0 <= k < count()}. */
    long smallest(long k);

    /** Every value of a field, from its order index: eight node reads per rank. */
    static ValueRanks of(OrderIndex index) {
        long count = index.total();
        return new ValueRanks() {
            @Override
            public long count() {
                return count;
            }

            @Override
            public long smallest(long k) {
                return index.valueAtRank(k).orElseThrow(() -> new IllegalArgumentException("rank " + k + " outside 0.."
                        + (count - 1)));
            }
        };
    }
}
