package dev.big.db;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.OptionalDouble;

/**
 * count and sum of an integer or timestamp field over the records that have a value: what
 * {@link Snapshot#sum} answers when the min and max are not wanted (finding them under a filter
 * costs about as much again as the sum). The sum is exact (it can exceed a long); {@link #avg()}
 * is the double nearest to sum / count.
 */
public record Sum(long count, BigInteger sum) {

    /** The mean of the values, or empty when there are none. */
    public OptionalDouble avg() {
        if (count == 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(new BigDecimal(sum).divide(BigDecimal.valueOf(count), MathContext.DECIMAL128).doubleValue());
    }
}
