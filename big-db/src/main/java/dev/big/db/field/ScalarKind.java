package dev.big.db.field;

import dev.big.db.Filter;
import dev.big.db.InvalidInputException;
import dev.big.db.catalog.FieldInfo;
import dev.big.engine.bsi.BsiLayout;
import dev.big.engine.bsi.RangePredicate;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * A kind whose values are stored as one signed 64-bit number per record in bit planes: filters
 * compare the numbers plane by plane, sums and extremes come from the planes, and the writers store
 * whatever {@link #stored} makes of a value. A kind differs from another only in how a value becomes
 * that number and back ({@link #value}), how a filter's constant does ({@link #compare}), and what a
 * sum of the numbers means ({@link #sum}).
 */
public abstract sealed class ScalarKind implements FieldKind permits IntKind, TimestampKind, DecimalKind {

    /** The number stored for {@code value} (not null), before the field's bounds are checked. */
    abstract long stored(Object value, ValueContext context);

    /** The value a stored number reads back as. */
    public abstract Object value(long stored);

    /** The stored number of {@code value}, a value this kind reads back ({@link #value}): the inverse of it. */
    public final long storedOf(Object value) {
        return stored(value, null); // a value read back is storable: no context is needed for a message
    }

    /** The stored number a filter's constant on {@code field} stands for; refuses a constant of the wrong type. */
    abstract long constant(Object constant, String field);

    @Override
    public final Object normalize(Object value, ValueContext context) {
        return checkBounds(context, stored(value, context));
    }

    /**
     * The number stored for the number {@code value}, checked against the field's bounds: an int's
     * or a timestamp's (epoch milliseconds) as it is, without boxing, for loads of millions.
     */
    public final long normalize(long value, ValueContext context) {
        return checkBounds(context, storedNumber(value, context));
    }

    /**
     * Whether {@link #normalize(long, ValueContext)} stores a number as it is (an int's, a
     * timestamp's), so that {@link #lowest} and {@link #highest} say which numbers it accepts.
     */
    public boolean storesNumbersAsGiven() {
        return false;
    }

    /** The lowest number {@code field} stores: its declared minimum, within what its planes hold. */
    public static long lowest(FieldInfo field) {
        long storable = BsiLayout.minValue(field.bsi().base());
        return field.def().min() == null ? storable : Math.max(field.def().min(), storable);
    }

    /** The highest number {@code field} stores: its declared maximum, within what its planes hold. */
    public static long highest(FieldInfo field) {
        long storable = BsiLayout.maxValue(field.bsi().base());
        return field.def().max() == null ? storable : Math.min(field.def().max(), storable);
    }

    /** The number stored for the number {@code value}, before the bounds are checked. */
    private long storedNumber(long value, ValueContext context) {
        return storesNumbersAsGiven() ? value : stored(value, context);
    }

    @Override
    public boolean takesBounds() {
        return true;
    }

    /**
     * {@code value op constant} as a comparison of stored numbers that matches exactly the values
     * it matches: the one conversion of a filter's constant on the way to the planes.
     */
    public RangePredicate compare(Filter.Op op, Object constant, String field) {
        return RangePredicate.of(rangeOp(op), constant(constant, field));
    }

    /** A filter's comparison or BETWEEN on {@code field} (of this kind) as a comparison of stored numbers. */
    public RangePredicate predicate(Filter comparison, String field) {
        return switch (comparison) {
            case Filter.Compare c -> compare(c.op(), c.value(), field);
            case Filter.Between b -> between(b.low(), b.high(), field);
            default -> throw new IllegalStateException("not a comparison: " + comparison);
        };
    }

    /** {@code value BETWEEN low AND high} as a comparison of stored numbers. */
    public RangePredicate between(Object low, Object high, String field) {
        return RangePredicate.between(constant(low, field), constant(high, field));
    }

    /** Whether sums and averages of the field mean something (not for points in time). */
    public boolean summable() {
        return true;
    }

    /** The sum of stored numbers as a value: the exact integer for an int field. */
    public Object sum(BigInteger stored) {
        return stored;
    }

    /** The average of {@code count} values whose stored numbers sum to {@code stored}: the nearest double. */
    public double average(BigInteger stored, long count) {
        return new BigDecimal(stored).divide(BigDecimal.valueOf(count), MathContext.DECIMAL128).doubleValue();
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

    /** A filter's integer constant; the message names the field and the value. */
    static long integerConstant(Object value, String field) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        throw new InvalidInputException("field '" + field + "' is compared with an integer, not " + value
                + (value == null ? "" : " (" + value.getClass().getSimpleName() + ")"));
    }

    /** The engine's name for comparison {@code op}. */
    public static RangePredicate.Op rangeOp(Filter.Op op) {
        return switch (op) {
            case EQ -> RangePredicate.Op.EQ;
            case NE -> RangePredicate.Op.NE;
            case LT -> RangePredicate.Op.LT;
            case LE -> RangePredicate.Op.LE;
            case GT -> RangePredicate.Op.GT;
            case GE -> RangePredicate.Op.GE;
        };
    }

    private static long checkBounds(ValueContext context, long value) {
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
