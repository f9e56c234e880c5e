package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.sql.SqlEngine;
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

    @Parameters(index = "0", paramLabel = "DB", description = "The database file (opened read-only for a query, so another process may be writing;"
                    + " opened for writing for INSERT, UPDATE or DELETE).")
    Path database;

    @Parameters(index = "1", arity = "0..1", paramLabel = "SQL",
            description = "The statement, quoted as one argument; - reads statements from stdin; none: the shell.")
    String sql;

    @Option(names = "--format", paramLabel = "table|csv|json|markdown",
            description = "table (aligned, the default on a terminal), csv (header row then rows, the default when"
                    + " piped), json (an array of objects) or markdown (a Markdown table).")
    OutputFormat format;

    /** Null when run without picocli (BigCommand.plainCommand: a statement given), so only the shell's branch may use it. */
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (sql == null || sql.equals("-")) {
            return ShellCommand.session(database, format, sql != null,
                    BigCommand.debugRequested(spec.root().commandLine().getParseResult()));
        }
        PrintWriter out = Terminal.stdout();
        if (SqlEngine.isWrite(sql)) {
            // One transaction, durable when db.sql returns; its answer is DuckDB's count row.
            try (Db db = Databases.openForWriting(database)) {
                long start = System.nanoTime();
                SqlResult result = db.sql(sql);
                long nanos = System.nanoTime() - start;
                ResultPrinter.print(result, OutputFormat.orDefault(format), out);
                System.err.println(ResultPrinter.rowCount(result.rows().size(), nanos));
            }
            return ExitCodes.OK;
        }
        try (Db db = Databases.openReadOnly(database)) {
            long start = System.nanoTime();
            // A cursor: CSV and JSON print each row as it is read, so SELECT * of any table fits the heap.
            long rows = ResultPrinter.print(db.query(sql), OutputFormat.orDefault(format), out);
            long nanos = System.nanoTime() - start;
            System.err.println(ResultPrinter.rowCount(rows, nanos));
        }
        return ExitCodes.OK;
    }
}
