package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.TableDef;
import dev.big.db.sql.SqlEngine;
import dev.big.db.sql.SqlResult;
import java.util.function.Function;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * One shell session on a database: runs SQL statements and the shell's own dot commands, and keeps
 * the output mode and the timer from one to the next. The session is one JVM, so statements after
 * the first run warm (issue 19 measured a group-by at 1.44 s as a cold {@code big query}, 38 ms warm).
 *
 * <p>Results and the answers of {@code .tables}, {@code .schema}, {@code .help} and of
 * {@code .mode} or {@code .timer} alone go to {@code out}; the line after each result (its row
 * count, and the time with {@code .timer on}) goes to {@code status}. Setting a mode or the timer
 * prints nothing, so a script's output is its results alone. On a terminal both are the terminal;
 * {@code big query DB -} keeps stdout for results and sends the row counts to stderr.
 */
final class Shell {

    static final String HELP = """
            Statements end with ';' and may span lines. Commands:
              .tables                          the tables
              .schema [TABLE]                  the tables' fields, as a schema file (see big create)
              .mode [table|csv|json|markdown]  how results print (alone: the mode now)
              .timer [on|off]                  the time each statement took, after its row count
              .help                            this text
              .quit  .exit                     leave (so does Ctrl-D)""";

    private final Db db;
    /** Runs an INSERT, UPDATE or DELETE durably (the session's own database is read-only). */
    private final Function<String, SqlResult> writes;
    private final PrintWriter out;
    private final PrintWriter status;
    private OutputFormat mode;
    private boolean timer;

    Shell(Db db, OutputFormat mode, boolean timer, PrintWriter out, PrintWriter status) {
        this(db, db::sql, mode, timer, out, status);
    }

    /** A shell whose writes go to {@code writes} (each one transaction, durable when it returns). */
    Shell(Db db, Function<String, SqlResult> writes, OutputFormat mode, boolean timer, PrintWriter out, PrintWriter status) {
        this.db = db;
        this.writes = writes;
        this.mode = mode;
        this.timer = timer;
        this.out = out;
        this.status = status;
    }

    /**
     * Runs what was entered at the prompt: a dot command, or statements each ended by {@code ;}
     * (the last may go without). Returns false if it asks to leave.
     */
    boolean run(String input) {
        if (isCommand(input)) {
            return command(input.strip());
        }
        SqlScript.Split split = SqlScript.split(input);
        for (SqlScript.Statement statement : split.statements()) {
            statement(statement.sql());
        }
        if (split.awaitsMore()) {
            statement(split.rest().strip());
        }
        return true;
    }

    /** Whether {@code input} is a dot command: a line whose first character (after blanks) is a dot. */
    static boolean isCommand(String input) {
        return input.strip().startsWith(".");
    }

    /** Runs one statement and prints its result, then its row count. */
    void statement(String sql) {
        long start = System.nanoTime();
        long rows;
        if (SqlEngine.isWrite(sql)) {
            SqlResult result = writes.apply(sql);
            ResultPrinter.print(result, mode, out);
            rows = result.rows().size();
        } else {
            rows = ResultPrinter.print(db.query(sql), mode, out);
        }
        long nanos = System.nanoTime() - start;
        status.println(ResultPrinter.rowCount(rows, timer ? nanos : -1));
        status.flush();
    }

    /** Runs one dot command; returns false for {@code .quit} and {@code .exit}. */
    boolean command(String line) {
        String[] words = line.split("\\s+");
        String name = words[0].toLowerCase(Locale.ROOT);
        String argument = words.length > 1 ? words[1] : null;
        if (words.length > 2 || (argument != null && List.of(".tables", ".help", ".quit", ".exit").contains(name))) {
            throw usage(name + " takes " + (name.equals(".schema") || name.equals(".mode") || name.equals(".timer")
                    ? "one argument at most" : "no argument") + ", got: " + line);
        }
        switch (name) {
            case ".quit", ".exit" -> {
                return false;
            }
            case ".help" -> out.println(HELP);
            case ".tables" -> {
                List<TableDef> tables = db.schema();
                out.println(tables.isEmpty() ? "(no tables)" : String.join("\n", tables.stream().map(TableDef::name).toList()));
            }
            case ".schema" -> out.print(SchemaFile.text(argument == null ? db.schema() : List.of(table(argument))));
            case ".mode" -> {
                if (argument != null) {
                    mode = mode(argument);
                } else {
                    out.println("mode " + mode.name().toLowerCase(Locale.ROOT));
                }
            }
            case ".timer" -> {
                if (argument != null) {
                    timer = switch (argument.toLowerCase(Locale.ROOT)) {
                        case "on" -> true;
                        case "off" -> false;
                        default -> throw usage(".timer takes on or off, not " + argument);
                    };
                } else {
                    out.println("timer " + (timer ? "on" : "off"));
                }
            }
            default -> throw usage("unknown command " + words[0] + "; .help lists the commands");
        }
        out.flush();
        return true;
    }

    private TableDef table(String name) {
        return db.schema().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow(() ->
                new CliException(ExitCodes.DATA_ERROR, "no table '" + name + "' (tables: "
                        + String.join(", ", db.schema().stream().map(TableDef::name).toList()) + ")"));
    }

    private static OutputFormat mode(String name) {
        for (OutputFormat format : OutputFormat.values()) {
            if (format.name().equalsIgnoreCase(name)) {
                return format;
            }
        }
        throw usage(".mode takes table, csv, json or markdown, not " + name);
    }

    private static CliException usage(String message) {
        return new CliException(ExitCodes.USAGE, message);
    }
}
