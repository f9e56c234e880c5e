package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.WriteLock;
import dev.big.db.exchange.ExchangeSummary;
import dev.big.db.exchange.Exporter;
import dev.big.db.rowfile.RowFileOptions;
import dev.big.db.rowfile.RowFiles;
import dev.big.db.rowfile.RowFormat;
import dev.big.db.sql.SqlCursor;
import dev.big.page.CorruptPageException;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code big export DB OUT}: a self-describing, compressed, checksummed copy of a database; or, with
 * {@code --format csv|jsonl|parquet}, the rows of one table ({@code SELECT * FROM} it: the id column
 * first, ids ascending) or of a query, written by big-db's {@link RowFiles} as SQL's COPY writes
 * them, read through the query's cursor so a listing's rows are never all in memory.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        header = "Writes a database, or some of its tables, to an export stream; or a table or query as CSV, JSONL or"
                + " Parquet.",
        description = {
            "Writes the schema, the dictionaries and every fragment of DB (or of the --table tables) to OUT as an"
                    + " export stream: LZ4-compressed blocks, each with an xxHash3 checksum (format: docs/cli.md).",
            "The export reads one commit, consistent, while writers in other threads keep committing. `big import`"
                    + " reads it into a new database, with this or a later build of big.",
            "--format csv|jsonl|parquet writes the rows of one --table (its id column first) or the result of --query as"
                    + " CSV, JSON Lines or Parquet (SNAPPY-compressed), which `big load` and DuckDB read back."})
final class ExportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DB", description = "The database file.")
    Path database;

    @Parameters(index = "1", paramLabel = "OUT", description = "The export file to create (it must not exist); - writes to stdout.")
    Path output;

    @Option(names = "--table", paramLabel = "T", description = "Export only table T (repeat for several; one with csv, jsonl"
            + " or parquet).")
    List<String> tables = List.of();

    @Option(names = "--format", paramLabel = "bigx|csv|jsonl|parquet",
            description = "bigx (the export stream, the default), csv, jsonl or parquet (the rows of one --table or of"
                    + " --query).")
    String format;

    @Option(names = "--query", paramLabel = "SQL", description = "With --format csv, jsonl or parquet: export the result of SQL.")
    String query;

    @Override
    public Integer call() {
        String chosen = format == null ? "bigx" : format.toLowerCase(java.util.Locale.ROOT);
        switch (chosen) {
            case "bigx" -> {
                if (query != null) {
                    throw new CliException(ExitCodes.USAGE, "--query needs --format csv, jsonl or parquet: the export stream holds"
                            + " tables, not query results");
                }
                return exportStream();
            }
            case "csv", "jsonl", "parquet" -> {
                if ((query == null) == (tables.size() != 1) || (query != null && !tables.isEmpty())) {
                    throw new CliException(ExitCodes.USAGE, "--format " + chosen + " exports one --table T or one --query SQL,"
                            + " not " + (query != null ? "both" : tables.isEmpty() ? "neither" : tables.size() + " tables"));
                }
                return exportRows(chosen, chosen.equals("jsonl") ? RowFormat.JSON : RowFormat.named(chosen).orElseThrow());
            }
            default -> throw new CliException(ExitCodes.USAGE, "--format must be bigx, csv, jsonl or parquet, not " + format);
        }
    }

    private int exportRows(String formatName, RowFormat rowFormat) {
        boolean toStdout = output.toString().equals("-");
        Inputs.readableFile(database, "database");
        if (!toStdout) {
            Inputs.newFile(output, "export file");
        }
        PrintStream report = toStdout ? System.err : System.out;
        try (Db db = Databases.openReadOnly(database)) {
            long start = System.nanoTime();
            long rows = toStdout ? rows(db, rowFormat, new FileOutputStream(FileDescriptor.out), "stdout")
                    : toFile(target -> rows(db, rowFormat, target, output.toString()));
            report.println("exported " + Units.count(rows) + (rows == 1 ? " row" : " rows") + " of "
                    + (query != null ? "the query" : "table " + tables.getFirst()) + " to " + (toStdout ? "stdout" : output)
                    + " as " + formatName + " in " + Units.nanos(System.nanoTime() - start));
            report.flush();
        }
        return ExitCodes.OK;
    }

    /** The rows of the query (or of the table) to {@code target}, through a buffer; returns how many. */
    private long rows(Db db, RowFormat rowFormat, OutputStream target, String name) {
        OutputStream out = new BufferedOutputStream(target, 1 << 20);
        String sql = query != null ? query : "SELECT * FROM \"" + tables.getFirst().replace("\"", "\"\"") + "\"";
        long rows;
        try (SqlCursor cursor = db.query(sql)) {
            rows = RowFiles.write(cursor, rowFormat, RowFileOptions.DEFAULT, out, name);
        }
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + name + " failed: " + e.getMessage(), e);
        }
        return rows;
    }

    private int exportStream() {
        boolean toStdout = output.toString().equals("-");
        Inputs.readableFile(database, "database");
        if (!toStdout) {
            Inputs.newFile(output, "export file");
        }
        PrintStream report = toStdout ? System.err : System.out;
        try (WriteLock lock = WriteLock.tryAcquire(database); Db db = Databases.openReadOnly(database)) {
            if (lock == null) {
                System.err.println("big export: another process is writing " + database + "; exporting its latest"
                        + " commit as of now.");
            }
            long start = System.nanoTime();
            ExchangeSummary summary;
            try {
                summary = toStdout ? exportTo(db, new FileOutputStream(FileDescriptor.out), "stdout")
                        : toFile(target -> exportTo(db, target, output.toString()));
            } catch (CorruptPageException e) {
                if (lock != null) {
                    throw e;
                }
                throw new CliException(ExitCodes.TRY_AGAIN, "a page the export needed changed while another process"
                        + " was writing " + database + " (" + e.getMessage() + "). Most likely that process reused"
                        + " the page: run the export again, or when the writer is stopped. If it fails again, run"
                        + " `big check " + database + "` with the writer stopped.", e);
            }
            long nanos = System.nanoTime() - start;
            report.println("exported " + Units.count(summary.records()) + " records of " + summary.tables()
                    + (summary.tables() == 1 ? " table" : " tables") + " (commit " + summary.sourceTxid() + ") to "
                    + (toStdout ? "stdout" : output) + " in " + Units.nanos(nanos) + ": " + Units.count(summary.fragments())
                    + " fragments, " + Units.count(summary.containers()) + " containers, "
                    + Units.count(summary.dictionaryEntries()) + " dictionary values, " + Units.bytes(summary.streamBytes())
                    + " in " + Units.count(summary.blocks()) + " blocks");
            report.flush();
        }
        return ExitCodes.OK;
    }

    /** What writes an export to a stream, and what it says it wrote. */
    private interface Writing<T> {
        T to(OutputStream target);
    }

    /** Writes the file and forces it to disk; a failed export leaves no partial file behind. */
    private <T> T toFile(Writing<T> writing) {
        boolean success = false;
        try (FileOutputStream file = new FileOutputStream(output.toFile())) {
            T written = writing.to(file);
            file.getChannel().force(true);
            success = true;
            return written;
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + output + " failed: " + e.getMessage(), e);
        } finally {
            if (!success) {
                try {
                    Files.deleteIfExists(output);
                } catch (IOException e) {
                    // The export already failed with the error that matters.
                }
            }
        }
    }

    /** Exports through a buffer; {@code target} stays open (it may be stdout). */
    private ExchangeSummary exportTo(Db db, OutputStream target, String name) {
        OutputStream out = new BufferedOutputStream(target, 1 << 20);
        ExchangeSummary summary = Exporter.export(db, tables, out, name);
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + name + " failed: " + e.getMessage(), e);
        }
        return summary;
    }
}
