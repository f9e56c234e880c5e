package dev.big.cli;

import de.siegmar.fastcsv.reader.CloseableIterator;
import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import dev.big.db.FieldDef;
import dev.big.db.Record;
import dev.big.db.TableDef;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * CSV rows: RFC 4180 (fields separated by commas, quoted with {@code "} when they hold commas,
 * quotes or line breaks), UTF-8, with a header row naming the table's fields in any order. An
 * {@code id} column is optional: a row with an id writes that record, a row without one (or with
 * an empty id) is appended with the table's next id. Fields the header leaves out have no value;
 * an empty cell is no value. Cells are converted by {@link TextValues}.
 */
final class CsvRows implements RowSource {

    /** The column that holds record ids. */
    static final String ID_COLUMN = "id";

    private final String name;
    private final CountingInputStream input;
    private final CsvReader<CsvRecord> reader;
    private final CloseableIterator<CsvRecord> records;
    private final TableDef table;
    private final ReadOptions options;
    /** Per column: its field, or null for the id column. */
    private final FieldDef[] columns;
    private long lastLine = 1;

    CsvRows(String name, InputStream in, TableDef table, ReadOptions options) {
        this.name = name;
        this.input = new CountingInputStream(in);
        this.table = table;
        this.options = options;
        this.reader = CsvReader.builder().detectBomHeader(true).allowExtraFields(true).allowMissingFields(true)
                .skipEmptyLines(true).ofCsvRecord(input, StandardCharsets.UTF_8);
        this.records = reader.iterator();
        this.columns = readHeader();
    }

    private FieldDef[] readHeader() {
        CsvRecord header = nextRecord();
        if (header == null) {
            throw new BadRowException(new RowPosition(name, 1), null, "the file is empty; a CSV input starts with a header row naming"
                    + " the fields (" + fieldNames() + ")", "", false);
        }
        RowPosition headerLine = new RowPosition(name, header.getStartingLineNumber());
        List<String> names = header.getFields();
        FieldDef[] fields = new FieldDef[names.size()];
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < names.size(); i++) {
            String column = names.get(i).strip();
            if (!seen.add(column)) {
                throw new BadRowException(headerLine, column, "appears twice in the header", text(header), false);
            }
            if (column.equals(ID_COLUMN)) {
                continue;
            }
            fields[i] = table.field(column).orElseThrow(() -> new BadRowException(headerLine, column, "not in table '"
                    + table.name() + "' (its fields: " + fieldNames() + "; an 'id' column is optional)", text(header), false));
        }
        return fields;
    }

    @Override
    public Row next() {
        CsvRecord csv = nextRecord();
        if (csv == null) {
            return null;
        }
        RowPosition position = new RowPosition(name, csv.getStartingLineNumber());
        lastLine = csv.getStartingLineNumber();
        if (csv.getFieldCount() != columns.length) {
            throw new BadRowException(position, null, "has " + csv.getFieldCount() + " field"
                    + (csv.getFieldCount() == 1 ? "" : "s") + ", the header has " + columns.length, text(csv));
        }
        Record.Builder record = Record.builder();
        for (int i = 0; i < columns.length; i++) {
            String cell = csv.getField(i);
            FieldDef field = columns[i];
            try {
                if (field == null) {
                    if (!cell.isEmpty()) {
                        record.id(recordId(cell));
                    }
                } else {
                    record.set(field.name(), TextValues.parse(field, cell, options.localZone()));
                }
            } catch (ValueException e) {
                throw new BadRowException(position, field == null ? ID_COLUMN : field.name(), e.getMessage(), text(csv));
            }
        }
        return new Row(position, record.build());
    }

    static long recordId(String text) {
        long id;
        try {
            id = TextValues.integer(text);
        } catch (ValueException e) {
            throw new ValueException(e.getMessage() + " (ids are integers 0 .. 2^63-1)");
        }
        if (id < 0) {
            throw new ValueException(id + " is negative; ids are integers 0 .. 2^63-1");
        }
        return id;
    }

    private CsvRecord nextRecord() {
        try {
            return records.hasNext() ? records.next() : null;
        } catch (CsvParseException e) {
            throw new BadRowException(new RowPosition(name, lastLine + 1), null, "CSV syntax error: "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), "", false);
        } catch (UncheckedIOException e) {
            throw new UncheckedIOException("reading " + name + " failed: " + e.getCause().getMessage(), e.getCause());
        }
    }

    private String fieldNames() {
        return String.join(", ", table.fields().stream().map(FieldDef::name).toList());
    }

    /** The row as CSV again, for the reject file. */
    private static String text(CsvRecord csv) {
        java.io.StringWriter line = new java.io.StringWriter();
        de.siegmar.fastcsv.writer.CsvWriter writer = ResultPrinter.csvWriter(line);
        writer.writeRecord(csv.getFields());
        ResultPrinter.flush(writer);
        String text = line.toString();
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    @Override
    public long bytesRead() {
        return input.count();
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            // Reading is over; a failing close of an input changes nothing that was loaded.
        }
    }
}
