package dev.big.cli;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.TableDef;
import dev.big.page.BigException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * A schema file: the tables to create, as JSON.
 *
 * <pre>{@code
 * {"tables": [
 *   {"name": "events",
 *    "fields": [
 *      {"name": "value", "type": "int", "min": 0, "max": 1048575, "index": "order"},
 *      {"name": "type", "type": "keyed"},
 *      {"name": "verified", "type": "bool"},
 *      {"name": "received_at", "type": "timestamp"},
 *      {"name": "tags", "type": "set"}]}]}
 * }</pre>
 *
 * Types: {@code int}, {@code timestamp}, {@code bool}, {@code keyed}, {@code set}; {@code min}
 * and {@code max} (integers, both optional) only for int and timestamp fields (for a timestamp,
 * in epoch milliseconds). {@code "index": "order"} gives an int, decimal or timestamp field an
 * order index (named {@code table_field_order}); no other index is known. Unknown keys are refused, so a misspelt {@code "mn"} is not silently
 * ignored. Every table has an implicit {@code id} column, so no field may be called {@code id}.
 */
final class SchemaFile {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> TOP_KEYS = Set.of("tables");
    private static final Set<String> TABLE_KEYS = Set.of("name", "fields");
    private static final Set<String> FIELD_KEYS = Set.of("name", "type", "min", "max", "scale", "index");
    /** The one value of a field's {@code "index"}. */
    static final String ORDER_INDEX = "order";

    static List<TableDef> read(Path file) {
        Inputs.readableFile(file, "schema file");
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JacksonException e) {
            throw invalid(file, "not valid JSON: " + JsonErrors.describe(e) + " (line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + ")");
        } catch (IOException e) {
            throw new CliException(ExitCodes.IO_ERROR, "reading schema file " + file + " failed: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw invalid(file, "the top level must be a JSON object like {\"tables\": [...]}");
        }
        checkKeys(file, root, TOP_KEYS, "the top level");
        JsonNode tables = root.get("tables");
        if (tables == null || !tables.isArray()) {
            throw invalid(file, "the top level needs a \"tables\" array");
        }
        List<TableDef> defs = new ArrayList<>();
        for (int t = 0; t < tables.size(); t++) {
            defs.add(table(file, tables.get(t), "tables[" + t + "]"));
        }
        return defs;
    }

    /**
     * {@code tables} as a schema file that {@link #read} reads back to the same tables: one field
     * per line, so a person can read it too (the shell's {@code .schema} prints it).
     */
    static String text(List<TableDef> tables) {
        StringBuilder json = new StringBuilder("{\"tables\": [");
        for (int t = 0; t < tables.size(); t++) {
            TableDef table = tables.get(t);
            json.append(t == 0 ? "\n" : ",\n").append("  {\"name\": ").append(quoted(table.name())).append(", \"fields\": [");
            for (int f = 0; f < table.fields().size(); f++) {
                FieldDef field = table.fields().get(f);
                json.append(f == 0 ? "\n" : ",\n").append("    {\"name\": ").append(quoted(field.name()))
                        .append(", \"type\": ").append(quoted(field.type().label()));
                if (field.type() == FieldType.DECIMAL) {
                    json.append(", \"scale\": ").append(field.scale());
                }
                if (field.min() != null) {
                    json.append(", \"min\": ").append(field.min());
                }
                if (field.max() != null) {
                    json.append(", \"max\": ").append(field.max());
                }
                if (field.orderIndex()) {
                    json.append(", \"index\": ").append(quoted(ORDER_INDEX));
                }
                json.append('}');
            }
            json.append("]}");
        }
        return json.append("]}\n").toString();
    }

    private static String quoted(String text) {
        try {
            return JSON.writeValueAsString(text);
        } catch (JacksonException e) {
            throw new IllegalStateException("a string always writes as JSON", e);
        }
    }

    private static TableDef table(Path file, JsonNode table, String where) {
        if (!table.isObject()) {
            throw invalid(file, where + " must be an object with \"name\" and \"fields\"");
        }
        checkKeys(file, table, TABLE_KEYS, where);
        String name = text(file, table, "name", where);
        JsonNode fields = table.get("fields");
        if (fields == null || !fields.isArray()) {
            throw invalid(file, where + " (table '" + name + "') needs a \"fields\" array");
        }
        List<FieldDef> defs = new ArrayList<>();
        for (int f = 0; f < fields.size(); f++) {
            defs.add(field(file, fields.get(f), where + ".fields[" + f + "]"));
        }
        try {
            return new TableDef(name, defs);
        } catch (BigException e) {
            throw invalid(file, where + ": " + e.getMessage());
        }
    }

    private static FieldDef field(Path file, JsonNode field, String where) {
        if (!field.isObject()) {
            throw invalid(file, where + " must be an object with \"name\" and \"type\"");
        }
        checkKeys(file, field, FIELD_KEYS, where);
        String name = text(file, field, "name", where);
        String typeName = text(file, field, "type", where);
        FieldType type = FieldType.ofLabel(typeName);
        if (type == null) {
            throw invalid(file, where + " (field '" + name + "'): unknown type \"" + typeName
                    + "\"; use int, timestamp, decimal, bool, keyed or set");
        }
        try {
            return new FieldDef(name, type, bound(file, field, "min", where), bound(file, field, "max", where),
                    scale(file, field, where), orderIndex(file, field, where + " (field '" + name + "')"));
        } catch (BigException e) {
            throw invalid(file, where + ": " + e.getMessage());
        }
    }

    /** Whether {@code "index"} asks for an order index; any other index is refused, naming the one there is. */
    private static boolean orderIndex(Path file, JsonNode field, String where) {
        JsonNode value = field.get("index");
        if (value == null || value.isNull()) {
            return false;
        }
        if (!value.isTextual() || !value.textValue().equals(ORDER_INDEX)) {
            throw invalid(file, where + ": unknown index " + value + "; the index big keeps is \"order\" (\"index\": \"order\","
                    + " for int, decimal and timestamp fields)");
        }
        return true;
    }

    /** A decimal's {@code "scale"}: digits after the point; 0 when absent (and for other types). */
    private static int scale(Path file, JsonNode field, String where) {
        JsonNode value = field.get("scale");
        if (value == null || value.isNull()) {
            return 0;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw invalid(file, where + ": \"scale\" must be a small integer (digits after the point), not " + value);
        }
        return value.intValue();
    }

    private static Long bound(Path file, JsonNode field, String key, String where) {
        JsonNode value = field.get(key);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw invalid(file, where + ": \"" + key + "\" must be a 64-bit integer, not " + value);
        }
        return value.longValue();
    }

    private static String text(Path file, JsonNode node, String key, String where) {
        JsonNode value = node.get(key);
        if (value == null || !value.isTextual()) {
            throw invalid(file, where + " needs a \"" + key + "\" string");
        }
        return value.textValue();
    }

    private static void checkKeys(Path file, JsonNode node, Set<String> known, String where) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                throw invalid(file, where + ": unknown key \"" + name + "\" (known: " + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
    }

    /** The error for a schema problem; names and types from the file may hold any character, so it is made printable. */
    private static CliException invalid(Path file, String problem) {
        return new CliException(ExitCodes.DATA_ERROR, "schema file " + file + ": " + TextValues.printable(problem));
    }

    private SchemaFile() {}
}
