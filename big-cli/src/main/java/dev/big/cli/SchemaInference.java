package dev.big.cli;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import dev.big.db.FieldDef;
import dev.big.db.InvalidInputException;
import dev.big.db.TableDef;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table {@code big load --create} makes for a file: one field per column (CSV) or key (JSON
 * Lines), named as the file names it, typed by {@link ColumnGuess} from the first rows: at least
 * {@value #MIN_SAMPLE_ROWS}, then on until no column's type has changed over the last half of the
 * rows read, at most {@value #SAMPLE_ROWS} (and {@value #SAMPLE_BYTES} bytes). An {@code id} column is the
 * record id, not a field. Rows the load would refuse (malformed JSON, a CSV row of the wrong width)
 * are left out of the sample; the load then reports them.
 */
final class SchemaInference {

    static final int SAMPLE_ROWS = 100_000;
    static final int SAMPLE_BYTES = 32 << 20;
    /**
     * Rows a sample reads before it may stop early (DuckDB's default sample size): the sample runs
     * while the JVM is cold, and its last 80,000 rows took about 0.1 s of a load's fixed cost, the
     * part of a load of a few million rows DuckDB does not pay (bench/results/csv-load).
     */
    static final int MIN_SAMPLE_ROWS = 20_480;
    /** How often, in rows, the sample asks whether it may stop. */
    private static final int STOP_CHECK_ROWS = 1_024;

    // As JsonlRows reads them: a decimal's digits exactly, never through a double.
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    /**
     * The table inferred, and how many rows of which input it was inferred from ({@code rows} is -1
     * when it comes from the file's own schema, as for Parquet).
     */
    record Inferred(TableDef table, long rows, String input) {}

    /**
     * The table {@code table} for a Parquet file, from its schema alone (no rows are sampled): one
     * field per column by {@link #fieldKind}; a column of a type big does not read is refused, or
     * left out with {@code --ignore-unknown}.
     */
    static Inferred inferParquet(String table, java.nio.file.Path file, String name, ReadOptions options) {
        List<FieldDef> fields = new ArrayList<>();
        try (dev.big.parquet.ParquetRowReader reader = ParquetRows.open(file, name)) {
            for (dev.big.parquet.ParquetColumn column : reader.columns()) {
                if (FieldsByName.isId(column.name())) {
                    continue;
                }
                if (column.kind() == dev.big.parquet.ParquetColumn.Kind.UNSUPPORTED) {
                    if (options.ignoreUnknown()) {
                        continue;
                    }
                    throw new CliException(ExitCodes.DATA_ERROR, name + ": " + column.whyUnsupported() + " (--ignore-unknown"
                            + " leaves such columns out of the table)");
                }
                try {
                    fields.add(switch (column.kind()) {
                        case INTEGER -> FieldDef.intField(column.name());
                        case TIMESTAMP, LOCAL_TIMESTAMP, DATE -> FieldDef.timestamp(column.name());
                        case BOOLEAN -> FieldDef.bool(column.name());
                        case STRING -> FieldDef.keyed(column.name());
                        case DECIMAL -> FieldDef.decimal(column.name(), column.scale());
                        case STRING_LIST -> FieldDef.set(column.name());
                        case DOUBLE, UNSUPPORTED -> throw new IllegalStateException(column.kind().toString());
                    });
                } catch (InvalidInputException e) {
                    throw new CliException(ExitCodes.DATA_ERROR, "column '" + TextValues.printable(column.name()) + "' of "
                            + name + " cannot name a field: " + e.getMessage() + "; write the schema yourself with --schema FILE");
                }
            }
        }
        try {
            return new Inferred(new TableDef(table, fields), -1, name);
        } catch (InvalidInputException e) {
            throw new CliException(ExitCodes.DATA_ERROR, name + ": " + e.getMessage(), e);
        }
    }

    /** The table {@code table} for the rows of {@code input}, read from its current position; rewinds it after. */
    static Inferred infer(String table, OpenedInput input, boolean jsonl, ReadOptions options) {
        input.mark(SAMPLE_BYTES + 1);
        BoundedInputStream sample = new BoundedInputStream(input.data(), SAMPLE_BYTES);
        Map<String, ColumnGuess> guesses = new LinkedHashMap<>();
        long rows = jsonl ? jsonl(sample, guesses, options, input.name()) : csv(sample, guesses, options, input.name());
        input.rewind();
        List<FieldDef> fields = new ArrayList<>();
        for (ColumnGuess guess : guesses.values()) {
            try {
                fields.add(guess.field(jsonl));
            } catch (InvalidInputException e) {
                throw new CliException(ExitCodes.DATA_ERROR, "column '" + TextValues.printable(guess.column()) + "' of "
                        + input.name() + " cannot name a field: " + e.getMessage() + "; rename it in the "
                        + (jsonl ? "file" : "header") + ", or write the schema yourself with --schema FILE");
            }
        }
        try {
            return new Inferred(new TableDef(table, fields), rows, input.name());
        } catch (InvalidInputException e) {
            throw new CliException(ExitCodes.DATA_ERROR, input.name() + ": " + e.getMessage(), e);
        }
    }

    private static long csv(BoundedInputStream in, Map<String, ColumnGuess> guesses, ReadOptions options, String name) {
        List<ColumnGuess> columns = null;
        CsvRecord pending = null;
        long rows = 0;
        try (CsvReader<CsvRecord> reader = CsvRows.reader(in, options)) {
            for (CsvRecord record : reader) {
                if (columns == null) {
                    columns = header(record, guesses, options, name);
                    continue;
                }
                // Each row is observed once the next is read: where the sample stops, the last row may be cut.
                if (pending != null) {
                    observe(pending, columns);
                }
                pending = record;
                if (++rows >= SAMPLE_ROWS || settled(rows, record.getStartingLineNumber(), guesses)) {
                    break;
                }
            }
            if (pending != null && !in.reachedLimit()) {
                observe(pending, columns);
            }
        } catch (CsvParseException e) {
            // The load reports the syntax error, with its line.
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + name + " failed: " + e.getMessage(), e);
        } catch (UncheckedIOException e) {
            throw new UncheckedIOException("reading " + name + " failed: " + e.getCause().getMessage(), e.getCause());
        }
        return rows;
    }

    /**
     * Whether a sample of {@code rows} rows, up to {@code line}, may stop: it has its
     * {@link #MIN_SAMPLE_ROWS}, and no column's type changed over the second half of its lines.
     */
    private static boolean settled(long rows, long line, Map<String, ColumnGuess> guesses) {
        if (rows < MIN_SAMPLE_ROWS || rows % STOP_CHECK_ROWS != 0) {
            return false;
        }
        long lastChange = 0;
        for (ColumnGuess guess : guesses.values()) {
            lastChange = Math.max(lastChange, guess.changedOnLine());
        }
        return 2 * lastChange <= line;
    }

    /** Per column of the header, its guess (null for the id column). */
    private static List<ColumnGuess> header(CsvRecord header, Map<String, ColumnGuess> guesses, ReadOptions options,
            String name) {
        List<ColumnGuess> columns = new ArrayList<>();
        for (String text : header.getFields()) {
            String column = text.strip();
            ColumnGuess guess = FieldsByName.isId(column) ? null : new ColumnGuess(column, options.localZone());
            columns.add(guess);
            if (guess != null && guesses.putIfAbsent(column.toLowerCase(Locale.ROOT), guess) != null) {
                throw new CliException(ExitCodes.DATA_ERROR, name + ": column '" + TextValues.printable(column) + "' appears twice"
                        + " in the header (names match whatever their case)");
            }
        }
        return columns;
    }

    private static void observe(CsvRecord record, List<ColumnGuess> columns) {
        if (record.getFieldCount() != columns.size()) {
            return;
        }
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i) != null) {
                columns.get(i).text(record.getField(i), record.getStartingLineNumber());
            }
        }
    }

    private static long jsonl(BoundedInputStream in, Map<String, ColumnGuess> guesses, ReadOptions options, String name) {
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        long rows = 0;
        long lineNumber = 0;
        try {
            String line;
            String previous = null;
            long previousNumber = 0;
            while ((line = lines.readLine()) != null) {
                lineNumber++;
                if (line.isBlank()) {
                    continue;
                }
                if (previous != null) {
                    observe(previous, previousNumber, guesses, options);
                }
                previous = line;
                previousNumber = lineNumber;
                if (++rows >= SAMPLE_ROWS || settled(rows, lineNumber, guesses)) {
                    break;
                }
            }
            if (previous != null && !in.reachedLimit()) {
                observe(previous, previousNumber, guesses, options);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + name + " failed: " + e.getMessage(), e);
        }
        return rows;
    }

    private static void observe(String line, long number, Map<String, ColumnGuess> guesses, ReadOptions options) {
        JsonNode object;
        try {
            object = JSON.readTree(line);
        } catch (JacksonException e) {
            return;
        }
        if (object == null || !object.isObject()) {
            return;
        }
        for (Map.Entry<String, JsonNode> entry : object.properties()) {
            if (!FieldsByName.isId(entry.getKey())) {
                guesses.computeIfAbsent(entry.getKey().toLowerCase(Locale.ROOT), k -> new ColumnGuess(entry.getKey(),
                        options.localZone())).json(entry.getValue(), number);
            }
        }
    }

    private SchemaInference() {}
}
