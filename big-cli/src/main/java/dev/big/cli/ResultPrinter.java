package dev.big.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.siegmar.fastcsv.writer.CsvWriter;
import de.siegmar.fastcsv.writer.LineDelimiter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Prints rows of columns as a table, CSV or JSON (see {@link OutputFormat}). */
final class ResultPrinter {

    private static final ObjectMapper JSON = new ObjectMapper();

    static void print(List<String> columns, List<List<Object>> rows, OutputFormat format, PrintWriter out) {
        switch (format) {
            case TABLE -> table(columns, rows, out);
            case CSV -> csv(columns, rows, out);
            case JSON -> json(columns, rows, out);
        }
        out.flush();
    }

    /** Columns padded to their widest value, numbers on the right, and the row count below. */
    static void table(List<String> columns, List<List<Object>> rows, PrintWriter out) {
        int[] widths = new int[columns.size()];
        boolean[] numeric = new boolean[columns.size()];
        List<String[]> texts = new ArrayList<>(rows.size());
        for (int c = 0; c < columns.size(); c++) {
            widths[c] = columns.get(c).length();
            numeric[c] = !rows.isEmpty();
        }
        for (List<Object> row : rows) {
            String[] text = new String[columns.size()];
            for (int c = 0; c < text.length; c++) {
                Object value = row.get(c);
                text[c] = ValueText.of(value);
                widths[c] = Math.max(widths[c], text[c].length());
                numeric[c] &= value == null || ValueText.isNumber(value);
            }
            texts.add(text);
        }
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < widths.length; c++) {
            line.append(c == 0 ? "" : " | ").append(pad(columns.get(c), widths[c], numeric[c]));
        }
        out.println(line.toString().stripTrailing());
        line.setLength(0);
        for (int c = 0; c < widths.length; c++) {
            line.append(c == 0 ? "" : "-+-").append("-".repeat(widths[c]));
        }
        out.println(line);
        for (String[] text : texts) {
            line.setLength(0);
            for (int c = 0; c < widths.length; c++) {
                line.append(c == 0 ? "" : " | ").append(pad(text[c], widths[c], numeric[c]));
            }
            out.println(line.toString().stripTrailing());
        }
        out.println("(" + Units.count(rows.size()) + (rows.size() == 1 ? " row)" : " rows)"));
    }

    private static String pad(String text, int width, boolean right) {
        String padding = " ".repeat(width - text.length());
        return right ? padding + text : text + padding;
    }

    static void csv(List<String> columns, List<List<Object>> rows, Writer out) {
        CsvWriter csv = csvWriter(out);
        csv.writeRecord(columns);
        List<String> text = new ArrayList<>(columns.size());
        for (List<Object> row : rows) {
            text.clear();
            for (Object value : row) {
                text.add(ValueText.of(value));
            }
            csv.writeRecord(text);
        }
        flush(csv);
    }

    /** A CSV writer with LF line ends (what Unix tools expect) over {@code out}. */
    static CsvWriter csvWriter(Writer out) {
        return CsvWriter.builder().lineDelimiter(LineDelimiter.LF).build(out);
    }

    static void flush(CsvWriter csv) {
        try {
            csv.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code [} then one object per line {@code ]}: valid JSON that line tools can still read. */
    static void json(List<String> columns, List<List<Object>> rows, PrintWriter out) {
        out.println("[");
        for (int r = 0; r < rows.size(); r++) {
            out.print(jsonObject(columns, rows.get(r)));
            out.println(r + 1 < rows.size() ? "," : "");
        }
        out.println("]");
    }

    static String jsonObject(List<String> columns, List<Object> row) {
        try (var text = new java.io.StringWriter(); JsonGenerator json = JSON.createGenerator(text)) {
            json.writeStartObject();
            for (int c = 0; c < columns.size(); c++) {
                json.writeFieldName(columns.get(c));
                writeJson(json, row.get(c));
            }
            json.writeEndObject();
            json.flush();
            return text.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeJson(JsonGenerator json, Object value) throws IOException {
        switch (value) {
            case null -> json.writeNull();
            case Long n -> json.writeNumber(n);
            case Integer n -> json.writeNumber(n);
            case BigInteger n -> json.writeNumber(n);
            // A decimal's digits as they are (12.50, 0.000000000000000001), never an exponent or a rounded double.
            case BigDecimal d -> json.writeNumber(d.toPlainString());
            case Double d -> {
                if (d.isNaN() || d.isInfinite()) {
                    json.writeNull();
                } else {
                    json.writeNumber(BigDecimal.valueOf(d));
                }
            }
            case Boolean b -> json.writeBoolean(b);
            case Instant instant -> json.writeString(instant.toString());
            case Collection<?> values -> {
                json.writeStartArray();
                for (Object element : values) {
                    writeJson(json, element);
                }
                json.writeEndArray();
            }
            default -> json.writeString(value.toString());
        }
    }

    private ResultPrinter() {}
}
