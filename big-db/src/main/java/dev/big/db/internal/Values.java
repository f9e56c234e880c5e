package dev.big.db.internal;

import dev.big.db.FieldType;
import dev.big.db.InvalidInputException;
import dev.big.db.Record;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.bsi.BsiLayout;
import dev.big.engine.dict.Dictionary;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;

/**
 * Checks and normalises record values against a table's fields before anything is written:
 * unknown fields, wrong types, values out of a field's bounds. Every message names the table,
 * the field, the record and the value.
 *
 * <p>Normalised values: {@code Long} for int and timestamp fields (epoch milliseconds),
 * {@code Boolean}, {@code String} for keyed fields, and for set fields a {@code String[]} of
 * distinct values in ascending order. The writers walk millions of set values; a flat array
 * costs them one object per value instead of a tree of entries spread over the heap.
 */
public final class Values {

    /** The normalised values of {@code record} for a write to {@code table} at {@code where}. */
    public static Map<String, Object> normalize(TableInfo table, Record record, String where) {
        return normalize(table, record, () -> where);
    }

    /** The same, building the location text only if something is wrong. */
    public static Map<String, Object> normalize(TableInfo table, Record record, java.util.function.Supplier<String> whereLazily) {
        Map<String, Object> normalized = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, Object> e : record.values().entrySet()) {
            String name = e.getKey();
            if (!table.hasField(name)) {
                if (name.equals("id")) {
                    throw new InvalidInputException("table '" + table.name() + "', " + whereLazily.get()
                            + ": 'id' is the record id, not a field; pass it as the id argument or Record.Builder.id");
                }
                throw new InvalidInputException("table '" + table.name() + "' has no field '" + name + "' ("
                        + whereLazily.get() + "; its fields: " + String.join(", ", table.fields().keySet()) + ")");
            }
            normalized.put(name, normalize(table, table.field(name), e.getValue(), whereLazily));
        }
        return normalized;
    }

    /** One value for {@code field}; null stays null (no value). */
    public static Object normalize(TableInfo table, FieldInfo field, Object value, String where) {
        return normalize(table, field, value, () -> where);
    }

    /**
     * One value for {@code field}, naming the record only if something is wrong (so a loop over
     * millions of values builds no message strings).
     */
    public static Object normalize(TableInfo table, FieldInfo field, Object value, java.util.function.Supplier<String> whereLazily) {
        try {
            return normalizeOrThrow(table, field, value, "%WHERE%");
        } catch (InvalidInputException e) {
            throw new InvalidInputException(e.getMessage().replace("%WHERE%", whereLazily.get()));
        }
    }

    private static Object normalizeOrThrow(TableInfo table, FieldInfo field, Object value, String where) {
        if (value == null) {
            return null;
        }
        return switch (field.type()) {
            case INT -> checkBounds(table, field, integral(table, field, value, where), where);
            case TIMESTAMP -> checkBounds(table, field, millis(table, field, value, where), where);
            case BOOL -> {
                if (!(value instanceof Boolean b)) {
                    throw wrongType(table, field, value, where, "true or false");
                }
                yield Boolean.valueOf(b); // the shared instance: a bulk load counts booleans as free (ChunkBudget)
            }
            case KEYED -> {
                if (!(value instanceof String s)) {
                    throw wrongType(table, field, value, where, "a string");
                }
                Values.checkText(table.name(), field.name(), s);
                yield s;
            }
            case SET -> {
                if (!(value instanceof Collection<?> values)) {
                    throw wrongType(table, field, value, where, "a collection of strings");
                }
                String[] set = new String[values.size()];
                int n = 0;
                for (Object element : values) {
                    if (!(element instanceof String s)) {
                        throw wrongType(table, field, element, where, "strings in the set");
                    }
                    Values.checkText(table.name(), field.name(), s);
                    set[n++] = s;
                }
                yield distinctSorted(set, n);
            }
        };
    }

    /** The first {@code n} of {@code values}, sorted, without repeats (in place when nothing repeats). */
    private static String[] distinctSorted(String[] values, int n) {
        Arrays.sort(values, 0, n);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (distinct == 0 || !values[i].equals(values[distinct - 1])) {
                values[distinct++] = values[i];
            }
        }
        return distinct == values.length ? values : Arrays.copyOf(values, distinct);
    }

    private static long integral(TableInfo table, FieldInfo field, Object value, String where) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger big) {
            if (big.bitLength() < 64) {
                return big.longValue();
            }
            throw new InvalidInputException("table '" + table.name() + "', field '" + field.name() + "', " + where
                    + ": " + big + " does not fit a 64-bit integer");
        }
        throw wrongType(table, field, value, where, "an integer");
    }

    private static long millis(TableInfo table, FieldInfo field, Object value, String where) {
        try {
            return switch (value) {
                case Instant instant -> instant.toEpochMilli();
                case OffsetDateTime time -> time.toInstant().toEpochMilli();
                case ZonedDateTime time -> time.toInstant().toEpochMilli();
                case java.util.Date date -> date.getTime();
                default -> integral(table, field, value, where);
            };
        } catch (ArithmeticException e) {
            throw new InvalidInputException("table '" + table.name() + "', field '" + field.name() + "', " + where
                    + ": " + value + " is beyond the epoch-millisecond range");
        } catch (InvalidInputException e) {
            throw wrongType(table, field, value, where, "an Instant or epoch milliseconds");
        }
    }

    private static long checkBounds(TableInfo table, FieldInfo field, long value, String where) {
        Long min = field.def().min();
        Long max = field.def().max();
        if ((min != null && value < min) || (max != null && value > max)) {
            throw new InvalidInputException("table '" + table.name() + "', field '" + field.name() + "', " + where
                    + ": value " + value + " is outside the declared range " + (min == null ? "" : min) + ".."
                    + (max == null ? "" : max));
        }
        long base = field.bsi().base();
        if (value < BsiLayout.minValue(base) || value > BsiLayout.maxValue(base)) {
            throw new InvalidInputException("table '" + table.name() + "', field '" + field.name() + "', " + where
                    + ": value " + value + " is outside the storable range " + BsiLayout.minValue(base) + ".."
                    + BsiLayout.maxValue(base));
        }
        return value;
    }

    private static InvalidInputException wrongType(TableInfo table, FieldInfo field, Object value, String where, String expected) {
        String shown = value instanceof String s ? "\"" + (s.length() > 60 ? s.substring(0, 60) + "..." : s) + "\""
                : String.valueOf(value);
        return new InvalidInputException("table '" + table.name() + "', field '" + field.name() + "' (" + field.type().label()
                + "), " + where + ": expected " + expected + ", got " + shown
                + (value == null ? "" : " (" + value.getClass().getSimpleName() + ")"));
    }

    /**
     * Checks that {@code value} can be stored in a keyed or set field, naming the field when it
     * cannot: at most {@link Dictionary#MAX_VALUE_BYTES} in UTF-8, and well-formed UTF-16, since an
     * unpaired surrogate has no UTF-8 form and would be stored as '?', silently turned into another
     * string.
     */
    public static void checkText(String table, String fieldName, String value) {
        int unpaired = Dictionary.unpairedSurrogate(value);
        if (unpaired >= 0) {
            throw new InvalidInputException("table '" + table + "', field '" + fieldName + "': the value has an unpaired"
                    + " UTF-16 surrogate (\\u" + Integer.toHexString(value.charAt(unpaired)).toUpperCase(java.util.Locale.ROOT)
                    + " at index " + unpaired + "), which is not text and has no UTF-8 form; fix the producer of the data");
        }
        int length = value.length();
        // A UTF-16 char takes at most 3 UTF-8 bytes, so short strings need no encoding to know they fit.
        if (length * 3 > Dictionary.MAX_VALUE_BYTES) {
            int utf8Length = value.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            if (utf8Length > Dictionary.MAX_VALUE_BYTES) {
                throw new InvalidInputException("table '" + table + "', field '" + fieldName + "': value of "
                        + utf8Length + " UTF-8 bytes is longer than the " + Dictionary.MAX_VALUE_BYTES + " allowed (starts \""
                        + value.substring(0, Math.min(40, value.length())) + "...\")");
            }
        }
    }

    /** Whether {@code type} values are stored as bit planes. */
    static boolean isBsi(FieldType type) {
        return type == FieldType.INT || type == FieldType.TIMESTAMP;
    }

    private Values() {}
}
