package dev.big.db.rowfile;

import java.io.Writer;
import java.util.List;

/**
 * Rows as CSV (RFC 4180) with LF line ends: the header row (unless left out), then one line per
 * row, each value as {@link ValueText} writes it. A cell is quoted when it holds the delimiter, a
 * quote or a line break, or when it is the first of its line and starts with {@code #} (which
 * some readers take for a comment); a quote inside a quoted cell is doubled. No value is an empty
 * cell and the empty string a quoted one ({@code ""}), as DuckDB writes them (DuckDB reads both as
 * NULL unless told {@code allow_quoted_nulls=false}); an empty set is an empty cell too, as CSV
 * has no empty list (JSON Lines and Parquet keep it apart from NULL).
 */
public final class CsvRowWriter extends TextRowWriter {

    private final char delimiter;

    /** A writer of rows to {@code out} that writes the header row (the {@code columns}) now, unless {@code options} leave it out. */
    public CsvRowWriter(Writer out, List<String> columns, RowFileOptions options) {
        super(out, "CSV");
        this.delimiter = options.delimiter();
        if (options.header()) {
            writeRow(columns);
        }
    }

    @Override
    public void write(List<?> row) {
        writeRow(row);
    }

    private void writeRow(List<?> values) {
        line.setLength(0);
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                line.append(delimiter);
            }
            Object value = values.get(i);
            appendCell(ValueText.of(value), i == 0, "".equals(value));
        }
        writeLine();
    }

    private void appendCell(String text, boolean firstOfLine, boolean emptyString) {
        boolean quote = emptyString || (firstOfLine && text.startsWith("#"));
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
