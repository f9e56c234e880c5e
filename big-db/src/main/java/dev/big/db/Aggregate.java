package dev.big.db;

import java.math.BigInteger;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * count, sum, min and max of an integer or timestamp field over the records that have a value.
 * The sum is exact (it can exceed a long); {@link #avg()} is the double nearest to sum / count.
 */
public record Aggregate(long count, BigInteger sum, OptionalLong min, OptionalLong max) {

    /** The mean of the values, or empty when there are none. */
    public OptionalDouble avg() {
        return countAndSum().avg();
    }

    /** The count and sum alone. */
    public Sum countAndSum() {
        return new Sum(count, sum);
    }
}
