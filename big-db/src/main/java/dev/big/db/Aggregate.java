package dev.big.db;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * count, sum, min and max of an integer or timestamp field over the records that have a value.
 * The sum is exact (it can exceed a long); {@link #avg()} is the double nearest to sum / count.
 */
public record Aggregate(long count, BigInteger sum, OptionalLong min, OptionalLong max) {

    /** The mean of the values, or empty when there are none. */
    public OptionalDouble avg() {
        if (count == 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(new BigDecimal(sum).divide(BigDecimal.valueOf(count), MathContext.DECIMAL128).doubleValue());
    }
}
