package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * A command that names its subcommand first builds picocli's model of that one only
 * ({@link BigCommand#commandLine(String...)}); everything else builds them all. Both must behave the
 * same: the same usage, the same errors, the same exit codes.
 */
class BigCommandModelTest {

    /** What one in-process run printed and returned. */
    private record Outcome(int exit, String out, String err) {}

    private static Outcome run(CommandLine cli, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Outcome(exit, out.toString(), err.toString());
    }

    /**
     * {@code args} on the model they pick and on the whole model: the same outcome, but for the frames
     * of a stack trace ({@code --debug}), whose callers' line numbers differ.
     */
    private static Outcome sameBothWays(String... args) {
        Outcome picked = run(BigCommand.commandLine(args), args);
        Outcome full = run(BigCommand.commandLine(), args);
        assertEquals(withoutFrames(full), withoutFrames(picked), String.join(" ", args));
        return picked;
    }

    private static Outcome withoutFrames(Outcome outcome) {
        return new Outcome(outcome.exit(), outcome.out(), outcome.err().replaceAll("(?m)^\\s+(at |\\.\\.\\. ).*\\R", ""));
    }

    @Test
    void everyNameIsItsCommandsName() {
        for (String name : BigCommand.SUBCOMMANDS) {
            assertEquals(name, BigCommand.newSubcommand(name).getClass().getAnnotation(Command.class).name());
        }
        assertEquals(BigCommand.SUBCOMMANDS, List.copyOf(BigCommand.commandLine().getSubcommands().keySet()));
    }

    @Test
    void aCommandNamedFirstIsTheOnlyOneBuilt() {
        assertEquals(List.of("query"), List.copyOf(BigCommand.commandLine("query", "a.big", "SELECT 1").getSubcommands().keySet()));
        assertEquals(List.of("get"), List.copyOf(BigCommand.commandLine("get", "a.big", "t", "1").getSubcommands().keySet()));
        for (String[] args : List.of(new String[0], new String[] {"--help"}, new String[] {"--version"},
                new String[] {"--debug", "query", "a.big"}, new String[] {"help", "query"}, new String[] {"qurey"},
                new String[] {"QUERY"})) {
            assertEquals(BigCommand.SUBCOMMANDS, List.copyOf(BigCommand.commandLine(args).getSubcommands().keySet()),
                    String.join(" ", args));
        }
    }

    @Test
    void everyCommandsHelpIsTheSame() {
        for (String name : BigCommand.SUBCOMMANDS) {
            Outcome help = sameBothWays(name, "--help");
            assertEquals(0, help.exit(), name);
            if (!name.equals("help")) {
                assertTrue(help.out().contains("Usage: big " + name + " "), help.out());
                assertTrue(help.out().contains("Exit codes:"), help.out());
            }
        }
    }

    @Test
    void usageErrorsAreTheSame() {
        Outcome missing = sameBothWays("query");
        assertEquals(ExitCodes.USAGE, missing.exit());
        assertTrue(missing.err().startsWith("big query: Missing required parameter"), missing.err());
        assertTrue(missing.err().contains("Try `big query --help` for more."), missing.err());

        Outcome unknownOption = sameBothWays("query", "--nope", "a.big", "SELECT 1");
        assertEquals(ExitCodes.USAGE, unknownOption.exit());
        assertTrue(unknownOption.err().startsWith("big query: Unknown option: '--nope'"), unknownOption.err());

        Outcome badId = sameBothWays("get", "a.big", "t", "x");
        assertEquals(ExitCodes.USAGE, badId.exit());
        assertTrue(badId.err().startsWith("big get: Invalid value for positional parameter at index 2 (ID): 'x'"), badId.err());

        // --debug is the top command's, inherited: after the command name it is still known, and prints the trace.
        Outcome debug = sameBothWays("get", "--debug", "a.big", "t", "x");
        assertEquals(ExitCodes.USAGE, debug.exit());
        assertTrue(debug.err().contains("picocli.CommandLine$ParameterException: Invalid value"), debug.err());
        assertTrue(debug.err().contains("\tat "), debug.err());

        Outcome format = sameBothWays("query", "--format", "nope", "a.big", "SELECT 1");
        assertEquals(ExitCodes.USAGE, format.exit());
    }

    @Test
    void failuresAreTheSame() {
        Outcome noFile = sameBothWays("get", "target/no-such-dir/none.big", "t", "1");
        assertTrue(noFile.err().startsWith("big get: "), noFile.err());
        assertTrue(noFile.exit() != 0);
    }

    @Test
    void anUnknownCommandIsStillSuggestedOne() {
        Outcome typo = sameBothWays("qurey", "a.big");
        assertEquals(ExitCodes.USAGE, typo.exit());
        assertTrue(typo.err().contains("Did you mean: big query"), typo.err());
    }

    @Test
    void theTopCommandsHelpListsEveryCommand() {
        Outcome help = run(BigCommand.commandLine("--help"), "--help");
        for (String name : BigCommand.SUBCOMMANDS) {
            assertTrue(help.out().contains("\n  " + name + " "), name + " in\n" + help.out());
        }
        Outcome helpQuery = run(BigCommand.commandLine("help", "query"), "help", "query");
        assertEquals(run(BigCommand.commandLine("query", "--help"), "query", "--help").out(), helpQuery.out());
    }
}
