package dev.big.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A result as text laid out in columns: every value's text, each column's width (its widest text,
 * header included) and whether it holds only numbers (then it is aligned on the right).
 */
final class TextGrid {

    private final List<String> headers;
    private final List<String[]> texts;
    private final int[] widths;
    private final boolean[] numeric;

    private TextGrid(List<String> headers, List<String[]> texts, int[] widths, boolean[] numeric) {
        this.headers = headers;
        this.texts = texts;
        this.widths = widths;
        this.numeric = numeric;
    }

    /** The grid of {@code rows} under {@code headers}, each value written by {@code text}; columns at least {@code minWidth} wide. */
    static TextGrid of(List<String> headers, List<List<Object>> rows, Function<Object, String> text, int minWidth) {
        int[] widths = new int[headers.size()];
        boolean[] numeric = new boolean[headers.size()];
        for (int c = 0; c < headers.size(); c++) {
            widths[c] = Math.max(minWidth, width(headers.get(c)));
            numeric[c] = !rows.isEmpty();
        }
        List<String[]> texts = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            String[] line = new String[headers.size()];
            for (int c = 0; c < line.length; c++) {
                Object value = row.get(c);
                line[c] = text.apply(value);
                widths[c] = Math.max(widths[c], width(line[c]));
                numeric[c] &= value == null || ValueText.isNumber(value);
            }
            texts.add(line);
        }
        return new TextGrid(List.copyOf(headers), texts, widths, numeric);
    }

    int columns() {
        return widths.length;
    }

    int rows() {
        return texts.size();
    }

    String header(int column) {
        return headers.get(column);
    }

    String text(int row, int column) {
        return texts.get(row)[column];
    }

    int width(int column) {
        return widths[column];
    }

    boolean numeric(int column) {
        return numeric[column];
    }

    /** {@code text} padded with spaces to its column's width, on the left for a column of numbers. */
    String padded(String text, int column) {
        String padding = " ".repeat(widths[column] - width(text));
        return numeric[column] ? padding + text : text + padding;
    }

    /** How many columns {@code text} takes where it is shown. */
    static int width(String text) {
        return text.length();
    }
}
