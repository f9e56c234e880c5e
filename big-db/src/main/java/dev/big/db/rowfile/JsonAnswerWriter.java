package dev.big.db.rowfile;

import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collection;
import java.util.List;

/**
 * Rows as JSON Lines (what DuckDB's COPY writes as {@code FORMAT json}): one object per row, on a
 * line of its own, its members the columns in order. Values: integers and decimals as JSON numbers
 * with all their digits (a sum beyond 64 bits, {@code 12.50}, never an exponent or a rounded
 * double), averages as plain decimals (NaN and infinities, which JSON cannot write, as null),
 * bools as {@code true}/{@code false}, timestamps as ISO-8601 UTC strings, sets as arrays of
 * strings ({@code []} for the empty set), no value as {@code null}, anything else as a string.
 * Text is UTF-8 as it is; a quote, a backslash and control characters are escaped (RFC 8259).
 */
public final class JsonAnswerWriter extends TextAnswerWriter {

    private final List<String> columns;

    /** A writer of rows of {@code columns} to {@code out}. */
    public JsonAnswerWriter(Writer out, List<String> columns) {
        super(out, "JSON");
        this.columns = List.copyOf(columns);
    }

    @Override
    public void write(List<?> row) {
        line.setLength(0);
        appendObject(line, columns, row);
        writeLine();
    }

    /** One row as a JSON object, {@code {"column":value,...}}, on one line. */
    public static String object(List<String> columns, List<?> row) {
        StringBuilder text = new StringBuilder(128);
        appendObject(text, columns, row);
        return text.toString();
    }

    private static void appendObject(StringBuilder text, List<String> columns, List<?> row) {
        if (row.size() != columns.size()) {
            throw new IllegalArgumentException(row.size() + " values for " + columns.size() + " columns");
        }
        text.append('{');
        for (int c = 0; c < columns.size(); c++) {
            if (c > 0) {
                text.append(',');
            }
            appendString(text, columns.get(c));
            text.append(':');
            appendValue(text, row.get(c));
        }
        text.append('}');
    }

    private static void appendValue(StringBuilder text, Object value) {
        switch (value) {
            case null -> text.append("null");
            case Long n -> text.append(n.longValue());
            case Integer n -> text.append(n.intValue());
            case BigInteger n -> text.append(n);
            case BigDecimal d -> text.append(d.toPlainString());
            case Double d -> text.append(d.isNaN() || d.isInfinite() ? "null" : BigDecimal.valueOf(d).toPlainString());
            case Boolean b -> text.append(b.booleanValue());
            case Collection<?> values -> {
                text.append('[');
                boolean first = true;
                for (Object element : values) {
                    if (!first) {
                        text.append(',');
                    }
                    first = false;
                    appendValue(text, element);
                }
                text.append(']');
            }
            default -> appendString(text, ValueText.of(value));
        }
    }

    private static void appendString(StringBuilder text, String value) {
        text.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> text.append("\\\"");
                case '\\' -> text.append("\\\\");
                case '\n' -> text.append("\\n");
                case '\r' -> text.append("\\r");
                case '\t' -> text.append("\\t");
                case '\b' -> text.append("\\b");
                case '\f' -> text.append("\\f");
                default -> {
                    if (c < 0x20) {
                        text.append(String.format("\\u%04x", (int) c));
                    } else {
                        text.append(c);
                    }
                }
            }
        }
        text.append('"');
    }
}
