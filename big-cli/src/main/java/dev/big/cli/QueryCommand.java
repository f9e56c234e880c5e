package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.sql.SqlResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code big query DB "SQL"}: one statement of the SQL subset, its result on stdout. Without a
 * statement it is the shell ({@link ShellCommand}); with {@code -} it runs the statements of stdin.
 */
@Command(name = "query", mixinStandardHelpOptions = true,
        header = "Runs one SQL statement and prints its result.",
        description = {
            "Runs one SQL statement (the subset in docs/sql.md; EXPLAIN shows the plan) on the latest commit.",
            "The result goes to stdout and nothing else does: the row count and the time taken go to stderr, so"
                    + " scripts can compare outputs.",
            "Without SQL it is `big shell DB` (a prompt on a terminal); with - it runs the statements of stdin,"
                    + " each ended by ';', and stops at the first that fails."})
final class QueryCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DB", description = "The database file (opened read-only; another process may be writing).")
    Path database;

    @Parameters(index = "1", arity = "0..1", paramLabel = "SQL",
            description = "The statement, quoted as one argument; - reads statements from stdin; none: the shell.")
    String sql;

    @Option(names = "--format", paramLabel = "table|csv|json|markdown",
            description = "table (aligned, the default on a terminal), csv (header row then rows, the default when"
                    + " piped), json (an array of objects) or markdown (a Markdown table).")
    OutputFormat format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (sql == null || sql.equals("-")) {
            return ShellCommand.session(database, format, sql != null,
                    BigCommand.debugRequested(spec.root().commandLine().getParseResult()));
        }
        try (Db db = Databases.openReadOnly(database)) {
            long start = System.nanoTime();
            SqlResult result = db.sql(sql);
            long nanos = System.nanoTime() - start;
            PrintWriter out = Terminal.stdout();
            ResultPrinter.print(result.columns(), result.rows(), OutputFormat.orDefault(format), out);
            System.err.println(ResultPrinter.rowCount(result.rows().size(), nanos));
        }
        return ExitCodes.OK;
    }
}
