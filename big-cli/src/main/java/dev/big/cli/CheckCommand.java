package dev.big.cli;

import dev.big.db.CheckReport;
import dev.big.db.Db;
import dev.big.db.WriteLock;
import dev.big.page.BigException;
import dev.big.page.CorruptPageException;
import dev.big.page.FormatVersionException;
import dev.big.page.StorageException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code big check DB}: verify every page, the page-accounting invariant, and what queries answer from. */
@Command(name = "check", mixinStandardHelpOptions = true,
        header = "Verifies every page of a database, the page accounting, and what queries answer from.",
        description = {
            "Verifies every page reachable from the latest commit (recomputing every checksum) and that each page"
                    + " below the high-water mark is used exactly once: by a tree, the freelist chain, or listed"
                    + " as free. Then checks what queries answer from without reading data against the data:"
                    + " separator keys, zone maps, record counts, dictionaries, bit planes, and the catalog's id"
                    + " counters. Prints a report; exits with 79 if anything is wrong.",
            "The file is opened read-only and never changed; the check holds the write lock, so no other process"
                    + " commits while it runs."})
final class CheckCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DB", description = "The database file.")
    Path database;

    @Override
    public Integer call() {
        Inputs.readableFile(database, "database");
        try (WriteLock lock = WriteLock.tryAcquire(database)) {
            if (lock == null) {
                throw new CliException(ExitCodes.IO_ERROR, database + " is locked by another process that has it open"
                        + " for writing; a check needs it quiet. Close that process and run the check again.");
            }
            CheckReport report;
            try (Db db = Databases.openReadOnly(database)) {
                report = db.check();
            } catch (CorruptPageException | FormatVersionException | StorageException e) {
                throw e;
            } catch (BigException e) {
                if (hasBigSignature(database)) {
                    // big's own file that will not even open (truncated, say) is damaged, not foreign.
                    throw new CliException(ExitCodes.CORRUPTION, e.getMessage(), e);
                }
                throw e;
            }
            PrintWriter out = Terminal.stdout();
            out.print(report.describe());
            out.flush();
            if (!report.ok()) {
                System.err.println("big check: " + database + " is damaged: " + report.problems().size() + " problem"
                        + (report.problems().size() == 1 ? "" : "s") + ". Restore it from a backup or an export.");
                return ExitCodes.CORRUPTION;
            }
        }
        return ExitCodes.OK;
    }

    /** Whether either meta slot starts with big's signature, whatever its checksum says. */
    private static boolean hasBigSignature(Path file) {
        try {
            return Db.inspect(file).bigSignature();
        } catch (BigException e) {
            return false;
        }
    }
}
