package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.TableDef;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code big load DB TABLE FILE...}: CSV, JSON Lines or Parquet rows into a table. */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        header = "Loads rows from CSV, JSON Lines or Parquet files into a table.",
        description = {
            "CSV: a header row names the fields, in any case (an optional `id` column gives record ids; without it"
                    + " rows are appended), empty cell = no value, sets as a|b|c, timestamps as ISO-8601 (without Z or an"
                    + " offset: UTC, or the --timezone zone) or epoch milliseconds, bools as true/false, 1/0, yes/no.",
            "JSONL: one object per line, keys naming fields, sets as arrays. A file named .gz is decompressed.",
            "Parquet: top-level columns naming fields; INT32/INT64 into int, TIMESTAMP/DATE into timestamp, BOOLEAN into"
                    + " bool, strings into keyed, DECIMAL into decimal, LIST of strings into set (docs/cli.md).",
            "",
            "A bad row stops the load with FILE:LINE: field 'x': problem and says which rows were committed;"
                    + " --skip-bad FILE sets bad rows aside instead. A progress bar shows on a terminal."})
final class LoadCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DB", description = "The database file.")
    Path database;

    @Parameters(index = "1", paramLabel = "TABLE", description = "The table to load into.")
    String table;

    @Parameters(index = "2..*", arity = "1..*", paramLabel = "FILE", description = "Input files, loaded in order; - reads stdin.")
    List<Path> files;

    @Option(names = "--format", paramLabel = "csv|jsonl|parquet",
            description = "Input format (default: jsonl for .jsonl/.ndjson/.json files, with or without .gz, parquet for"
                    + " .parquet/.parq, else csv).")
    String format;

    static final class Mode {
        @Option(names = "--bulk", description = "Bulk load (the default): fastest; ids, if given, must ascend above the"
                + " table's; commits a chunk of 65,536 to 131,071 rows at a time (fewer for a wide table).")
        boolean bulk;

        @Option(names = "--batch", paramLabel = "N", description = "Commit every N rows through the ingest path: ids in"
                + " any order, existing records replaced.")
        Integer batch;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Mode mode;

    static final class Tables {
        @Option(names = "--schema", paramLabel = "FILE",
                description = "A schema file (see `big create`): creates the database and any missing tables first.")
        Path schema;

        @Option(names = "--create", description = "If TABLE does not exist, infer its fields from the first file (int,"
                + " decimal, timestamp, bool, keyed; set from JSON arrays; a Parquet file's schema) and create it, and the"
                + " database if need be.")
        boolean create;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Tables tables;

    @Option(names = "--order-index", paramLabel = "FIELD", split = ",",
            description = "Give these int, decimal or timestamp fields an order index (a counted tree of their values"
                    + " that answers range counts, ranks and quantiles quickly): when --create makes TABLE, it has them from"
                    + " the first row; a field of an existing table without one gets it built before the load.")
    List<String> orderIndex = List.of();

    @Option(names = "--schema-out", paramLabel = "FILE",
            description = "Write TABLE's schema (the one --create chose, or the table's) to FILE as a schema file.")
    Path schemaOut;

    @Option(names = "--delimiter", paramLabel = "CHAR", description = "The CSV field separator: one character, or tab"
            + " (also \\t). Default: a comma.")
    String delimiter;

    @Option(names = "--ignore-unknown", description = "Skip CSV columns, JSON keys and Parquet columns that name no"
            + " field of TABLE (without it they are an error); with --create, leave out Parquet columns of types big"
            + " does not hold.")
    boolean ignoreUnknown;

    @Option(names = "--skip-bad", paramLabel = "FILE",
            description = "Write rows that cannot be loaded, with the reason, to FILE and go on.")
    Path skipBad;

    @Option(names = "--timezone", paramLabel = "ZONE",
            description = "The zone of timestamps written without Z or an offset (2024-01-01 00:00:00): a region such as"
                    + " Europe/Paris (daylight saving time included) or an offset such as +02:00. Default: UTC.")
    String timezone;

    @Override
    public Integer call() {
        String explicitFormat = format == null ? null : checkFormat(format);
        int batchSize = mode != null && mode.batch != null ? checkBatch(mode.batch) : 0;
        ReadOptions options = new ReadOptions(zone(), delimiter(), ignoreUnknown);
        List<LoadTarget.InputFile> inputs = inputFiles();
        LoadTarget target = new LoadTarget(database, table, inputs, explicitFormat, options, orderIndex);
        Loader.Result result;
        RejectFile rejects = null;
        PrintWriter out = Terminal.stdout();
        try (Db db = target.open(tables == null ? null : tables.schema, tables != null && tables.create)) {
            TableDef def = target.tableDef(db);
            if (target.inferred() != null) {
                SchemaInference.Inferred inferred = target.inferred();
                out.println("created table " + def.name() + " from " + (inferred.rows() < 0 ? "the schema"
                        : Units.count(inferred.rows()) + (inferred.rows() == 1 ? " row" : " rows")) + " of " + inferred.input()
                        + ": " + String.join(", ", def.fields().stream().map(Object::toString).toList()));
                out.flush();
            }
            if (schemaOut != null) {
                writeSchema(def);
            }
            long totalBytes = inputs.stream().mapToLong(LoadTarget.InputFile::sizeBytes).reduce(0, (a, b) -> a < 0 || b < 0 ? -1 : a + b);
            rejects = skipBad == null ? null : new RejectFile(skipBad);
            try (Progress progress = Progress.start("load", totalBytes, " MiB", 1 << 20)) {
                Loader loader = new Loader(db, table, target.loaderInputs(def), batchSize, rejects, progress);
                try {
                    result = loader.run();
                } catch (BadRowException e) {
                    // The bar is closed (try-with-resources) before the message is printed.
                    throw CliException.located(ExitCodes.DATA_ERROR, e.getMessage() + System.lineSeparator()
                            + "big load: " + loader.tracker().describeStop(e.position(), e.skippable()), e);
                }
            }
        } finally {
            target.close();
            if (rejects != null) {
                rejects.close();
            }
        }
        out.println("loaded " + Units.count(result.rows()) + (result.rows() == 1 ? " row" : " rows") + " into " + table + " in " + Units.nanos(result.nanos())
                + " (" + Units.rate(result.rows(), result.nanos()) + " rows/s), wrote " + Units.bytes(result.bytesWritten())
                + (result.rows() > 0 ? " (" + Units.count(result.bytesWritten() / result.rows()) + " bytes/row)" : "")
                + "; " + database + " is now " + Units.bytes(fileSize()));
        for (Map.Entry<String, List<String>> skipped : result.ignored().entrySet()) {
            out.println("ignored in " + skipped.getKey() + " (not in table " + table + "): " + String.join(", ", skipped.getValue()));
        }
        if (rejects != null) {
            out.println(Units.count(result.rejected()) + (result.rejected() == 1 ? " row" : " rows")
                    + " rejected, written with the reasons to " + rejects.path());
        }
        out.flush();
        return ExitCodes.OK;
    }

    private void writeSchema(TableDef def) {
        try {
            Files.writeString(schemaOut, SchemaFile.text(List.of(def)));
        } catch (IOException e) {
            throw new CliException(ExitCodes.CANNOT_CREATE, "writing --schema-out " + schemaOut + " failed: " + e.getMessage(), e);
        }
    }

    private long fileSize() {
        try {
            return Files.size(database);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int checkBatch(int batch) {
        if (batch < 1) {
            throw new CliException(ExitCodes.USAGE, "--batch must be at least 1, got " + batch);
        }
        return batch;
    }

    /** Checks every input up front: a missing third file should not stop a load halfway. */
    private List<LoadTarget.InputFile> inputFiles() {
        List<LoadTarget.InputFile> inputs = new ArrayList<>();
        for (Path file : files) {
            if (file.toString().equals("-")) {
                inputs.add(new LoadTarget.InputFile(null, "stdin", -1));
                continue;
            }
            Inputs.readableFile(file, "input file");
            if (skipBad != null && file.toAbsolutePath().normalize().equals(skipBad.toAbsolutePath().normalize())) {
                throw new CliException(ExitCodes.USAGE, "--skip-bad " + skipBad + " is also an input file; choose another path");
            }
            try {
                inputs.add(new LoadTarget.InputFile(file, file.toString(), Files.size(file)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return inputs;
    }

    private ZoneId zone() {
        if (timezone == null) {
            return ZoneOffset.UTC;
        }
        try {
            return ZoneId.of(timezone);
        } catch (DateTimeException e) {
            throw new CliException(ExitCodes.USAGE, "--timezone " + timezone + " is not a time zone: use a region such as"
                    + " Europe/Paris or America/New_York, UTC, or an offset such as +02:00");
        }
    }

    private char delimiter() {
        if (delimiter == null) {
            return ',';
        }
        if (delimiter.equals("\\t") || delimiter.equalsIgnoreCase("tab")) {
            return '\t';
        }
        if (delimiter.length() != 1 || delimiter.charAt(0) == '"' || delimiter.charAt(0) == '\n' || delimiter.charAt(0) == '\r') {
            throw new CliException(ExitCodes.USAGE, "--delimiter takes one character (such as ; or |) or tab, not '"
                    + TextValues.printable(delimiter) + "'" + (delimiter.equals("\"") ? " (the quote character)" : ""));
        }
        return delimiter.charAt(0);
    }

    private static String checkFormat(String format) {
        String lower = format.toLowerCase(Locale.ROOT);
        if (!lower.equals("csv") && !lower.equals("jsonl") && !lower.equals("parquet")) {
            throw new CliException(ExitCodes.USAGE, "--format must be csv, jsonl or parquet, not " + format);
        }
        return lower;
    }
}
