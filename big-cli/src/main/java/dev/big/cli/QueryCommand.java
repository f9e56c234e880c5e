package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.sql.SqlResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code big query DB "SQL"}: one statement of the SQL subset, its result on stdout. */
@Command(name = "query", mixinStandardHelpOptions = true,
        header = "Runs one SQL statement and prints its result.",
        description = {
            "Runs one SQL statement (the subset in docs/sql.md; EXPLAIN shows the plan) on the latest commit.",
            "The result goes to stdout and nothing else does: the time taken goes to stderr, so scripts can"
                    + " compare outputs."})
final class QueryCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DB", description = "The database file (opened read-only; another process may be writing).")
    Path database;

    @Parameters(index = "1", paramLabel = "SQL", description = "The statement, quoted as one argument.")
    String sql;

    @Option(names = "--format", paramLabel = "table|csv|json",
            description = "table (aligned, the default on a terminal), csv (header row then rows, the default when"
                    + " piped) or json (an array of objects).")
    OutputFormat format;

    @Override
    public Integer call() {
        try (Db db = Databases.openReadOnly(database)) {
            long start = System.nanoTime();
            SqlResult result = db.sql(sql);
            long nanos = System.nanoTime() - start;
            PrintWriter out = Terminal.stdout();
            ResultPrinter.print(result.columns(), result.rows(), OutputFormat.orDefault(format), out);
            System.err.println("(" + Units.count(result.rows().size()) + (result.rows().size() == 1 ? " row" : " rows")
                    + " in " + Units.nanos(nanos) + ")");
        }
        return ExitCodes.OK;
    }
}
