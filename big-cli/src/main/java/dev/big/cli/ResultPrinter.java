package dev.big.cli;

import dev.big.db.rowfile.CsvAnswerWriter;
import dev.big.db.rowfile.JsonAnswerWriter;
import dev.big.db.rowfile.RowFileOptions;
import dev.big.db.rowfile.RowFiles;
import dev.big.db.rowfile.ValueText;
import dev.big.db.sql.ColumnType;
import dev.big.db.sql.SqlCursor;
import dev.big.db.sql.SqlResult;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Iterator;
import java.util.List;

/**
 * Prints rows of columns as a table, CSV or JSON (see {@link OutputFormat}). CSV rows and JSON
 * objects are big-db's ({@link CsvAnswerWriter}, {@link JsonAnswerWriter}): what {@code big query}
 * prints is what COPY and {@code big export} write.
 */
final class ResultPrinter {

    /**
     * Prints the rows of {@code cursor} (and closes it) and returns how many there were. CSV and
     * JSON are written row by row as the cursor reads, so a listing of any size prints in bounded
     * memory; a table or Markdown table pads each column to its widest value, so those rows are
     * collected first.
     */
    static long print(SqlCursor cursor, OutputFormat format, PrintWriter out) {
        try (cursor) {
            long rows = switch (format) {
                case CSV -> csv(cursor.columns(), cursor, out);
                case JSON -> json(cursor.columns(), cursor, out);
                case TABLE, MARKDOWN -> {
                    SqlResult result = cursor.collect();
                    print(result, format, out);
                    yield result.rows().size();
                }
            };
            out.flush();
            return rows;
        }
    }

    /** Prints {@code result}, its columns aligned by their types in a table. */
    static void print(SqlResult result, OutputFormat format, PrintWriter out) {
        print(result.columns(), result.rows(), result.types(), format, out);
    }

    static void print(List<String> columns, List<List<Object>> rows, OutputFormat format, PrintWriter out) {
        print(columns, rows, null, format, out);
    }

    private static void print(List<String> columns, List<List<Object>> rows, List<ColumnType> types, OutputFormat format,
            PrintWriter out) {
        switch (format) {
            case TABLE -> table(columns, rows, types, out);
            case MARKDOWN -> markdown(columns, rows, types, out);
            case CSV -> csv(columns, rows, out);
            case JSON -> json(columns, rows, out);
        }
        out.flush();
    }

    /**
     * Columns padded to their widest value, numbers on the right. The row count is not part of it:
     * the command prints it once, with the time taken ({@link #rowCount}).
     */
    static void table(List<String> columns, List<List<Object>> rows, PrintWriter out) {
        table(columns, rows, null, out);
    }

    /** As {@link #table(List, List, PrintWriter)}, numbers being the columns {@code types} says are (null: by their values). */
    static void table(List<String> columns, List<List<Object>> rows, List<ColumnType> types, PrintWriter out) {
        TextGrid grid = TextGrid.of(columns, rows, types, ValueText::of, 0);
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < grid.columns(); c++) {
            line.append(c == 0 ? "" : " | ").append(grid.padded(grid.header(c), c));
        }
        out.println(line.toString().stripTrailing());
        line.setLength(0);
        for (int c = 0; c < grid.columns(); c++) {
            line.append(c == 0 ? "" : "-+-").append("-".repeat(grid.width(c)));
        }
        out.println(line);
        for (int r = 0; r < grid.rows(); r++) {
            line.setLength(0);
            for (int c = 0; c < grid.columns(); c++) {
                line.append(c == 0 ? "" : " | ").append(grid.padded(grid.text(r, c), c));
            }
            out.println(line.toString().stripTrailing());
        }
    }

    /**
     * A GitHub-flavoured Markdown table: numbers right-aligned ({@code ---:}), a {@code |} inside a
     * value written {@code \|}, columns padded so the text reads as a table too.
     */
    static void markdown(List<String> columns, List<List<Object>> rows, List<ColumnType> types, PrintWriter out) {
        TextGrid grid = TextGrid.of(columns.stream().map(ResultPrinter::markdownCell).toList(), rows, types,
                value -> markdownCell(ValueText.of(value)), 3);
        StringBuilder line = new StringBuilder("|");
        for (int c = 0; c < grid.columns(); c++) {
            line.append(' ').append(grid.padded(grid.header(c), c)).append(" |");
        }
        out.println(line);
        line.setLength(0);
        line.append('|');
        for (int c = 0; c < grid.columns(); c++) {
            // Columns are at least three wide: some renderers see no table in fewer dashes.
            int dashes = grid.width(c);
            line.append(grid.numeric(c) ? " " + "-".repeat(dashes - 1) + ": |" : " " + "-".repeat(dashes) + " |");
        }
        out.println(line);
        for (int r = 0; r < grid.rows(); r++) {
            line.setLength(0);
            line.append('|');
            for (int c = 0; c < grid.columns(); c++) {
                line.append(' ').append(grid.padded(grid.text(r, c), c)).append(" |");
            }
            out.println(line);
        }
    }

    private static String markdownCell(String text) {
        return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ").replace("\r", " ");
    }

    /** The line after a result: its row count and, when {@code nanos >= 0}, the time it took. */
    static String rowCount(long rows, long nanos) {
        return "(" + Units.count(rows) + (rows == 1 ? " row" : " rows") + (nanos >= 0 ? " in " + Units.nanos(nanos) : "") + ")";
    }

    static void csv(List<String> columns, List<List<Object>> rows, Writer out) {
        csv(columns, rows.iterator(), out);
    }

    /** The header, then each row as it comes; returns the count of rows. */
    static long csv(List<String> columns, Iterator<List<Object>> rows, Writer out) {
        return RowFiles.writeAll(new CsvAnswerWriter(out, columns, RowFileOptions.DEFAULT), rows);
    }

    /** {@code [} then one object per line {@code ]}: valid JSON that line tools can still read. */
    static void json(List<String> columns, List<List<Object>> rows, PrintWriter out) {
        json(columns, rows.iterator(), out);
    }

    /** As {@link #json(List, List, PrintWriter)}, each row printed as it comes; returns the count of rows. */
    static long json(List<String> columns, Iterator<List<Object>> rows, PrintWriter out) {
        out.println("[");
        long count = 0;
        while (rows.hasNext()) {
            if (count > 0) {
                out.println(",");
            }
            out.print(JsonAnswerWriter.object(columns, rows.next()));
            count++;
        }
        if (count > 0) {
            out.println();
        }
        out.println("]");
        return count;
    }

    private ResultPrinter() {}
}
