package dev.big.db.write;

import dev.big.db.InvalidInputException;
import dev.big.db.Row;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.FieldKind;
import dev.big.db.field.ScalarKind;
import dev.big.db.field.ValueContext;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Checks and normalises record values against a table's fields before anything is written:
 * unknown fields here, and each value by its field's kind ({@link FieldKind#normalize}: wrong
 * types, values out of a field's bounds). Every message names the table, the field, the record
 * and the value.
 */
public final class ValueNormalizer {

    /** The normalised values of {@code record} for a write to {@code table} at {@code where}. */
    public static Map<String, Object> normalize(TableInfo table, Row record, String where) {
        return normalize(table, record, () -> where);
    }

    /** The same, building the location text only if something is wrong. */
    public static Map<String, Object> normalize(TableInfo table, Row record, Supplier<String> whereLazily) {
        Map<String, Object> normalized = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : record.values().entrySet()) {
            String name = e.getKey();
            if (!table.hasField(name)) {
                if (name.equals("id")) {
                    throw new InvalidInputException("table '" + table.name() + "', " + whereLazily.get()
                            + ": 'id' is the record id, not a field; pass it as the id argument or Row.Builder.id");
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
    public static Object normalize(TableInfo table, FieldInfo field, Object value, Supplier<String> whereLazily) {
        return normalize(context(table, field), value, whereLazily);
    }

    /**
     * What {@link #normalize(ValueContext, Object, Supplier)} needs to know of {@code field}: made
     * once per field, so a load of millions of values makes none per value.
     */
    public static ValueContext context(TableInfo table, FieldInfo field) {
        return new ValueContext(table.name(), field, WHERE);
    }

    /** One value for the field of {@code context}, naming the record only if something is wrong. */
    public static Object normalize(ValueContext context, Object value, Supplier<String> whereLazily) {
        if (value == null) {
            return null;
        }
        try {
            return context.kind().normalize(value, context);
        } catch (InvalidInputException e) {
            throw new InvalidInputException(e.getMessage().replace(WHERE, whereLazily.get()));
        }
    }

    /** The number {@code value} for the number field of {@code context} ({@link ScalarKind#normalize(long, ValueContext)}), naming the record only if something is wrong. */
    public static long normalize(ValueContext context, ScalarKind kind, long value, Supplier<String> whereLazily) {
        try {
            return kind.normalize(value, context);
        } catch (InvalidInputException e) {
            throw new InvalidInputException(e.getMessage().replace(WHERE, whereLazily.get()));
        }
    }

    /** Stands for the record in messages until one is refused and its description is built. */
    private static final String WHERE = "%WHERE%";

    private ValueNormalizer() {}
}
