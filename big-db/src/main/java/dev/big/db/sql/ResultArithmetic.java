package dev.big.db.sql;

import dev.big.db.Filter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;

/**
 * Evaluates {@link ResultExpr}s and {@link ResultCondition}s on one group's values with DuckDB's
 * types: BIGINT (Long) and HUGEINT (BigInteger) stay integers under {@code + - * // %} (an
 * overflowing BIGINT is an error, as in DuckDB), {@code /} is always DOUBLE division (x / 0 is
 * infinite or NaN), a literal with a decimal point is a DECIMAL of its scale (the scale of a sum is
 * the larger, of a product the sum of the operands'), anything with a DOUBLE is a DOUBLE,
 * {@code //} and {@code %} by zero are NULL, and {@code round} rounds half away from zero the way
 * DuckDB does for each type. NULL in, NULL out; HAVING keeps a group only when its condition is
 * true.
 */
final class ResultArithmetic {

    /** The type of a result value, as far as arithmetic cares. */
    enum Type { BIGINT, HUGEINT, DECIMAL, DOUBLE, OTHER }

    private final List<Object> parameters;

    /** @param parameters the template values the statement's integer literals may stand for */
    ResultArithmetic(List<Object> parameters) {
        this.parameters = parameters;
    }

    static Type typeOf(Object value) {
        return switch (value) {
            case Long l -> Type.BIGINT;
            case BigInteger b -> Type.HUGEINT;
            case BigDecimal d -> Type.DECIMAL;
            case Double d -> Type.DOUBLE;
            default -> Type.OTHER;
        };
    }

    /**
     * The value of {@code expression} for one group: {@code group} holds its {@code keys} key
     * values and then the values of its aggregates by slot ({@code slot} maps an aggregate to its slot).
     */
    Object evaluate(ResultExpr expression, Object[] group, int keys, java.util.function.ToIntFunction<AggregateCall> slot) {
        return switch (expression) {
            case ResultExpr.Key key -> group[key.key()];
            case ResultExpr.Aggregate aggregate -> group[keys + slot.applyAsInt(aggregate.call())];
            case ResultExpr.IntegerNumber number -> integer(number.literal(), number.sql());
            case ResultExpr.DecimalNumber number -> number.value();
            case ResultExpr.DoubleNumber number -> number.value();
            case ResultExpr.Negate negate -> negate(evaluate(negate.operand(), group, keys, slot), negate.sql());
            case ResultExpr.Round round -> round(evaluate(round.operand(), group, keys, slot),
                    (int) Math.max(-40, Math.min(40, integer(round.digits(), round.sql()))), round.sql());
            case ResultExpr.Arithmetic arithmetic -> arithmetic(arithmetic.operator(),
                    evaluate(arithmetic.left(), group, keys, slot), evaluate(arithmetic.right(), group, keys, slot),
                    arithmetic.sql());
        };
    }

    /** True, false or null (unknown) for {@code condition}. */
    Boolean test(ResultCondition condition, Object[] group, int keys, java.util.function.ToIntFunction<AggregateCall> slot) {
        return switch (condition) {
            case ResultCondition.Compare compare -> compare(evaluate(compare.left(), group, keys, slot), compare.op(),
                    evaluate(compare.right(), group, keys, slot), compare.sql());
            case ResultCondition.IsNull isNull -> evaluate(isNull.operand(), group, keys, slot) == null;
            case ResultCondition.Not not -> {
                Boolean inner = test(not.term(), group, keys, slot);
                yield inner == null ? null : !inner;
            }
            case ResultCondition.And and -> {
                Boolean result = true;
                for (ResultCondition term : and.terms()) {
                    Boolean value = test(term, group, keys, slot);
                    if (Boolean.FALSE.equals(value)) {
                        yield false;
                    }
                    if (value == null) {
                        result = null;
                    }
                }
                yield result;
            }
            case ResultCondition.Or or -> {
                Boolean result = false;
                for (ResultCondition term : or.terms()) {
                    Boolean value = test(term, group, keys, slot);
                    if (Boolean.TRUE.equals(value)) {
                        yield true;
                    }
                    if (value == null) {
                        result = null;
                    }
                }
                yield result;
            }
        };
    }

    private long integer(Literal.IntLiteral literal, String sql) {
        BigInteger value = literal.value(parameters);
        if (value.bitLength() > 63) {
            throw SqlErrors.unsupported("integer literal " + value + " outside the signed 64-bit range", sql,
                    "integers lie in " + Long.MIN_VALUE + ".." + Long.MAX_VALUE);
        }
        return value.longValueExact();
    }

    private static Boolean compare(Object a, Filter.Op op, Object b, String sql) {
        if (a == null || b == null) {
            return null;
        }
        int c;
        Type ta = typeOf(a);
        Type tb = typeOf(b);
        if (ta == Type.OTHER || tb == Type.OTHER) {
            if (a.getClass() != b.getClass()) {
                throw SqlErrors.invalid("cannot compare " + a.getClass().getSimpleName() + " with " + b.getClass().getSimpleName(), sql);
            }
            c = ResultOrder.compareValues(a, b);
        } else if (ta == Type.DOUBLE || tb == Type.DOUBLE) {
            c = Double.compare(toDouble(a), toDouble(b));
        } else {
            c = toDecimal(a).compareTo(toDecimal(b));
        }
        return switch (op) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
        };
    }

    private static Object negate(Object value, String sql) {
        return switch (value) {
            case null -> null;
            case Long l -> {
                if (l == Long.MIN_VALUE) {
                    throw overflow(sql);
                }
                yield -l;
            }
            case BigInteger b -> b.negate();
            case BigDecimal d -> d.negate();
            case Double d -> -d;
            default -> throw notNumber(value, sql);
        };
    }

    private static Object arithmetic(ResultExpr.Operator operator, Object a, Object b, String sql) {
        if (a == null || b == null) {
            return null;
        }
        Type ta = typeOf(a);
        Type tb = typeOf(b);
        if (ta == Type.OTHER || tb == Type.OTHER) {
            throw notNumber(ta == Type.OTHER ? a : b, sql);
        }
        if (operator == ResultExpr.Operator.DIVIDE) {
            return toDouble(a) / toDouble(b);
        }
        boolean integers = (ta == Type.BIGINT || ta == Type.HUGEINT) && (tb == Type.BIGINT || tb == Type.HUGEINT);
        if (operator == ResultExpr.Operator.INTEGER_DIVIDE || operator == ResultExpr.Operator.MODULO) {
            if (!integers) {
                throw SqlErrors.invalid(operator.symbol + " takes integers here", sql);
            }
            BigInteger divisor = toBigInteger(b);
            if (divisor.signum() == 0) {
                return null;
            }
            BigInteger result = operator == ResultExpr.Operator.INTEGER_DIVIDE ? toBigInteger(a).divide(divisor)
                    : toBigInteger(a).remainder(divisor);
            return ta == Type.BIGINT && tb == Type.BIGINT ? (Object) result.longValue() : result;
        }
        if (ta == Type.DOUBLE || tb == Type.DOUBLE) {
            double x = toDouble(a);
            double y = toDouble(b);
            return switch (operator) {
                case ADD -> x + y;
                case SUBTRACT -> x - y;
                default -> x * y;
            };
        }
        if (integers) {
            BigInteger x = toBigInteger(a);
            BigInteger y = toBigInteger(b);
            BigInteger result = switch (operator) {
                case ADD -> x.add(y);
                case SUBTRACT -> x.subtract(y);
                default -> x.multiply(y);
            };
            if (ta == Type.BIGINT && tb == Type.BIGINT) {
                if (result.bitLength() > 63) {
                    throw overflow(sql);
                }
                return result.longValueExact();
            }
            return result;
        }
        BigDecimal x = toDecimal(a);
        BigDecimal y = toDecimal(b);
        return switch (operator) {
            case ADD -> x.add(y);
            case SUBTRACT -> x.subtract(y);
            default -> x.multiply(y);
        };
    }

    /** DuckDB's round: integers to tens and beyond only for negative digits, decimals to {@code min(digits, scale)}, doubles as below. */
    private static Object round(Object value, int digits, String sql) {
        return switch (value) {
            case null -> null;
            case Long l -> digits >= 0 ? l : BigDecimal.valueOf(l).setScale(digits, RoundingMode.HALF_UP).longValueExact();
            case BigInteger b -> digits >= 0 ? b : new BigDecimal(b).setScale(digits, RoundingMode.HALF_UP).toBigIntegerExact();
            case BigDecimal d -> d.setScale(Math.max(0, Math.min(digits, d.scale())), RoundingMode.HALF_UP);
            case Double d -> roundDouble(d, digits);
            default -> throw notNumber(value, sql);
        };
    }

    /** As DuckDB's RoundOperatorPrecision: scale by 10^digits, round half away from zero, scale back; infinities give the input back. */
    static double roundDouble(double value, int digits) {
        if (digits < 0) {
            double modifier = Math.pow(10, -digits);
            double rounded = halfAwayFromZero(value / modifier) * modifier;
            return Double.isInfinite(rounded) || Double.isNaN(rounded) ? 0 : rounded;
        }
        double modifier = Math.pow(10, digits);
        double rounded = halfAwayFromZero(value * modifier) / modifier;
        return Double.isInfinite(rounded) || Double.isNaN(rounded) ? value : rounded;
    }

    /** C's {@code round}: the nearest integer, halves away from zero. */
    private static double halfAwayFromZero(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return x;
        }
        double magnitude = Math.abs(x);
        double floor = Math.floor(magnitude);
        double result = magnitude - floor >= 0.5 ? floor + 1 : floor;
        return Math.copySign(result, x);
    }

    private static double toDouble(Object value) {
        return switch (value) {
            case Long l -> (double) l;
            case BigInteger b -> b.doubleValue();
            case BigDecimal d -> d.doubleValue();
            case Double d -> d;
            default -> throw new IllegalArgumentException(String.valueOf(value));
        };
    }

    private static BigInteger toBigInteger(Object value) {
        return value instanceof Long l ? BigInteger.valueOf(l) : (BigInteger) value;
    }

    private static BigDecimal toDecimal(Object value) {
        return switch (value) {
            case Long l -> BigDecimal.valueOf(l);
            case BigInteger b -> new BigDecimal(b);
            case BigDecimal d -> d;
            default -> throw new IllegalArgumentException(String.valueOf(value));
        };
    }

    private static RuntimeException overflow(String sql) {
        return SqlErrors.invalid("BIGINT overflow (DuckDB refuses it too; cast is not supported, so divide first or use"
                + " sum, which is a HUGEINT)", sql);
    }

    private static RuntimeException notNumber(Object value, String sql) {
        return SqlErrors.invalid("arithmetic needs numbers, not " + value.getClass().getSimpleName() + " " + value, sql);
    }
}
