package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.TableDef;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
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
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code big load DB TABLE FILE...}: CSV or JSON Lines rows into a table. */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        header = "Loads rows from CSV or JSON Lines files into a table.",
        description = {
            "CSV: a header row names the fields (an optional `id` column gives record ids; without it rows are"
                    + " appended), empty cell = no value, sets as a|b|c, timestamps as ISO-8601 (without Z or an"
                    + " offset: UTC, or the --timezone zone) or epoch milliseconds, bools as true/false, 1/0, yes/no.",
            "JSONL: one object per line, keys naming fields, sets as arrays.",
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

    @Option(names = "--format", paramLabel = "csv|jsonl",
            description = "Input format (default: jsonl for .jsonl/.ndjson/.json files, else csv).")
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

    @Option(names = "--schema", paramLabel = "FILE",
            description = "A schema file (see `big create`): creates the database and any missing tables first.")
    Path schema;

    @Option(names = "--skip-bad", paramLabel = "FILE",
            description = "Write rows that cannot be loaded, with the reason, to FILE and go on.")
    Path skipBad;

    @Option(names = "--timezone", paramLabel = "ZONE",
            description = "The zone of timestamps written without Z or an offset (2024-01-01 00:00:00): a region such as"
                    + " Europe/Paris (daylight saving time included) or an offset such as +02:00. Default: UTC.")
    String timezone;

    /** An input file as given: its path (null for stdin), name for messages and size (-1 if unknown). */
    private record InputFile(Path path, String name, long sizeBytes) {}

    @Override
    public Integer call() {
        String explicitFormat = format == null ? null : checkFormat(format);
        int batchSize = mode != null && mode.batch != null ? checkBatch(mode.batch) : 0;
        ReadOptions options = new ReadOptions(zone());
        List<InputFile> files = inputFiles();
        Loader.Result result;
        RejectFile rejects = null;
        try (Db db = openOrCreate()) {
            TableDef def = tableDef(db);
            List<Loader.Input> inputs = files.stream().map(f -> new Loader.Input(f.name(),
                    () -> open(f, explicitFormat, def, options))).toList();
            long totalBytes = files.stream().mapToLong(InputFile::sizeBytes).reduce(0, (a, b) -> a < 0 || b < 0 ? -1 : a + b);
            rejects = skipBad == null ? null : new RejectFile(skipBad);
            try (Progress progress = Progress.start("load", totalBytes, " MiB", 1 << 20)) {
                Loader loader = new Loader(db, table, inputs, batchSize, rejects, progress);
                try {
                    result = loader.run();
                } catch (BadRowException e) {
                    // The bar is closed (try-with-resources) before the message is printed.
                    throw CliException.located(ExitCodes.DATA_ERROR, e.getMessage() + System.lineSeparator()
                            + "big load: " + loader.tracker().describeStop(e.position(), e.skippable()), e);
                }
            }
        } finally {
            if (rejects != null) {
                rejects.close();
            }
        }
        PrintWriter out = Terminal.stdout();
        out.println("loaded " + Units.count(result.rows()) + (result.rows() == 1 ? " row" : " rows") + " into " + table + " in " + Units.nanos(result.nanos())
                + " (" + Units.rate(result.rows(), result.nanos()) + " rows/s), wrote " + Units.bytes(result.bytesWritten())
                + (result.rows() > 0 ? " (" + Units.count(result.bytesWritten() / result.rows()) + " bytes/row)" : "")
                + "; " + database + " is now " + Units.bytes(fileSize()));
        if (rejects != null) {
            out.println(Units.count(result.rejected()) + (result.rejected() == 1 ? " row" : " rows")
                    + " rejected, written with the reasons to " + rejects.path());
        }
        out.flush();
        return ExitCodes.OK;
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
    private List<InputFile> inputFiles() {
        List<InputFile> inputs = new ArrayList<>();
        for (Path file : files) {
            if (file.toString().equals("-")) {
                inputs.add(new InputFile(null, "stdin", -1));
                continue;
            }
            Inputs.readableFile(file, "input file");
            if (skipBad != null && file.toAbsolutePath().normalize().equals(skipBad.toAbsolutePath().normalize())) {
                throw new CliException(ExitCodes.USAGE, "--skip-bad " + skipBad + " is also an input file; choose another path");
            }
            try {
                inputs.add(new InputFile(file, file.toString(), Files.size(file)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return inputs;
    }

    private RowSource open(InputFile file, String explicitFormat, TableDef def, ReadOptions options) {
        InputStream in;
        try {
            in = file.path() == null ? new FileInputStream(FileDescriptor.in) : Files.newInputStream(file.path());
        } catch (IOException e) {
            throw new UncheckedIOException("opening " + file.name() + " failed: " + e.getMessage(), e);
        }
        String lower = file.name().toLowerCase(Locale.ROOT);
        boolean jsonl = explicitFormat != null ? explicitFormat.equals("jsonl")
                : lower.endsWith(".jsonl") || lower.endsWith(".ndjson") || lower.endsWith(".json");
        return jsonl ? new JsonlRows(file.name(), in, def, options) : new CsvRows(file.name(), in, def, options);
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

    private static String checkFormat(String format) {
        String lower = format.toLowerCase(Locale.ROOT);
        if (!lower.equals("csv") && !lower.equals("jsonl")) {
            throw new CliException(ExitCodes.USAGE, "--format must be csv or jsonl, not " + format);
        }
        return lower;
    }

    /** The database, created (with the schema's tables) if --schema was given and it does not exist. */
    private Db openOrCreate() {
        if (schema == null) {
            return Databases.openForWriting(database);
        }
        List<TableDef> tables = SchemaFile.read(schema);
        if (!Files.exists(database)) {
            Inputs.newFile(database, "database");
            return Db.create(database, tables);
        }
        Db db = Databases.openForWriting(database);
        boolean success = false;
        try {
            List<TableDef> existing = db.schema();
            for (TableDef wanted : tables) {
                Optional<TableDef> present = existing.stream().filter(t -> t.name().equals(wanted.name())).findFirst();
                if (present.isEmpty()) {
                    db.createTable(wanted);
                } else if (!present.get().equals(wanted)) {
                    throw new CliException(ExitCodes.DATA_ERROR, "table '" + wanted.name() + "' of " + database
                            + " has fields " + present.get().fields() + ", not the " + wanted.fields() + " of " + schema);
                }
            }
            success = true;
            return db;
        } finally {
            if (!success) {
                db.close();
            }
        }
    }

    private TableDef tableDef(Db db) {
        return db.schema().stream().filter(t -> t.name().equals(table)).findFirst().orElseThrow(() ->
                new CliException(ExitCodes.DATA_ERROR, "no table '" + table + "' in " + database + " (tables: "
                        + String.join(", ", db.schema().stream().map(TableDef::name).toList())
                        + "); create it with --schema FILE"));
    }
}
