package dev.big.cli;

import dev.big.db.FieldDef;
import dev.big.db.rowfile.SetText;
import java.math.BigDecimal;
import java.time.ZoneId;
import java.util.List;

/**
 * Text (a CSV cell) to the value a field stores. The empty string is no value (null); a quoted
 * empty CSV cell is the caller's to tell apart ({@link #quotedEmpty}).
 *
 * <ul>
 *   <li>int: a decimal integer, optional sign, surrounding spaces ignored; no fractions, exponents
 *       or thousands separators; within the field's declared min/max.</li>
 *   <li>timestamp: ISO-8601 ({@code 2024-01-01T00:00:00Z}, {@code 2024-01-01T01:00:00.5+01:00};
 *       a space may replace the {@code T}), or epoch milliseconds ({@code 1704067200000}). A time
 *       without {@code Z} or an offset ({@code 2024-01-01 00:00:00}) is read in the load's local
 *       zone, UTC by default (see {@link Timestamps}).</li>
 *   <li>decimal: a number with at most the field's scale of digits after the point
 *       ({@code 12.5}, {@code -0.25}, {@code 3}); no exponents or thousands separators.</li>
 *   <li>bool: {@code true}/{@code false}, {@code 1}/{@code 0}, {@code yes}/{@code no}, any case.</li>
 *   <li>keyed: the text as it is.</li>
 *   <li>set: values separated by {@code |} ({@code a|b|c}), a {@code \} escaping a {@code |} or
 *       {@code \} inside a value; empty parts are dropped ({@link SetText}).</li>
 * </ul>
 */
final class TextValues {

    /** The value of {@code field} that {@code text} holds; {@code localZone} is that of zone-less timestamps. */
    static Object parse(FieldDef field, String text, ZoneId localZone) {
        if (text.isEmpty()) {
            return null;
        }
        return switch (field.type()) {
            case INT -> checkBounds(field, integer(text));
            case TIMESTAMP -> checkBounds(field, Timestamps.parseMillis(text, localZone));
            case DECIMAL -> decimal(text);
            case BOOL -> bool(text);
            case KEYED -> text;
            case SET -> set(text);
        };
    }

    static long integer(String text) {
        String trimmed = text.strip();
        try {
            return Long.parseLong(trimmed.startsWith("+") ? trimmed.substring(1) : trimmed);
        } catch (NumberFormatException e) {
            boolean digits = !trimmed.isEmpty() && trimmed.chars().skip(trimmed.charAt(0) == '-' || trimmed.charAt(0) == '+' ? 1 : 0)
                    .allMatch(Character::isDigit) && trimmed.length() > 1;
            throw new ValueException(quote(text) + (digits ? " does not fit a 64-bit integer" : " is not an integer"));
        }
    }

    /** The exact number; its scale is the field's to check (it refuses, never rounds). */
    static BigDecimal decimal(String text) {
        String trimmed = text.strip();
        if (!trimmed.matches("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)")) {
            throw new ValueException(quote(text) + " is not a decimal number (write digits with an optional point: 12.50)");
        }
        return new BigDecimal(trimmed);
    }

    static boolean bool(String text) {
        String word = text.strip();
        if (word.equalsIgnoreCase("true") || word.equals("1") || word.equalsIgnoreCase("yes")) {
            return true;
        }
        if (word.equalsIgnoreCase("false") || word.equals("0") || word.equalsIgnoreCase("no")) {
            return false;
        }
        throw new ValueException(quote(text) + " is not a bool: use true/false, 1/0 or yes/no");
    }

    static List<String> set(String text) {
        List<String> values = SetText.parse(text);
        return values.isEmpty() ? null : values;
    }

    /**
     * The value of {@code field} that a quoted empty CSV cell ({@code ""}) holds: the empty string
     * of a keyed field and the empty set of a set field, as big's CSV writer writes them; for the
     * other kinds no value (null), as DuckDB reads {@code ""} by default.
     */
    static Object quotedEmpty(FieldDef field) {
        return switch (field.type()) {
            case KEYED -> "";
            case SET -> List.of();
            case INT, TIMESTAMP, DECIMAL, BOOL -> null;
        };
    }

    static long checkBounds(FieldDef field, long value) {
        if ((field.min() != null && value < field.min()) || (field.max() != null && value > field.max())) {
            throw new ValueException(value + " is outside the field's declared range "
                    + (field.min() == null ? "" : field.min()) + ".." + (field.max() == null ? "" : field.max()));
        }
        return value;
    }

    static String quote(String text) {
        return "\"" + printable(text.length() > 60 ? text.substring(0, 60) + "..." : text) + "\"";
    }

    /**
     * {@code text} with its control characters written as escapes: {@code \n}, {@code \t},
     * {@code \r}, else a backslash, {@code u} and four hex digits, as in Java and JSON. An error
     * message quoting user input so stays one readable line.
     */
    static String printable(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isISOControl(c)) {
                if (out != null) {
                    out.append(c);
                }
                continue;
            }
            if (out == null) {
                out = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> out.append(String.format("\\u%04x", (int) c));
            }
        }
        return out == null ? text : out.toString();
    }

    private TextValues() {}
}
