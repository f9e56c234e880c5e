package dev.big.cli;

import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * {@code big}: the command line. Each subcommand is a class of its own; this one wires them
 * together and owns the conventions they share: {@code --help} and {@code --version}
 * everywhere, usage errors as exit code 64 with a one-line hint, every other failure as one line
 * and a sysexits-style code (see {@link ExitCodes}), stack traces only with {@code --debug}.
 *
 * <p>The subcommands are registered in code ({@link #SUBCOMMANDS}), not in the annotation, so that a
 * command that names its subcommand first ({@code big query FILE "SQL"}, {@code big get FILE TABLE
 * ID}) builds picocli's model of that one command only: picocli's classes are too old a class-file
 * version for the JVM's start-up cache, so building a command's model by reflection runs in the
 * interpreter, and the eleven others cost a short command about 20 ms of its 200
 * (bench/results/cli-start). Everything else ({@code big}, {@code --help}, {@code --version}, an
 * option before the command, {@code help}, an unknown command, whose suggestions need every name)
 * builds the whole model. Further subcommands ({@code bench}, {@code torture}) are added to that
 * list and to {@link #newSubcommand}.
 *
 * <p>The plainest {@code query DB SQL} and {@code get DB TABLE ID}, with no option, need no picocli
 * at all: {@link #plainCommand} fills the command's fields as picocli would and runs it, and picocli's
 * classes are never loaded (about 80 ms of a 200 ms command on a busy machine, bench/results/cli-start).
 */
@Command(name = "big",
        mixinStandardHelpOptions = true,
        versionProvider = Versions.class,
        description = "big: an embedded, bit-sliced analytical column store. Try `big demo`.",
        synopsisSubcommandLabel = "COMMAND",
        footer = {"", "Run `big COMMAND --help` for a command's options. Documentation: docs/cli.md."})
public final class BigCommand implements Callable<Integer> {

    /** The subcommands' names, in the order {@code big --help} lists them; each is its class's {@code @Command} name. */
    static final List<String> SUBCOMMANDS = List.of("demo", "create", "load", "query", "shell", "get", "stats",
            "check", "migrate", "export", "import", "help");

    /** A new instance of the subcommand called {@code name}, one of {@link #SUBCOMMANDS}. */
    static Object newSubcommand(String name) {
        // A switch, not a map of constructor references: no lambda to spin up at start.
        return switch (name) {
            case "demo" -> new DemoCommand();
            case "create" -> new CreateCommand();
            case "load" -> new LoadCommand();
            case "query" -> new QueryCommand();
            case "shell" -> new ShellCommand();
            case "get" -> new GetCommand();
            case "stats" -> new StatsCommand();
            case "check" -> new CheckCommand();
            case "migrate" -> new MigrateCommand();
            case "export" -> new ExportCommand();
            case "import" -> new ImportCommand();
            case "help" -> new CommandLine.HelpCommand();
            default -> throw new IllegalArgumentException("no subcommand " + name);
        };
    }

    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "On an error, print the stack trace as well as the message.")
    boolean debug;

    @Spec
    CommandSpec spec;

    /** {@code big} alone: the usage, on stderr, as a usage error. */
    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.USAGE;
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    public static int execute(String... args) {
        Callable<Integer> plain = plainCommand(args);
        return plain != null ? runPlain(plain, args[0]) : commandLine(args).execute(args);
    }

    /**
     * The two commands scripts run most, in their plainest form, ready to run without picocli:
     * {@code query DB SQL} and {@code get DB TABLE ID}, nothing else on the line; else null, and picocli
     * parses the arguments. picocli's classes are the largest part of such a command's start (its Java 5
     * class files stay out of the start-up cache: loaded, verified and interpreted at every run), and in
     * this form there is nothing to parse: each argument is a positional parameter, converted as picocli
     * converts it ({@link Path#of}, the string, a decimal long). Anything picocli could read otherwise
     * goes to picocli: an argument that starts with {@code -} (an option, {@code --}, stdin) or {@code @}
     * (an argument file), an empty one, an ID that is not plain decimal digits, another count of
     * arguments, and any {@code picocli.*} system property (tracing, quote trimming).
     */
    static Callable<Integer> plainCommand(String... args) {
        if (args.length < 3 || args.length > 4 || !plainArguments(args)) {
            return null;
        }
        if (args.length == 3 && args[0].equals("query")) {
            QueryCommand query = new QueryCommand();
            query.database = Path.of(args[1]);
            query.sql = args[2];
            return query;
        }
        if (args.length == 4 && args[0].equals("get") && decimalDigits(args[3])) {
            GetCommand get = new GetCommand();
            get.database = Path.of(args[1]);
            get.table = args[2];
            get.id = Long.parseLong(args[3]);
            return get;
        }
        return null;
    }

    private static boolean plainArguments(String[] args) {
        for (String arg : args) {
            if (arg.isEmpty() || arg.charAt(0) == '-' || arg.charAt(0) == '@') {
                return false;
            }
        }
        for (String property : System.getProperties().stringPropertyNames()) {
            if (property.startsWith("picocli.") || property.equals("sun.stderr.encoding")) {
                return false;
            }
        }
        return true;
    }

    /** 1 to 18 decimal digits: a long for picocli's converter and for Long.parseLong alike. */
    private static boolean decimalDigits(String text) {
        if (text.length() > 18) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * A plain command run as picocli runs it: its exit code, or its failure reported as {@link #onFailure}
     * reports it (no --debug on a plain command line), on a writer like picocli's own stderr writer (the
     * default charset, flushed at each line). An {@link Error} goes on up, as it does through picocli.
     */
    private static int runPlain(Callable<Integer> command, String name) {
        try {
            return command.call();
        } catch (Exception e) {
            PrintWriter err = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.err, Charset.defaultCharset())), true);
            return report(e, err, "big " + name, false);
        }
    }

    /** The command line with every subcommand: what {@code big --help} lists, suggestions draw on, {@code help} documents. */
    static CommandLine commandLine() {
        return commandLine(SUBCOMMANDS);
    }

    /**
     * The command line that {@code args} need: only the subcommand they start with, when they start with
     * one (other than {@code help}, which documents any of them); else every subcommand. A subcommand's
     * model is the same either way, so its options, usage, errors and exit codes are too.
     */
    static CommandLine commandLine(String... args) {
        return commandLine(args.length > 0 && !args[0].equals("help") && SUBCOMMANDS.contains(args[0])
                ? List.of(args[0]) : SUBCOMMANDS);
    }

    private static CommandLine commandLine(List<String> subcommands) {
        CommandLine cli = new CommandLine(new BigCommand());
        for (String name : subcommands) {
            cli.addSubcommand(name, newSubcommand(name));
        }
        cli.setExecutionExceptionHandler(BigCommand::onFailure);
        cli.setParameterExceptionHandler(BigCommand::onUsageError);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        documentExitCodes(cli);
        return cli;
    }

    private static void documentExitCodes(CommandLine cli) {
        cli.getCommandSpec().usageMessage().exitCodeListHeading("%nExit codes:%n").exitCodeList(ExitCodes.helpList());
        cli.getSubcommands().values().forEach(BigCommand::documentExitCodes);
    }

    /** A bad option or argument: say what, and where to read more, without the whole usage. */
    private static int onUsageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println(cmd.getCommandName().equals("big") ? "big: " + e.getMessage()
                : "big " + cmd.getCommandName() + ": " + e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try `" + qualifiedName(cmd) + " --help` for more.");
        if (debugRequested(e.getCommandLine().getParseResult())) {
            e.printStackTrace(err);
        }
        return ExitCodes.USAGE;
    }

    private static int onFailure(Exception e, CommandLine cmd, ParseResult parseResult) {
        return report(e, cmd.getErr(), qualifiedName(cmd), debugRequested(parseResult));
    }

    /** A failure of {@code command} ("big query"): one line, the stack trace if asked for; its exit code. */
    private static int report(Exception e, PrintWriter err, String command, boolean debug) {
        boolean located = e instanceof CliException cli && cli.located();
        err.println(located ? Failures.message(e) : command + ": " + Failures.message(e));
        if (debug) {
            e.printStackTrace(err);
        }
        err.flush();
        return Failures.exitCode(e);
    }

    private static String qualifiedName(CommandLine cmd) {
        return cmd.getParent() == null ? cmd.getCommandName() : "big " + cmd.getCommandName();
    }

    /** Whether --debug was given, to the top command or to the subcommand. */
    static boolean debugRequested(ParseResult result) {
        for (ParseResult r = result; r != null; r = r.subcommand()) {
            if (r.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }
}
