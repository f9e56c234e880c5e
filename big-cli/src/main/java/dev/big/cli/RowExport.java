package dev.big.cli;

import de.siegmar.fastcsv.writer.CsvWriter;
import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Filter;
import dev.big.db.Order;
import dev.big.db.Snapshot;
import dev.big.db.FieldType;
import dev.big.db.TableDef;
import dev.big.parquet.ParquetColumn;
import dev.big.parquet.ParquetColumn.Kind;
import dev.big.parquet.ParquetRowWriter;
import dev.big.db.sql.SqlCursor;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code big export --format csv|jsonl|parquet}: the rows of a table, or the result of a query, as
 * CSV, JSON Lines or Parquet that {@code big load} (and DuckDB's {@code read_csv}, {@code read_json},
 * {@code read_parquet}) reads back. CSV and JSON values are written as {@code big query} prints them:
 * timestamps in ISO-8601 UTC, sets as {@code a|b} in CSV and arrays in JSON, no value as an empty
 * cell or {@code null}. Parquet columns are typed by the table's fields, or for a query by the
 * types of its answer ({@link ResultColumns}).
 *
 * <p>A table is read from one snapshot, {@value #PAGE_ROWS} ids at a time, and a query's answer
 * through its cursor ({@code Db.query}), so a listing's rows are never all in memory.
 */
final class RowExport {

    static final int PAGE_ROWS = 10_000;

    enum Format { CSV, JSONL, PARQUET }

    /** What was written. */
    record Written(long rows, List<String> columns) {}

    private final Format format;
    private final OutputStream target;
    private final Writer out;
    private final CsvWriter csv;
    /** The Parquet writer, for --format parquet; set with the columns' kinds before the header. */
    private ParquetRowWriter parquet;
    private List<String> columns;
    private long rows;

    private RowExport(Format format, OutputStream target) {
        this.format = format;
        this.target = target;
        this.out = new OutputStreamWriter(target, StandardCharsets.UTF_8);
        this.csv = format == Format.CSV ? ResultPrinter.csvWriter(out) : null;
    }

    static Format format(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "csv" -> Format.CSV;
            case "jsonl" -> Format.JSONL;
            case "parquet" -> Format.PARQUET;
            default -> throw new IllegalArgumentException(name);
        };
    }

    /** Every record of {@code table}, ids ascending: the id column first, then the fields. */
    static Written table(Db db, String table, Format format, OutputStream target) {
        RowExport export = new RowExport(format, target);
        try (Snapshot snapshot = db.read()) {
            TableDef def = snapshot.table(table);
            List<String> fields = def.fields().stream().map(FieldDef::name).toList();
            List<String> columns = new ArrayList<>(List.of(CsvRows.ID_COLUMN));
            columns.addAll(fields);
            if (format == Format.PARQUET) {
                List<ParquetColumn> kinds = new ArrayList<>(List.of(ParquetColumn.of(CsvRows.ID_COLUMN, Kind.INTEGER, 0)));
                for (FieldDef field : def.fields()) {
                    kinds.add(ParquetColumn.of(field.name(), switch (field.type()) {
                        case INT -> Kind.INTEGER;
                        case TIMESTAMP -> Kind.TIMESTAMP;
                        case DECIMAL -> Kind.DECIMAL;
                        case BOOL -> Kind.BOOLEAN;
                        case KEYED -> Kind.STRING;
                        case SET -> Kind.STRING_LIST;
                    }, field.type() == FieldType.DECIMAL ? field.scale() : 0));
                }
                export.parquet(kinds);
            }
            export.header(columns);
            Long cursor = null;
            while (true) {
                long[] ids = snapshot.ids(table, Filter.all(), Order.ASC, PAGE_ROWS, cursor);
                for (long id : ids) {
                    List<Object> row = new ArrayList<>(columns.size());
                    row.add(id);
                    row.addAll(snapshot.values(table, id, fields).orElseThrow());
                    export.row(row);
                }
                if (ids.length < PAGE_ROWS) {
                    break;
                }
                cursor = ids[ids.length - 1];
            }
        }
        return export.finish();
    }

    /** The result of {@code sql}, its columns named and typed as the query answers them, read as it goes. */
    static Written query(Db db, String sql, Format format, OutputStream target) {
        try (SqlCursor result = db.query(sql)) {
            RowExport export = new RowExport(format, target);
            List<ParquetColumn> kinds = format == Format.PARQUET ? ResultColumns.of(result.columns(), result.types()) : null;
            if (kinds != null) {
                export.parquet(kinds);
            }
            export.header(result.columns());
            while (result.hasNext()) {
                List<Object> row = result.next();
                export.row(kinds == null ? row : ResultColumns.row(kinds, row));
            }
            return export.finish();
        }
    }

    private void parquet(List<ParquetColumn> kinds) {
        parquet = ParquetRowWriter.create(target, "the export", kinds);
    }

    private void header(List<String> names) {
        columns = List.copyOf(names);
        if (csv != null) {
            csv.writeRecord(columns);
        }
    }

    private void row(List<Object> values) {
        rows++;
        if (parquet != null) {
            parquet.write(values);
            return;
        }
        if (csv != null) {
            List<String> text = new ArrayList<>(values.size());
            for (Object value : values) {
                text.add(ValueText.of(value));
            }
            csv.writeRecord(text);
            return;
        }
        try {
            out.write(ResultPrinter.jsonObject(columns, values));
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Written finish() {
        if (parquet != null) {
            parquet.close();
            return new Written(rows, columns);
        }
        try {
            if (csv != null) {
                csv.flush();
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Written(rows, columns);
    }
}
