package dev.big.cli;

import de.siegmar.fastcsv.reader.CloseableIterator;
import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * CSV rows: RFC 4180 (fields separated by commas, or the {@code --delimiter}, quoted with
 * {@code "} when they hold separators, quotes or line breaks), UTF-8, with a header row naming the
 * table's fields in any order and any case. An {@code id} column is optional: a row with an id
 * writes that record, a row without one (or with an empty id) is appended with the table's next
 * id. Fields the header leaves out have no value; an empty cell is no value. A column naming no
 * field is refused, or skipped with {@code --ignore-unknown}. Cells are converted by
 * {@link TextValues}.
 */
final class CsvRows implements RowSource {

    /** The column that holds record ids. */
    static final String ID_COLUMN = "id";

    /** What a column is: a field, the id column, or skipped (a column the table lacks, with --ignore-unknown). */
    private sealed interface Column {}

    private record FieldColumn(FieldDef field) implements Column {}

    private enum Special implements Column { ID, SKIPPED }

    private final OpenedInput input;
    private final CsvReader<CsvRecord> reader;
    private final CloseableIterator<CsvRecord> records;
    private final TableDef table;
    private final ReadOptions options;
    private final Column[] columns;
    /** The header's columns that name no field, skipped under --ignore-unknown. */
    private List<String> ignored;
    private long lastLine = 1;

    CsvRows(OpenedInput input, TableDef table, ReadOptions options) {
        this.input = input;
        this.table = table;
        this.options = options;
        this.reader = reader(input.data(), options);
        this.records = reader.iterator();
        this.columns = readHeader();
    }

    /** The CSV reader every CSV input is read with (schema inference included). */
    static CsvReader<CsvRecord> reader(InputStream in, ReadOptions options) {
        return CsvReader.builder().fieldSeparator(options.delimiter()).detectBomHeader(true).allowExtraFields(true)
                .allowMissingFields(true).skipEmptyLines(true).ofCsvRecord(in, StandardCharsets.UTF_8);
    }

    private Column[] readHeader() {
        CsvRecord header = nextRecord();
        if (header == null) {
            throw new BadRowException(new RowPosition(input.name(), 1), null, "the file is empty; a CSV input starts with a"
                    + " header row naming the fields (" + fieldNames() + ")", "", false);
        }
        RowPosition headerLine = new RowPosition(input.name(), header.getStartingLineNumber());
        List<String> names = header.getFields();
        Column[] result = new Column[names.size()];
        FieldsByName fields = new FieldsByName(table);
        Set<String> seen = new HashSet<>();
        List<String> skipped = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String column = names.get(i).strip();
            if (!seen.add(column.toLowerCase(Locale.ROOT))) {
                throw new BadRowException(headerLine, column, "appears twice in the header (names match whatever their case)",
                        text(header), false);
            }
            FieldDef field = fields.get(column);
            if (FieldsByName.isId(column)) {
                result[i] = Special.ID;
            } else if (field != null) {
                result[i] = new FieldColumn(field);
            } else if (options.ignoreUnknown()) {
                result[i] = Special.SKIPPED;
                skipped.add(column);
            } else {
                throw new BadRowException(headerLine, column, fields.unknown("'id' column"), text(header), false);
            }
        }
        this.ignored = List.copyOf(skipped);
        return result;
    }

    @Override
    public Located next() {
        CsvRecord csv = nextRecord();
        if (csv == null) {
            return null;
        }
        RowPosition position = new RowPosition(input.name(), csv.getStartingLineNumber());
        lastLine = csv.getStartingLineNumber();
        if (csv.getFieldCount() != columns.length) {
            throw new BadRowException(position, null, "has " + csv.getFieldCount() + " field"
                    + (csv.getFieldCount() == 1 ? "" : "s") + ", the header has " + columns.length, text(csv));
        }
        Row.Builder record = Row.builder();
        for (int i = 0; i < columns.length; i++) {
            String cell = csv.getField(i);
            switch (columns[i]) {
                case FieldColumn(FieldDef field) -> {
                    try {
                        record.set(field.name(), TextValues.parse(field, cell, options.localZone()));
                    } catch (ValueException e) {
                        throw new BadRowException(position, field.name(), e.getMessage(), text(csv));
                    }
                }
                case Special.ID -> {
                    try {
                        if (!cell.isEmpty()) {
                            record.id(recordId(cell));
                        }
                    } catch (ValueException e) {
                        throw new BadRowException(position, ID_COLUMN, e.getMessage(), text(csv));
                    }
                }
                case Special.SKIPPED -> { }
            }
        }
        return new Located(position, record.build());
    }

    @Override
    public List<String> ignored() {
        return ignored;
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
            throw new BadRowException(new RowPosition(input.name(), lastLine + 1), null, "CSV syntax error: "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), "", false);
        } catch (UncheckedIOException e) {
            throw new UncheckedIOException("reading " + input.name() + " failed: " + e.getCause().getMessage(), e.getCause());
        }
    }

    private String fieldNames() {
        return String.join(", ", table.fields().stream().map(FieldDef::name).toList());
    }

    /** The row as CSV again, for the reject file. */
    private static String text(CsvRecord csv) {
        java.io.StringWriter line = new java.io.StringWriter();
        de.siegmar.fastcsv.writer.CsvWriter writer = de.siegmar.fastcsv.writer.CsvWriter.builder()
                .lineDelimiter(de.siegmar.fastcsv.writer.LineDelimiter.LF).build(line);
        writer.writeRecord(csv.getFields());
        try {
            writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String text = line.toString();
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    @Override
    public long bytesRead() {
        return input.bytesRead();
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            // Reading is over; a failing close of an input changes nothing that was loaded.
        }
        input.close();
    }
}
