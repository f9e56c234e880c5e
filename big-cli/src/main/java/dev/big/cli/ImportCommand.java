package dev.big.cli;

import dev.big.db.exchange.ExchangeSummary;
import dev.big.db.exchange.Importer;
import java.io.BufferedInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code big import DB IN}: a new database from an export stream. */
@Command(name = "import", mixinStandardHelpOptions = true,
        header = "Creates a new database from an export stream.",
        description = {
            "Creates the new database DB from the export stream IN (written by `big export`).",
            "The stream is verified block by block as it is read; a damaged, truncated or version-incompatible"
                    + " stream is refused with what and where, and DB is not created. DB is built in a temporary file"
                    + " next to it and renamed into place only when the whole stream has loaded."})
final class ImportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DB", description = "The database file to create; it must not exist.")
    Path database;

    @Parameters(index = "1", paramLabel = "IN", description = "The export file; - reads stdin.")
    Path input;

    @Override
    public Integer call() {
        boolean fromStdin = input.toString().equals("-");
        long size = -1;
        if (!fromStdin) {
            Inputs.readableFile(input, "export file");
            try {
                size = Files.size(input);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        Inputs.newFile(database, "database");
        long start = System.nanoTime();
        ExchangeSummary summary;
        try (InputStream raw = fromStdin ? new FileInputStream(FileDescriptor.in) : Files.newInputStream(input);
             CountingInputStream counted = new CountingInputStream(new BufferedInputStream(raw, 1 << 20));
             Progress progress = Progress.start("import", size, " MiB", 1 << 20)) {
            // The importer reads the stream itself; the bar follows the bytes it has consumed.
            Thread ticker = !progress.shown() ? null : Thread.ofVirtual().start(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    progress.stepTo(counted.count());
                    try {
                        Thread.sleep(200);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            try {
                summary = Importer.importStream(counted, fromStdin ? "stdin" : input.toString(), database);
            } finally {
                if (ticker != null) {
                    ticker.interrupt();
                }
            }
            progress.stepTo(counted.count());
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + input + " failed: " + e.getMessage(), e);
        }
        long nanos = System.nanoTime() - start;
        System.out.println("imported " + Units.count(summary.records()) + " records of " + summary.tables()
                + (summary.tables() == 1 ? " table" : " tables") + " into " + database + " in " + Units.nanos(nanos)
                + ": " + Units.count(summary.fragments()) + " fragments, " + Units.count(summary.containers())
                + " containers, " + Units.count(summary.dictionaryEntries()) + " dictionary values from "
                + Units.bytes(summary.streamBytes()));
        return ExitCodes.OK;
    }
}
