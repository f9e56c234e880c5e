package dev.big.cli;

import dev.big.db.sql.ColumnType;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jline.utils.WCWidth;

/**
 * A result as text laid out in columns: every value's text, each column's width in terminal cells
 * (its widest text, header included) and whether it holds only numbers (then it is aligned on the
 * right).
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
        return of(headers, rows, null, text, minWidth);
    }

    /**
     * As {@link #of(List, List, Function, int)}, a column numeric (aligned right) when its type says
     * it is a number ({@code types} from the answer; null: when every value in it is a number).
     */
    static TextGrid of(List<String> headers, List<List<Object>> rows, List<ColumnType> types, Function<Object, String> text,
            int minWidth) {
        int[] widths = new int[headers.size()];
        boolean[] numeric = new boolean[headers.size()];
        for (int c = 0; c < headers.size(); c++) {
            widths[c] = Math.max(minWidth, width(headers.get(c)));
            numeric[c] = types == null ? !rows.isEmpty() : switch (types.get(c).kind()) {
                case BIGINT, HUGEINT, DECIMAL, DOUBLE -> true;
                default -> false;
            };
        }
        List<String[]> texts = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            String[] line = new String[headers.size()];
            for (int c = 0; c < line.length; c++) {
                Object value = row.get(c);
                line[c] = text.apply(value);
                widths[c] = Math.max(widths[c], width(line[c]));
                if (types == null) {
                    numeric[c] &= value == null || value instanceof Number;
                }
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

    /**
     * How many terminal cells {@code text} takes: by JLine's {@code WCWidth} (Markus Kuhn's wcwidth),
     * two for East Asian wide characters and most emoji, none for combining marks, one for the rest
     * (a control character counts one, as before; it is rare in a result). {@code String.length}
     * counted UTF-16 units, which misaligned CJK and emoji. A sequence joined by zero-width joiners
     * (a family emoji) counts each part: terminals differ there.
     */
    static int width(String text) {
        int cells = 0;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            int w = WCWidth.wcwidth(codePoint);
            cells += w < 0 ? 1 : w;
            i += Character.charCount(codePoint);
        }
        return cells;
    }
}
