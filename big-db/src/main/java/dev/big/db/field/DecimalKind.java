package dev.big.db.field;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.InvalidInputException;
import dev.big.engine.bsi.RangePredicate;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * {@code decimal(scale)}: an exact fixed-point number with {@code scale} digits after the point,
 * SQL's {@code DECIMAL(18, scale)}, read and written as a {@code BigDecimal}. The planes store the
 * unscaled number ({@code 12.34} at scale 2 is {@code 1234}), so comparisons, sums and extremes are
 * the integer ones, and nothing is ever rounded: a value with more fraction digits than the scale
 * is refused, as is one with more than 18 digits (DuckDB's DECIMAL(18, s) refuses it too).
 *
 * <p>A filter's constant need not be storable: {@code price < 1.255} at scale 2 means
 * {@code unscaled <= 125}, {@code price = 1.255} matches nothing, as in DuckDB, which compares
 * decimals exactly.
 */
final class DecimalKind extends ScalarKind {

    /** The largest scale, and the most digits a value may have: DECIMAL(18, s) fits 64 bits. */
    static final int MAX_DIGITS = 18;
    private static final BigInteger LARGEST_UNSCALED = BigInteger.TEN.pow(MAX_DIGITS).subtract(BigInteger.ONE);
    private static final DecimalKind[] BY_SCALE = new DecimalKind[MAX_DIGITS + 1];

    static {
        for (int scale = 0; scale <= MAX_DIGITS; scale++) {
            BY_SCALE[scale] = new DecimalKind(scale);
        }
    }

    private final int scale;

    private DecimalKind(int scale) {
        this.scale = scale;
    }

    /** The kind the type table registers: scale 0, standing for every scale until a field names its own. */
    static DecimalKind registered() {
        return BY_SCALE[0];
    }

    @Override
    public FieldType type() {
        return FieldType.DECIMAL;
    }

    @Override
    public boolean takesScale() {
        return true;
    }

    @Override
    public boolean takesBounds() {
        return false;
    }

    @Override
    public void checkDefinition(String name, boolean bounded, int scale) {
        if (bounded) {
            throw new InvalidInputException("field '" + name + "': decimal fields take no min/max bounds");
        }
        if (scale < 0 || scale > MAX_DIGITS) {
            throw new InvalidInputException("field '" + name + "': a decimal's scale is 0 to " + MAX_DIGITS
                    + " digits after the point, not " + scale);
        }
    }

    @Override
    public DecimalKind of(FieldDef def) {
        return BY_SCALE[def.scale()];
    }

    @Override
    long stored(Object value, ValueContext context) {
        BigDecimal decimal = decimalOf(value);
        if (decimal == null) {
            throw context.wrongType(value, "a BigDecimal or an integer");
        }
        String problem = unstorable(decimal);
        if (problem != null) {
            throw context.invalid(problem);
        }
        return decimal.setScale(scale).unscaledValue().longValueExact();
    }

    @Override
    public Object value(long stored) {
        return BigDecimal.valueOf(stored, scale);
    }

    @Override
    long constant(Object constant, String field) {
        // Never reached: a decimal constant need not be storable, so compare and between (which
        // call this in ScalarKind) are overridden to compare exactly instead.
        throw new IllegalStateException("decimal constants are compared by compare/between");
    }

    @Override
    public RangePredicate compare(Filter.Op op, Object constant, String field) {
        BigDecimal scaled = constantOf(constant, field).movePointRight(scale);
        long floor = clamp(scaled.setScale(0, RoundingMode.FLOOR));
        long ceiling = clamp(scaled.setScale(0, RoundingMode.CEILING));
        if (floor == ceiling) {
            return RangePredicate.of(rangeOp(op), floor);
        }
        // Between two storable values: no value equals it, every value differs from it, and an
        // order comparison is one with the nearest storable value on the side that keeps the answer.
        return switch (op) {
            case EQ -> RangePredicate.between(1, 0);
            case NE -> RangePredicate.between(Long.MIN_VALUE, Long.MAX_VALUE);
            case LT, LE -> RangePredicate.of(RangePredicate.Op.LE, floor);
            case GT, GE -> RangePredicate.of(RangePredicate.Op.GE, ceiling);
        };
    }

    @Override
    public RangePredicate between(Object low, Object high, String field) {
        long from = clamp(constantOf(low, field).movePointRight(scale).setScale(0, RoundingMode.CEILING));
        long to = clamp(constantOf(high, field).movePointRight(scale).setScale(0, RoundingMode.FLOOR));
        return RangePredicate.between(from, to);
    }

    @Override
    public Object sum(BigInteger stored) {
        return new BigDecimal(stored, scale);
    }

    @Override
    public double average(BigInteger stored, long count) {
        return new BigDecimal(stored, scale).divide(BigDecimal.valueOf(count), MathContext.DECIMAL128).doubleValue();
    }

    /** Why {@code decimal} cannot be stored exactly at this scale, or null when it can. */
    private String unstorable(BigDecimal decimal) {
        BigDecimal exact = decimal.stripTrailingZeros();
        if (exact.scale() > scale) {
            return decimal.toPlainString() + " has " + exact.scale() + " digits after the point; the field's scale is " + scale
                    + " (big never rounds: round the value, or declare a larger scale)";
        }
        if (exact.movePointRight(scale).toBigInteger().abs().compareTo(LARGEST_UNSCALED) > 0) {
            return decimal.toPlainString() + " has more than " + MAX_DIGITS + " digits at scale " + scale
                    + " (DECIMAL(18, " + scale + ") holds at most " + new BigDecimal(LARGEST_UNSCALED, scale).toPlainString()
                    + " in magnitude)";
        }
        return null;
    }

    private static BigDecimal constantOf(Object constant, String field) {
        BigDecimal decimal = decimalOf(constant);
        if (decimal == null) {
            throw new InvalidInputException("field '" + field + "' is decimal; compare it with a BigDecimal or an integer, not "
                    + constant + (constant == null ? "" : " (" + constant.getClass().getSimpleName() + ")"));
        }
        return decimal;
    }

    /** An exact number as a BigDecimal (never a float or double: those are not exact), else null. */
    private static BigDecimal decimalOf(Object value) {
        return switch (value) {
            case BigDecimal decimal -> decimal;
            case BigInteger integer -> new BigDecimal(integer);
            case Long l -> BigDecimal.valueOf(l);
            case Integer i -> BigDecimal.valueOf(i);
            case Short s -> BigDecimal.valueOf(s);
            case Byte b -> BigDecimal.valueOf(b);
            case null, default -> null;
        };
    }

    /** An integral BigDecimal as a long, saturated: stored values lie well inside (±10^18), so saturating never changes an answer. */
    private static long clamp(BigDecimal integral) {
        BigInteger value = integral.toBigIntegerExact();
        if (value.bitLength() < 64) {
            return value.longValue();
        }
        return value.signum() > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
    }
}
