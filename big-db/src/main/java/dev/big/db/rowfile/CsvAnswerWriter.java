package dev.big.db.rowfile;

import dev.big.db.InvalidInputException;
import java.io.Writer;
import java.util.Collection;
import java.util.List;

/**
 * Rows as CSV (RFC 4180) with LF line ends: the header row (unless left out), then one line per
 * row, each value as {@link ValueText} writes it. A cell is quoted when it holds the delimiter, a
 * quote or a line break, or when it is the first of its line and starts with {@code #} (which
 * some readers take for a comment); a quote inside a quoted cell is doubled.
 *
 * <p>No value is an empty cell and the empty string a quoted one ({@code ""}), as DuckDB writes
 * them (DuckDB reads both as NULL unless told {@code allow_quoted_nulls=false}; {@code big load}
 * reads {@code ""} as the empty string). An empty set is {@code ""} too, apart from no value, and
 * a set's values are written as {@link SetText} says, so {@code big load} reads every record back
 * as it was. The one value that text cannot carry, a set holding the empty string, is refused
 * with the row and column named, rather than written as another value.
 */
public final class CsvAnswerWriter extends TextAnswerWriter {

    private final char delimiter;
    private final List<String> columns;
    /** The position of the {@code id} column, to name a refused row's record; -1 when the rows have none. */
    private final int idColumn;
    private long rowsWritten;

    /** A writer of rows to {@code out} that writes the header row (the {@code columns}) now, unless {@code options} leave it out. */
    public CsvAnswerWriter(Writer out, List<String> columns, RowFileOptions options) {
        super(out, "CSV");
        this.delimiter = options.delimiter();
        this.columns = List.copyOf(columns);
        this.idColumn = indexOfId(this.columns);
        if (options.header()) {
            writeRow(columns);
        }
    }

    private static int indexOfId(List<String> columns) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).equalsIgnoreCase("id")) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void write(List<?> row) {
        rowsWritten++;
        for (int i = 0; i < row.size(); i++) {
            if (row.get(i) instanceof Collection<?> set && SetText.holdsEmptyValue(set)) {
                throw unrepresentable(row, i);
            }
        }
        writeRow(row);
    }

    private InvalidInputException unrepresentable(List<?> row, int column) {
        String record = idColumn >= 0 && row.get(idColumn) != null ? " (record " + row.get(idColumn) + ")" : "";
        return new InvalidInputException("cannot write row " + rowsWritten + record + " as CSV: its set in column "
                + columns.get(column) + " holds the empty string, which a CSV set cell cannot carry (reading a|b drops"
                + " empty values, so it would load back without it); write JSON Lines or Parquet, which keep it, or"
                + " leave the record out");
    }

    private void writeRow(List<?> values) {
        line.setLength(0);
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                line.append(delimiter);
            }
            Object value = values.get(i);
            appendCell(ValueText.of(value), i == 0, isEmptyValue(value));
        }
        writeLine();
    }

    /** The empty string and the empty set: values, so written {@code ""}, apart from no value's empty cell. */
    private static boolean isEmptyValue(Object value) {
        return "".equals(value) || (value instanceof Collection<?> set && set.isEmpty());
    }

    private void appendCell(String text, boolean firstOfLine, boolean emptyValue) {
        boolean quote = emptyValue || (firstOfLine && text.startsWith("#"));
        for (int i = 0; i < text.length() && !quote; i++) {
            char c = text.charAt(i);
            quote = c == delimiter || c == '"' || c == '\n' || c == '\r';
        }
        if (!quote) {
            line.append(text);
            return;
        }
        line.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            line.append(c);
            if (c == '"') {
                line.append('"');
            }
        }
        line.append('"');
    }
}
