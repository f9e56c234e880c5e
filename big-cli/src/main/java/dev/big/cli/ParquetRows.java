package dev.big.cli;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.Row;
import dev.big.db.TableDef;
import dev.big.db.rowfile.ValueText;
import dev.big.parquet.ParquetColumn;
import dev.big.parquet.ParquetColumn.Kind;
import dev.big.parquet.ParquetFileException;
import dev.big.parquet.ParquetRowReader;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Parquet rows: the file's top-level columns name the table's fields in any case, an {@code id}
 * column (integers) gives record ids, as in CSV. A column naming no field is refused, or skipped
 * with {@code --ignore-unknown} (and then never read). Which Parquet types load into which field
 * kinds is {@link #loads}; a position in a message is {@code FILE:ROW}, the row counted from 1.
 */
final class ParquetRows implements RowSource {

    /** What a selected column is: a field, or the id column. */
    private sealed interface Column {}

    private record FieldColumn(FieldDef field, ParquetColumn source) implements Column {}

    private record IdColumn(ParquetColumn source) implements Column {}

    private final String name;
    private final ParquetRowReader reader;
    private final ZoneId localZone;
    private final Column[] columns;
    private final List<String> ignored;

    ParquetRows(Path file, String name, TableDef table, ReadOptions options) {
        this.name = name;
        this.localZone = options.localZone();
        this.reader = open(file, name);
        boolean success = false;
        try {
            FieldsByName fields = new FieldsByName(table);
            List<ParquetColumn> sourceColumns = reader.columns();
            List<Column> selected = new ArrayList<>();
            List<Integer> indexes = new ArrayList<>();
            List<String> skipped = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < sourceColumns.size(); i++) {
                ParquetColumn source = sourceColumns.get(i);
                if (!seen.add(source.name().toLowerCase(Locale.ROOT))) {
                    throw schemaProblem(source.name(), "appears twice in the file (names match whatever their case)");
                }
                FieldDef field = fields.get(source.name());
                if (FieldsByName.isId(source.name())) {
                    if (source.kind() != Kind.INTEGER) {
                        throw schemaProblem(CsvRows.ID_COLUMN, "the id column is " + source.parquetType() + "; ids are"
                                + " integers (INT32 or INT64)");
                    }
                    selected.add(new IdColumn(source));
                } else if (field != null) {
                    if (!loads(source.kind(), field.type())) {
                        throw schemaProblem(field.name(), source.kind() == Kind.UNSUPPORTED
                                ? source.whyUnsupported()
                                : "column " + source.parquetType() + " does not load into this " + field.type().name()
                                        .toLowerCase(Locale.ROOT) + " field (" + loadsInto(field.type()) + ")");
                    }
                    selected.add(new FieldColumn(field, source));
                } else if (options.ignoreUnknown()) {
                    skipped.add(source.name());
                    continue;
                } else {
                    throw schemaProblem(source.name(), fields.unknown("'id' column"));
                }
                indexes.add(i);
            }
            this.columns = selected.toArray(Column[]::new);
            this.ignored = List.copyOf(skipped);
            reader.select(indexes.stream().mapToInt(Integer::intValue).toArray());
            success = true;
        } catch (ParquetFileException e) {
            throw new CliException(ExitCodes.DATA_ERROR, e.getMessage(), e);
        } finally {
            if (!success) {
                reader.close();
            }
        }
    }

    /** Opens {@code file} (a Parquet file is read by position, so not from stdin); a bad file is a data error. */
    static ParquetRowReader open(Path file, String name) {
        if (file == null) {
            throw new CliException(ExitCodes.USAGE, "Parquet cannot be read from stdin (its index is at the end of the"
                    + " file): name the file");
        }
        try {
            return ParquetRowReader.open(file, name);
        } catch (ParquetFileException e) {
            throw new CliException(ExitCodes.DATA_ERROR, e.getMessage(), e);
        }
    }

    /**
     * Whether a column of {@code kind} loads into a field of {@code type}: each kind into its own
     * (integers into int, timestamps and dates into timestamp, bools into bool, strings into keyed,
     * decimals into decimal, lists of strings into set), integers also into timestamp (epoch
     * milliseconds) and decimal, and strings into any scalar field, read as a CSV cell is.
     */
    static boolean loads(Kind kind, FieldType type) {
        return switch (kind) {
            case INTEGER -> type == FieldType.INT || type == FieldType.TIMESTAMP || type == FieldType.DECIMAL;
            case TIMESTAMP, LOCAL_TIMESTAMP, DATE -> type == FieldType.TIMESTAMP;
            case BOOLEAN -> type == FieldType.BOOL;
            case STRING -> type != FieldType.SET;
            case DECIMAL -> type == FieldType.DECIMAL;
            case STRING_LIST -> type == FieldType.SET;
            case DOUBLE, UNSUPPORTED -> false;
        };
    }

    private static String loadsInto(FieldType type) {
        return switch (type) {
            case INT -> "it loads integers, or strings of them";
            case TIMESTAMP -> "it loads timestamps, dates, epoch-millisecond integers, or ISO-8601 strings";
            case DECIMAL -> "it loads decimals, integers, or strings of them";
            case BOOL -> "it loads booleans, or strings true/false";
            case KEYED -> "it loads strings";
            case SET -> "it loads lists of strings";
        };
    }

    private BadRowException schemaProblem(String column, String problem) {
        return new BadRowException(new RowPosition(name, 1), column, problem, "", false);
    }

    @Override
    public Located next() {
        Object[] values;
        try {
            values = reader.next();
        } catch (ParquetFileException e) {
            throw new BadRowException(new RowPosition(name, reader.rowNumber() + 1), null, e.getMessage()
                    .replaceFirst("^" + java.util.regex.Pattern.quote(name) + ": ", ""), "", false);
        }
        if (values == null) {
            return null;
        }
        RowPosition position = new RowPosition(name, reader.rowNumber());
        Row.Builder record = Row.builder();
        for (int i = 0; i < columns.length; i++) {
            Object value = values[i];
            switch (columns[i]) {
                case FieldColumn(FieldDef field, ParquetColumn source) -> {
                    try {
                        record.set(field.name(), convert(field, source.kind(), value));
                    } catch (ValueException e) {
                        throw new BadRowException(position, field.name(), e.getMessage(), text(values));
                    }
                }
                case IdColumn(ParquetColumn source) -> {
                    if (value != null) {
                        try {
                            record.id(CsvRows.recordId((Long) value));
                        } catch (ValueException e) {
                            throw new BadRowException(position, CsvRows.ID_COLUMN, e.getMessage(), text(values));
                        }
                    }
                }
            }
        }
        return new Located(position, record.build());
    }

    /** The field's value for a column value of {@code kind} ({@link #loads} said the two fit). */
    private Object convert(FieldDef field, Kind kind, Object value) {
        if (value == null) {
            return null;
        }
        if (kind == Kind.STRING && field.type() != FieldType.KEYED) {
            return TextValues.parse(field, (String) value, localZone);
        }
        return switch (field.type()) {
            case INT -> TextValues.checkBounds(field, (Long) value);
            case TIMESTAMP -> TextValues.checkBounds(field, kind == Kind.LOCAL_TIMESTAMP ? inZone((Long) value) : (Long) value);
            case DECIMAL -> value instanceof Long integer ? BigDecimal.valueOf(integer) : value;
            case BOOL, KEYED, SET -> value;
        };
    }

    /** A wall-clock time (its epoch milliseconds as if UTC) read in the load's zone. */
    private long inZone(long wallClockMillis) {
        if (localZone.equals(ZoneOffset.UTC)) {
            return wallClockMillis;
        }
        return Instant.ofEpochMilli(wallClockMillis).atOffset(ZoneOffset.UTC).toLocalDateTime().atZone(localZone)
                .toInstant().toEpochMilli();
    }

    /** The row as column=value pairs, for the reject file. */
    private String text(Object[] values) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < columns.length; i++) {
            String column = switch (columns[i]) {
                case FieldColumn(FieldDef field, ParquetColumn source) -> source.name();
                case IdColumn(ParquetColumn source) -> source.name();
            };
            text.append(i == 0 ? "" : ", ").append(column).append('=').append(ValueText.of(values[i]));
        }
        return text.toString();
    }

    @Override
    public List<String> ignored() {
        return ignored;
    }

    @Override
    public long bytesRead() {
        return reader.bytesRead();
    }

    @Override
    public void close() {
        reader.close();
    }
}
