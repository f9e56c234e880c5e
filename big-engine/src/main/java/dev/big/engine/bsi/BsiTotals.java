package dev.big.engine.bsi;

import java.math.BigInteger;
import java.util.OptionalLong;

/**
 * Sum, count, min and max of the values of one or more shards, as a {@link BsiReader} adds them
 * up: the sum is kept as a count of set bits per plane (positive and negative values apart) and
 * the count of values at the base, so it is exact however large it grows.
 */
public final class BsiTotals {

    final long[] positiveBits = new long[BsiLayout.MAX_PLANES];
    final long[] negativeBits = new long[BsiLayout.MAX_PLANES];
    long count;
    long baseCount;
    long base;
    private boolean hasMinMax;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    /** How many values were added. */
    public long count() {
        return count;
    }

    /** The exact sum (it can exceed a long). */
    public BigInteger sum() {
        BigInteger sum = BigInteger.valueOf(base).multiply(BigInteger.valueOf(baseCount));
        for (int bit = 0; bit < BsiLayout.MAX_PLANES; bit++) {
            long net = positiveBits[bit] - negativeBits[bit];
            if (net != 0) {
                sum = sum.add(BigInteger.valueOf(net).shiftLeft(bit));
            }
        }
        return sum;
    }

    /** The smallest value added, or empty when none was. */
    public OptionalLong min() {
        return count == 0 ? OptionalLong.empty() : OptionalLong.of(min);
    }

    /** The largest value added, or empty when none was. */
    public OptionalLong max() {
        return count == 0 ? OptionalLong.empty() : OptionalLong.of(max);
    }

    void include(long value) {
        min = Math.min(min, value);
        max = Math.max(max, value);
        hasMinMax = true;
    }

    boolean hasMinMax() {
        return hasMinMax;
    }
}
