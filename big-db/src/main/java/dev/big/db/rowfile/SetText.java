package dev.big.db.rowfile;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The values of a set field as one piece of text: the form a CSV cell holds, which {@code big
 * load} reads, {@code COPY ... TO} and {@code big export --format csv} write, and {@code big
 * query} prints.
 *
 * <pre>
 * Set     --&gt; Value ("|" Value)*
 * Value   --&gt; (Escape | Char)*
 * Escape  --&gt; "\|" (a "|" in the value) | "\\" (a "\" in the value)
 * Char    --&gt; any character but "|"; a "\" before anything but "|" or "\" stands for itself
 * </pre>
 *
 * <p>Reading drops empty values ({@code a||b} is {@code a, b}), so text written by hand with a
 * stray separator loads as meant; text of only empty values holds no values. Writing escapes every
 * {@code |} and {@code \} of a value, so any value but the empty string reads back as written.
 * The empty string cannot be written as a value: a writer that must read back the same records
 * refuses a set holding it ({@link #holdsEmptyValue}). Whether the set is empty or absent is the
 * cell's to say (an empty CSV cell is no value, {@code ""} the empty set), not this text's.
 */
public final class SetText {

    static final char SEPARATOR = '|';
    static final char ESCAPE = '\\';

    /** {@code values} as one text, each value escaped, in the collection's order. */
    public static String of(Collection<?> values) {
        StringBuilder text = new StringBuilder();
        boolean first = true;
        for (Object value : values) {
            if (!first) {
                text.append(SEPARATOR);
            }
            first = false;
            String string = String.valueOf(value);
            for (int i = 0; i < string.length(); i++) {
                char c = string.charAt(i);
                if (c == SEPARATOR || c == ESCAPE) {
                    text.append(ESCAPE);
                }
                text.append(c);
            }
        }
        return text.toString();
    }

    /** The values {@code text} holds, in its order, empty values dropped; an empty list when it holds none. */
    public static List<String> parse(CharSequence text) {
        List<String> values = new ArrayList<>();
        StringBuilder value = new StringBuilder();
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c == ESCAPE && i + 1 < length && (text.charAt(i + 1) == SEPARATOR || text.charAt(i + 1) == ESCAPE)) {
                value.append(text.charAt(++i));
            } else if (c == SEPARATOR) {
                addUnlessEmpty(values, value);
            } else {
                value.append(c);
            }
        }
        addUnlessEmpty(values, value);
        return values;
    }

    /** Whether {@code values} holds the empty string, which this text cannot carry. */
    public static boolean holdsEmptyValue(Collection<?> values) {
        for (Object value : values) {
            if ("".equals(value)) {
                return true;
            }
        }
        return false;
    }

    private static void addUnlessEmpty(List<String> values, StringBuilder value) {
        if (!value.isEmpty()) {
            values.add(value.toString());
            value.setLength(0);
        }
    }

    private SetText() {}
}
