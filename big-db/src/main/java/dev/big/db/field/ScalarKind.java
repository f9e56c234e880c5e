package dev.big.db.field;

import dev.big.db.catalog.FieldInfo;
import dev.big.engine.bsi.BsiLayout;
import java.math.BigInteger;

/**
 * A kind whose values are stored as one signed 64-bit number per record in bit planes: filters
 * compare the numbers plane by plane, sums and extremes come from the planes, and the writers store
 * whatever {@link #stored} makes of a value. A kind differs from another only in how a value becomes
 * that number and back ({@link #value}).
 */
public abstract sealed class ScalarKind implements FieldKind permits IntKind, TimestampKind {

    /** The number stored for {@code value} (not null), before the field's bounds are checked. */
    abstract long stored(Object value, ValueContext context);

    /** The value a stored number reads back as. */
    public abstract Object value(long stored);

    @Override
    public final Object normalize(Object value, ValueContext context) {
        return checkBounds(context, stored(value, context));
    }

    /** {@code value} as a 64-bit integer, if it is an integral number that fits. */
    static long integral(Object value, ValueContext context) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger big) {
            if (big.bitLength() < 64) {
                return big.longValue();
            }
            throw context.invalid(big + " does not fit a 64-bit integer");
        }
        throw context.wrongType(value, "an integer");
    }

    private static Long checkBounds(ValueContext context, long value) {
        FieldInfo field = context.field();
        Long min = field.def().min();
        Long max = field.def().max();
        if ((min != null && value < min) || (max != null && value > max)) {
            throw context.invalid("value " + value + " is outside the declared range " + (min == null ? "" : min) + ".."
                    + (max == null ? "" : max));
        }
        long base = field.bsi().base();
        if (value < BsiLayout.minValue(base) || value > BsiLayout.maxValue(base)) {
            throw context.invalid("value " + value + " is outside the storable range " + BsiLayout.minValue(base) + ".."
                    + BsiLayout.maxValue(base));
        }
        return value;
    }
}
