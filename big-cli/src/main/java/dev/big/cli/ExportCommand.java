package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.WriteLock;
import dev.big.db.exchange.ExchangeSummary;
import dev.big.db.exchange.Exporter;
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

/** {@code big export DB OUT}: a self-describing, compressed, checksummed copy of a database. */
@Command(name = "export", mixinStandardHelpOptions = true,
        header = "Writes a database, or some of its tables, to an export stream.",
        description = {
            "Writes the schema, the dictionaries and every fragment of DB (or of the --table tables) to OUT as an"
                    + " export stream: LZ4-compressed blocks, each with an xxHash3 checksum (format: docs/cli.md).",
            "The export reads one commit, consistent, while writers in other threads keep committing. `big import`"
                    + " reads it into a new database, with this or a later build of big."})
final class ExportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DB", description = "The database file.")
    Path database;

    @Parameters(index = "1", paramLabel = "OUT", description = "The export file to create (it must not exist); - writes to stdout.")
    Path output;

    @Option(names = "--table", paramLabel = "T", description = "Export only table T (repeat for several).")
    List<String> tables = List.of();

    @Override
    public Integer call() {
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
                        : exportToFile(db);
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

    /** Writes the file and forces it to disk; a failed export leaves no partial file behind. */
    private ExchangeSummary exportToFile(Db db) {
        boolean success = false;
        try (FileOutputStream file = new FileOutputStream(output.toFile())) {
            ExchangeSummary summary = exportTo(db, file, output.toString());
            file.getChannel().force(true);
            success = true;
            return summary;
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
