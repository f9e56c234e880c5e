package dev.big.cli;

import de.siegmar.fastcsv.reader.CloseableIterator;
import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import dev.big.db.BulkLoad;
import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.FieldType;
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
 * id. Fields the header leaves out have no value; an empty cell is no value, and a quoted empty
 * cell ({@code ""}) the empty string of a keyed field or the empty set of a set field (as big's
 * CSV writer writes them; no value for the other kinds). A column naming no
 * field is refused, or skipped with {@code --ignore-unknown}. Cells are converted by
 * {@link TextValues}.
 *
 * <p>Rows are read either as {@link Row}s ({@link #next()}) or, for a bulk load, straight into the
 * load's columns ({@link #read()}, then {@link #setValues}): numbers and bools are converted from
 * the cell's characters, keyed values made a String once per distinct value ({@link TextInterner}),
 * so a record costs no map and no String per cell.
 */
final class CsvRows implements RowSource {

    /** The column that holds record ids. */
    static final String ID_COLUMN = "id";

    /** What a column is: a field, the id column, or skipped (a column the table lacks, with --ignore-unknown). */
    private sealed interface Column {}

    private record FieldColumn(FieldDef field) implements Column {}

    private enum Special implements Column { ID, SKIPPED }

    private final OpenedInput input;
    private final CsvReader<CsvCells> reader;
    private final CloseableIterator<CsvCells> records;
    private final TableDef table;
    private final ReadOptions options;
    private final Column[] columns;
    /** The header's columns that name no field, skipped under --ignore-unknown. */
    private List<String> ignored;
    private long lastLine = 1;
    /** The row {@link #read()} read last, until the next. */
    private CsvCells row;
    /** Per column, where its cells go in the bulk load, or null for the id column and skipped ones (set by the first {@link #setValues}). */
    private Target[] targets;

    /**
     * Where a field column's cells go: the field (its type and declared bounds unboxed, looked up
     * once, not per cell), its index in the bulk load, and the keyed values seen (null for another
     * kind).
     */
    private record Target(FieldDef field, FieldType type, int loadField, long lowest, long highest, TextInterner interned) {

        Target(FieldDef field, int loadField) {
            this(field, field.type(), loadField, field.min() == null ? Long.MIN_VALUE : field.min(),
                    field.max() == null ? Long.MAX_VALUE : field.max(),
                    field.type() == FieldType.KEYED ? new TextInterner() : null);
        }

        /** {@code value} if it is within the field's declared bounds; else refused by {@link TextValues#checkBounds}. */
        long checkBounds(long value) {
            return value >= lowest && value <= highest ? value : TextValues.checkBounds(field, value);
        }
    }

    CsvRows(OpenedInput input, TableDef table, ReadOptions options) {
        this.input = input;
        this.table = table;
        this.options = options;
        this.reader = builder(options).build(new CsvCells(), input.data(), StandardCharsets.UTF_8);
        this.records = reader.iterator();
        this.columns = readHeader();
    }

    /** The CSV reader every CSV input is read with (schema inference included). */
    static CsvReader<CsvRecord> reader(InputStream in, ReadOptions options) {
        return builder(options).ofCsvRecord(in, StandardCharsets.UTF_8);
    }

    private static CsvReader.CsvReaderBuilder builder(ReadOptions options) {
        return CsvReader.builder().fieldSeparator(options.delimiter()).detectBomHeader(true).allowExtraFields(true)
                .allowMissingFields(true).skipEmptyLines(true);
    }

    private Column[] readHeader() {
        CsvCells header = nextRecord();
        if (header == null) {
            throw new BadRowException(new RowPosition(input.name(), 1), null, "the file is empty; a CSV input starts with a"
                    + " header row naming the fields (" + fieldNames() + ")", "", false);
        }
        RowPosition headerLine = new RowPosition(input.name(), header.line());
        List<String> names = header.cells();
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
        if (!read()) {
            return null;
        }
        CsvCells csv = row;
        RowPosition position = new RowPosition(input.name(), csv.line());
        Row.Builder record = Row.builder();
        for (int i = 0; i < columns.length; i++) {
            String cell = csv.cell(i);
            switch (columns[i]) {
                case FieldColumn(FieldDef field) -> {
                    try {
                        record.set(field.name(), csv.isQuotedEmpty(i) ? TextValues.quotedEmpty(field)
                                : TextValues.parse(field, cell, options.localZone()));
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

    /**
     * Reads the next row, for {@link #setValues}; false at the end of the input. A row with the
     * wrong number of fields throws {@link BadRowException} (skippable).
     */
    boolean read() {
        row = nextRecord();
        if (row == null) {
            return false;
        }
        lastLine = row.line();
        if (row.count() != columns.length) {
            throw new BadRowException(position(), null, "has " + row.count() + " field"
                    + (row.count() == 1 ? "" : "s") + ", the header has " + columns.length, text(row));
        }
        return true;
    }

    /** The name of this input, as the user gave it. */
    String name() {
        return input.name();
    }

    /** The line the row {@link #read()} read starts on. */
    long line() {
        return row.line();
    }

    /** The row {@link #read()} read, as CSV again (for the reject file). */
    String text() {
        return text(row);
    }

    private RowPosition position() {
        return new RowPosition(input.name(), row.line());
    }

    /** What {@link #setValues} returns for a row without an id. */
    static final long NO_ID = -1;

    /**
     * Sets the values of the row {@link #read()} read on the record {@code load} is building (the
     * caller adds it), and returns the row's id, or {@link #NO_ID}. A cell that is not a value of
     * its field throws {@link BadRowException} (skippable), having set some of the row's values:
     * the caller discards the record.
     */
    long setValues(BulkLoad load) {
        if (targets == null) {
            bind(load);
        }
        CsvCells csv = row;
        char[] chars = csv.chars();
        long id = NO_ID;
        for (int i = 0; i < columns.length; i++) {
            Target target = targets[i];
            if (csv.isEmpty(i)) {
                Object value = target != null && csv.isQuotedEmpty(i) ? TextValues.quotedEmpty(target.field()) : null;
                if (value != null) {
                    load.set(target.loadField(), value);
                }
                continue;
            }
            int from = csv.start(i);
            int to = csv.end(i);
            if (target == null) {
                if (columns[i] == Special.ID) {
                    try {
                        id = recordId(integer(chars, from, to, csv, i));
                    } catch (ValueException e) {
                        throw new BadRowException(position(), ID_COLUMN, e.getMessage(), text(csv));
                    }
                }
                continue;
            }
            int f = target.loadField();
            try {
                switch (target.type()) {
                    case INT -> load.set(f, target.checkBounds(integer(chars, from, to, csv, i)));
                    case TIMESTAMP -> load.set(f, target.checkBounds(timestamp(csv, i)));
                    case BOOL -> load.set(f, bool(chars, from, to, csv, i));
                    case KEYED -> load.set(f, target.interned().intern(chars, from, to));
                    case DECIMAL, SET -> load.set(f, TextValues.parse(target.field(), csv.cell(i), options.localZone()));
                }
            } catch (ValueException e) {
                throw new BadRowException(position(), target.field().name(), e.getMessage(), text(csv));
            }
        }
        return id;
    }

    private void bind(BulkLoad load) {
        targets = new Target[columns.length];
        for (int i = 0; i < columns.length; i++) {
            if (columns[i] instanceof FieldColumn(FieldDef field)) {
                targets[i] = new Target(field, load.field(field.name()));
            }
        }
    }

    /**
     * The integer in {@code chars[from, to)}: plain digits with an optional minus are read here;
     * anything else (spaces, a plus, too many digits, not a number) goes to {@link TextValues#integer},
     * which reads or refuses it.
     */
    private static long integer(char[] chars, int from, int to, CsvCells csv, int cell) {
        int at = from;
        boolean negative = chars[at] == '-';
        if (negative) {
            at++;
        }
        int digits = to - at;
        if (digits < 1 || digits > 18) {
            return TextValues.integer(csv.cell(cell));
        }
        long value = 0;
        for (; at < to; at++) {
            int digit = chars[at] - '0';
            if (digit < 0 || digit > 9) {
                return TextValues.integer(csv.cell(cell));
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }

    private long timestamp(CsvCells csv, int cell) {
        long millis = Timestamps.parseUsual(csv.view(cell), options.localZone());
        return millis != Timestamps.NOT_PARSED ? millis : Timestamps.parseMillis(csv.cell(cell), options.localZone());
    }

    private static boolean bool(char[] chars, int from, int to, CsvCells csv, int cell) {
        int length = to - from;
        if (length == 4 && chars[from] == 't' && chars[from + 1] == 'r' && chars[from + 2] == 'u' && chars[from + 3] == 'e') {
            return true;
        }
        if (length == 5 && chars[from] == 'f' && chars[from + 1] == 'a' && chars[from + 2] == 'l' && chars[from + 3] == 's'
                && chars[from + 4] == 'e') {
            return false;
        }
        return TextValues.bool(csv.cell(cell));
    }

    @Override
    public List<String> ignored() {
        return ignored;
    }

    /** What the id column says of a record's id, in any input format. */
    static final String ID_RANGE = "ids are integers 0 .. 2^63-2";

    static long recordId(String text) {
        long id;
        try {
            id = TextValues.integer(text);
        } catch (ValueException e) {
            throw new ValueException(e.getMessage() + " (" + ID_RANGE + ")");
        }
        return recordId(id);
    }

    /**
     * {@code id}, refused unless it is a record id: 2^63-1 is none, so the id after a table's
     * largest always fits (a load of it once crashed with an internal error).
     */
    static long recordId(long id) {
        if (id < 0) {
            throw new ValueException(id + " is negative; " + ID_RANGE);
        }
        if (id > Db.MAX_RECORD_ID) {
            throw new ValueException(id + " is past the largest record id; " + ID_RANGE);
        }
        return id;
    }

    private CsvCells nextRecord() {
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
    private static String text(CsvCells csv) {
        java.io.StringWriter line = new java.io.StringWriter();
        de.siegmar.fastcsv.writer.CsvWriter writer = de.siegmar.fastcsv.writer.CsvWriter.builder()
                .lineDelimiter(de.siegmar.fastcsv.writer.LineDelimiter.LF).build(line);
        writer.writeRecord(csv.cells());
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
