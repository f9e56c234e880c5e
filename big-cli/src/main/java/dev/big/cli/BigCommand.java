package dev.big.cli;

import java.io.PrintWriter;
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
 * <p>Further subcommands ({@code bench}, {@code torture}) are added to the list below.
 */
@Command(name = "big",
        mixinStandardHelpOptions = true,
        versionProvider = Versions.class,
        description = "big: an embedded, bit-sliced analytical column store. Try `big demo`.",
        synopsisSubcommandLabel = "COMMAND",
        subcommands = {
            DemoCommand.class,
            CreateCommand.class,
            LoadCommand.class,
            QueryCommand.class,
            ShellCommand.class,
            GetCommand.class,
            StatsCommand.class,
            CheckCommand.class,
            MigrateCommand.class,
            ExportCommand.class,
            ImportCommand.class,
            CommandLine.HelpCommand.class,
        },
        footer = {"", "Run `big COMMAND --help` for a command's options. Documentation: docs/cli.md."})
public final class BigCommand implements Callable<Integer> {

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
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new BigCommand());
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
        PrintWriter err = cmd.getErr();
        boolean located = e instanceof CliException cli && cli.located();
        err.println(located ? Failures.message(e) : qualifiedName(cmd) + ": " + Failures.message(e));
        if (debugRequested(parseResult)) {
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
