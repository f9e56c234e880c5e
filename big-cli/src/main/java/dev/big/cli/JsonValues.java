package dev.big.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.big.db.FieldDef;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * A JSON value (of a JSONL row) to the value a field stores. JSON {@code null} is no value.
 *
 * <ul>
 *   <li>int: a JSON integer within the field's declared min/max (not a fraction, not a string).</li>
 *   <li>timestamp: an ISO-8601 string (without {@code Z} or an offset: a local time in the load's
 *       zone, see {@link Timestamps}), or an integer of epoch milliseconds.</li>
 *   <li>decimal: a JSON number with at most the field's scale of digits after the point (or a
 *       string holding one, for writers that quote exact decimals).</li>
 *   <li>bool: {@code true} or {@code false}.</li>
 *   <li>keyed: a string.</li>
 *   <li>set: an array of strings ({@code []} is no value).</li>
 * </ul>
 */
final class JsonValues {

    /** The value of {@code field} that {@code node} holds; {@code localZone} is that of zone-less timestamps. */
    static Object parse(FieldDef field, JsonNode node, ZoneId localZone) {
        if (node.isNull()) {
            return null;
        }
        return switch (field.type()) {
            case INT -> TextValues.checkBounds(field, integer(node, "an integer"));
            case TIMESTAMP -> TextValues.checkBounds(field, node.isTextual() ? Timestamps.parseMillis(node.textValue(), localZone)
                    : integer(node, "an ISO-8601 string or epoch milliseconds"));
            case DECIMAL -> {
                if (node.isTextual()) {
                    yield TextValues.decimal(node.textValue());
                }
                if (!node.isNumber()) {
                    throw new ValueException("expected a number, got " + shown(node));
                }
                yield node.decimalValue();
            }
            case BOOL -> {
                if (!node.isBoolean()) {
                    throw new ValueException("expected true or false, got " + shown(node));
                }
                yield node.booleanValue();
            }
            case KEYED -> {
                if (!node.isTextual()) {
                    throw new ValueException("expected a string, got " + shown(node));
                }
                yield node.textValue();
            }
            case SET -> set(node);
        };
    }

    private static long integer(JsonNode node, String expected) {
        if (!node.isIntegralNumber()) {
            throw new ValueException("expected " + expected + ", got " + shown(node));
        }
        if (!node.canConvertToLong()) {
            throw new ValueException(node + " does not fit a 64-bit integer");
        }
        return node.longValue();
    }

    private static List<String> set(JsonNode node) {
        if (!node.isArray()) {
            throw new ValueException("expected an array of strings, got " + shown(node));
        }
        List<String> values = new ArrayList<>(node.size());
        for (JsonNode element : node) {
            if (!element.isTextual()) {
                throw new ValueException("expected an array of strings, but it holds " + shown(element));
            }
            values.add(element.textValue());
        }
        return values; // [] is the empty set, a value apart from null
    }

    private static String shown(JsonNode node) {
        String json = node.toString();
        String kind = switch (node.getNodeType()) {
            case STRING -> "a string";
            case NUMBER -> node.isIntegralNumber() ? "an integer" : "a number";
            case BOOLEAN -> "a bool";
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            default -> "a " + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        };
        return kind + " " + (json.length() > 60 ? json.substring(0, 60) + "..." : json);
    }

    private JsonValues() {}
}
