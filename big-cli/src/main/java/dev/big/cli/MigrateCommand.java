package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.FormatMigration;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code big migrate DB}: raise a database file to the file format this build writes. */
@Command(name = "migrate", mixinStandardHelpOptions = true,
        header = "Raises a database file to the file format this build writes.",
        description = {
            "A file keeps the format it was created in: this build opens, reads and writes older files as they are,"
                    + " so the build that wrote them can still open them. Migrating raises the file to the format"
                    + " this build writes, so it may hold what that format adds (format 2: order indexes; format 3:"
                    + " row counts, counted from the cells), with one commit; no data is rewritten. Builds that read"
                    + " only older formats then refuse the file. A file already of this format is left as it is.",
            "Prints `DB: file format 1 -> 3` or `DB: already format 3`. Takes the write lock: refused (exit 74)"
                    + " while another process has the file open for writing."})
final class MigrateCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DB", description = "The database file.")
    Path database;

    @Override
    public Integer call() {
        FormatMigration migration = Db.migrate(Inputs.readableFile(database, "database"));
        PrintWriter out = Terminal.stdout();
        out.println(database + ": " + migration);
        out.flush();
        return ExitCodes.OK;
    }
}
