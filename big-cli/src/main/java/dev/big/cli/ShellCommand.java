package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.sql.SqlResult;
import java.util.function.Function;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code big shell DB}: statements one after another in one warm JVM, at a prompt or from stdin. */
@Command(name = "shell", mixinStandardHelpOptions = true,
        header = "Runs SQL statements one after another: an interactive shell, or a script from stdin.",
        description = {
            "On a terminal: a prompt with line editing and history (kept in ~/.big_history, or $BIG_HISTORY;"
                    + " empty: none). Statements end with ';' and may span lines. Dot commands: .tables, .schema,"
                    + " .mode, .timer, .help, .quit.",
            "With stdin not a terminal, the statements and dot commands of stdin run in order, results to stdout"
                    + " and row counts to stderr; the first that fails stops the script (the same as"
                    + " `big query DB -`)."})
final class ShellCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DB", description = "The database file (read-only for queries, so another process may be writing; opened for writing for each INSERT, UPDATE or DELETE).")
    Path database;

    @Option(names = "--format", paramLabel = "table|csv|json|markdown",
            description = "How results print at first (.mode changes it): table on a terminal, else csv.")
    OutputFormat format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        return session(database, format, false, BigCommand.debugRequested(spec.root().commandLine().getParseResult()));
    }

    /**
     * A session on {@code database}: at the terminal's prompt if a person is there and
     * {@code fromStdin} is false, else the script on stdin.
     */
    static int session(Path database, OutputFormat format, boolean fromStdin, boolean debug) {
        // Reads share the read-only database; a write opens the file for writing for its one transaction.
        Function<String, SqlResult> writes = sql -> {
            try (Db writer = Databases.openForWriting(database)) {
                return writer.sql(sql);
            }
        };
        try (Db db = Databases.openReadOnly(database)) {
            if (!fromStdin && Terminal.interactive()) {
                OutputFormat mode = format != null ? format : OutputFormat.TABLE;
                try (var terminal = InteractiveShell.systemTerminal()) {
                    InteractiveShell.run(terminal, writer -> new Shell(db, writes, mode, false, writer, writer), banner(database),
                            InteractiveShell.historyFile(), debug);
                }
            } else {
                PrintWriter out = Terminal.stdout();
                PrintWriter err = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err),
                        StandardCharsets.UTF_8), true);
                Shell shell = new Shell(db, writes, OutputFormat.orDefault(format), true, out, err);
                try {
                    new ShellScript(shell, "stdin").run(new BufferedReader(new InputStreamReader(
                            new FileInputStream(FileDescriptor.in), StandardCharsets.UTF_8)));
                } finally {
                    out.flush();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("closing the terminal failed: " + e.getMessage(), e);
        }
        return ExitCodes.OK;
    }

    private static String banner(Path database) {
        return "big " + Versions.buildVersion() + " shell on " + database + " (each query reads the latest commit; INSERT, UPDATE"
                + " and DELETE commit when they return). End statements with ';'. .help lists the commands; Ctrl-D leaves.";
    }
}
