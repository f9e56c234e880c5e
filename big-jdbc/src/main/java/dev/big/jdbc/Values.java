package dev.big.jdbc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Calendar;
import java.util.Collection;
import java.util.List;

/**
 * Conversions between big's values ({@code Long}, {@code BigInteger}, {@code BigDecimal},
 * {@code Double}, {@code Instant}, {@code LocalDate}, {@code Boolean}, {@code String}, sets) and
 * what JDBC getters return.
 *
 * <p>Timestamps: big stores a TIMESTAMP as a UTC instant, as DuckDB stores a TIMESTAMP without a
 * zone. JDBC's {@link Timestamp} shows wall-clock time in the JVM's zone, so, as DuckDB's driver
 * does, a value is handed out as the Timestamp whose wall-clock time is the UTC time
 * ({@code Timestamp.valueOf(LocalDateTime at UTC)}), and a bound Timestamp's wall-clock time is
 * read as UTC; with a {@link Calendar}, its zone is used instead.
 */
final class Values {

    private static final DateTimeFormatter TIMESTAMP_TEXT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSS]");

    static String string(Object value) {
        return switch (value) {
            case null -> null;
            case Instant instant -> {
                LocalDateTime time = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
                yield time.getNano() == 0 ? time.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"))
                        : time.format(TIMESTAMP_TEXT);
            }
            case BigDecimal decimal -> decimal.toPlainString();
            case Collection<?> set -> set.toString();
            default -> value.toString();
        };
    }

    /**
     * The integer widths of JDBC's getters ({@code getByte} .. {@code getLong}), with their ranges.
     * A value outside a getter's range is refused with SQLState 22003, never cut or saturated.
     */
    enum IntegerWidth {
        BYTE("a byte", Byte.MIN_VALUE, Byte.MAX_VALUE, "getShort, getInt or getLong"),
        SHORT("a short", Short.MIN_VALUE, Short.MAX_VALUE, "getInt or getLong"),
        INT("an int", Integer.MIN_VALUE, Integer.MAX_VALUE, "getLong"),
        LONG("a long", Long.MIN_VALUE, Long.MAX_VALUE, "getBigDecimal or getDouble");

        final String label;
        final long min;
        final long max;
        final String wider;

        IntegerWidth(String label, long min, long max, String wider) {
            this.label = label;
            this.min = min;
            this.max = max;
            this.wider = wider;
        }
    }

    /**
     * {@code value} as an integer of {@code width}, as {@code getLong}, {@code getInt},
     * {@code getShort} and {@code getByte} read it: a fraction (of a DOUBLE, a DECIMAL, a number
     * in text) truncated toward zero, as PostgreSQL's driver and Java's casts do; a value beyond
     * the width (an infinity too) refused with SQLState 22003, as DuckDB's casts refuse it; SQL
     * NULL read as 0, as JDBC says.
     */
    static long integer(Object value, IntegerWidth width, String column) throws SQLException {
        long integer = switch (value) {
            case null -> 0;
            case Long l -> l;
            case Integer i -> i;
            case Short s -> s;
            case Byte b -> b;
            case BigInteger big -> truncated(new BigDecimal(big), value, width, column);
            case BigDecimal decimal -> truncated(decimal, value, width, column);
            case Double d -> truncated(d, value, width, column);
            case Float f -> truncated(f.doubleValue(), value, width, column);
            case Boolean bool -> bool ? 1 : 0;
            case String text -> {
                String number = text.strip();
                try {
                    yield Long.parseLong(number);
                } catch (NumberFormatException notALong) {
                    try {
                        yield truncated(new BigDecimal(number), value, width, column);
                    } catch (NumberFormatException e) {
                        throw new SQLDataException(column + ": '" + text + "' is not an integer", "22018", e);
                    }
                }
            }
            default -> throw mismatch(value, "an integer", column);
        };
        if (integer < width.min || integer > width.max) {
            throw outOfRange(value, width, column);
        }
        return integer;
    }

    private static long truncated(double d, Object value, IntegerWidth width, String column) throws SQLException {
        if (!Double.isFinite(d)) {
            throw outOfRange(value, width, column);
        }
        return truncated(new BigDecimal(d), value, width, column);
    }

    /** {@code decimal} truncated toward zero, if a long holds it (the caller checks the narrower widths). */
    private static long truncated(BigDecimal decimal, Object value, IntegerWidth width, String column) throws SQLException {
        BigInteger whole = decimal.toBigInteger();
        if (whole.bitLength() > 63) {
            throw outOfRange(value, width, column);
        }
        return whole.longValue();
    }

    private static SQLDataException outOfRange(Object value, IntegerWidth width, String column) {
        return new SQLDataException(column + ": " + string(value) + " is out of range for " + width.label + " (" + width.min
                + ".." + width.max + "): numeric value out of range; read it with " + width.wider, "22003");
    }

    /**
     * {@code value} as a float: a finite number beyond a float's range is refused with SQLState
     * 22003, as DuckDB's cast from DOUBLE to FLOAT refuses it, rather than read as an infinity.
     */
    static float floatValue(Object value, String column) throws SQLException {
        double d = doubleValue(value, column);
        if (Double.isFinite(d) && Math.abs(d) > Float.MAX_VALUE) {
            throw new SQLDataException(column + ": " + string(value) + " is out of range for a float: numeric value out of"
                    + " range; read it with getDouble", "22003");
        }
        return (float) d;
    }

    static double doubleValue(Object value, String column) throws SQLException {
        return switch (value) {
            case null -> 0;
            case Number number -> number.doubleValue();
            case Boolean bool -> bool ? 1 : 0;
            case String text -> {
                try {
                    yield Double.parseDouble(text.strip());
                } catch (NumberFormatException e) {
                    throw new SQLDataException(column + ": '" + text + "' is not a number", "22018", e);
                }
            }
            default -> throw mismatch(value, "a number", column);
        };
    }

    static BigDecimal decimal(Object value, String column) throws SQLException {
        return switch (value) {
            case null -> null;
            case BigDecimal decimal -> decimal;
            case BigInteger big -> new BigDecimal(big);
            case Long l -> BigDecimal.valueOf(l);
            case Double d -> BigDecimal.valueOf(d);
            case Number number -> BigDecimal.valueOf(number.doubleValue());
            case String text -> {
                try {
                    yield new BigDecimal(text.strip());
                } catch (NumberFormatException e) {
                    throw new SQLDataException(column + ": '" + text + "' is not a number", "22018", e);
                }
            }
            default -> throw mismatch(value, "a number", column);
        };
    }

    static boolean bool(Object value, String column) throws SQLException {
        return switch (value) {
            case null -> false;
            case Boolean bool -> bool;
            case Number number -> number.doubleValue() != 0;
            case String text when text.equalsIgnoreCase("true") || text.equals("1") -> true;
            case String text when text.equalsIgnoreCase("false") || text.equals("0") -> false;
            default -> throw mismatch(value, "a boolean", column);
        };
    }

    static Timestamp timestamp(Object value, Calendar calendar, String column) throws SQLException {
        return switch (value) {
            case null -> null;
            case Instant instant -> calendar == null ? Timestamp.valueOf(LocalDateTime.ofInstant(instant, ZoneOffset.UTC))
                    : Timestamp.valueOf(LocalDateTime.ofInstant(instant, calendar.getTimeZone().toZoneId()));
            case LocalDate date -> Timestamp.valueOf(date.atStartOfDay());
            default -> throw mismatch(value, "a timestamp", column);
        };
    }

    static java.sql.Date date(Object value, String column) throws SQLException {
        return switch (value) {
            case null -> null;
            case LocalDate date -> java.sql.Date.valueOf(date);
            case Instant instant -> java.sql.Date.valueOf(LocalDateTime.ofInstant(instant, ZoneOffset.UTC).toLocalDate());
            default -> throw mismatch(value, "a date", column);
        };
    }

    /** {@code getObject}: a TIMESTAMP as a {@link Timestamp}, a DATE as a {@link java.sql.Date}, a set as an {@link java.sql.Array}. */
    static Object object(Object value, String column) throws SQLException {
        return switch (value) {
            case Instant instant -> timestamp(instant, null, column);
            case LocalDate date -> java.sql.Date.valueOf(date);
            case Collection<?> set -> new StringArray(List.copyOf(set).stream().map(String::valueOf).toList());
            default -> value;
        };
    }

    @SuppressWarnings("unchecked")
    static <T> T object(Object value, Class<T> type, String column) throws SQLException {
        if (value == null) {
            return null;
        }
        Object converted;
        if (type == Object.class) {
            converted = object(value, column);
        } else if (type.isInstance(value)) {
            converted = value;
        } else if (type == Long.class) {
            converted = integer(value, IntegerWidth.LONG, column);
        } else if (type == Integer.class) {
            converted = (int) integer(value, IntegerWidth.INT, column);
        } else if (type == Short.class) {
            converted = (short) integer(value, IntegerWidth.SHORT, column);
        } else if (type == Byte.class) {
            converted = (byte) integer(value, IntegerWidth.BYTE, column);
        } else if (type == Float.class) {
            converted = floatValue(value, column);
        } else if (type == Double.class) {
            converted = doubleValue(value, column);
        } else if (type == BigDecimal.class) {
            converted = decimal(value, column);
        } else if (type == BigInteger.class) {
            converted = decimal(value, column).toBigIntegerExact();
        } else if (type == Boolean.class) {
            converted = bool(value, column);
        } else if (type == String.class) {
            converted = string(value);
        } else if (type == Timestamp.class) {
            converted = timestamp(value, null, column);
        } else if (type == java.sql.Date.class) {
            converted = date(value, column);
        } else if (type == LocalDate.class) {
            converted = date(value, column).toLocalDate();
        } else if (type == LocalDateTime.class && value instanceof Instant instant) {
            converted = LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
        } else if (type == OffsetDateTime.class && value instanceof Instant instant) {
            converted = instant.atOffset(ZoneOffset.UTC);
        } else if (type == java.sql.Array.class && value instanceof Collection<?>) {
            converted = object(value, column);
        } else {
            throw mismatch(value, "a " + type.getName(), column);
        }
        return (T) converted;
    }

    /**
     * A value bound to the {@code index}-th {@code ?} (from 1) as big's SQL engine binds it: a
     * {@link Timestamp}'s wall-clock time (or a {@link LocalDateTime}) read as UTC, an
     * {@link java.sql.Array}, an array or a collection as the list of its elements (for a set).
     */
    static Object parameter(Object value, int index) throws SQLException {
        return switch (value) {
            case Timestamp timestamp -> timestamp.toLocalDateTime().toInstant(ZoneOffset.UTC);
            case java.sql.Date date -> date.toLocalDate().atStartOfDay().toInstant(ZoneOffset.UTC);
            case java.sql.Array array -> setElements((Object[]) array.getArray(), "parameter " + index);
            case Object[] array -> setElements(array, "parameter " + index);
            case Collection<?> values -> setElements(values.toArray(), "parameter " + index);
            case null, default -> value;
        };
    }

    /**
     * The elements of an array or collection given for a set ({@code where} names it in a
     * message). A set holds strings, never null, so a null among them is refused here, when it is
     * bound, with SQLState 22004 (null value not allowed); the engine refuses elements of other
     * types when the statement runs.
     */
    static List<Object> setElements(Object[] elements, String where) throws SQLException {
        for (int i = 0; i < elements.length; i++) {
            if (elements[i] == null) {
                throw new SQLDataException(where + ": element " + (i + 1) + " is null; a set holds strings, never null:"
                        + " leave the null out (an empty array binds the empty set, setNull no set)", "22004");
            }
        }
        return List.of(elements);
    }

    private static SQLException mismatch(Object value, String wanted, String column) {
        return new SQLDataException(column + " holds " + string(value) + " (" + value.getClass().getSimpleName()
                + "), which cannot be read as " + wanted, "22018");
    }

    private Values() {}
}
