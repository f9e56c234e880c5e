package dev.big.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Function;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The shell at a terminal: JLine's line editor (arrow keys, Ctrl-R search, history kept across
 * sessions in a file), a prompt, statements over several lines until {@code ;}. A failing
 * statement prints its message and the session goes on; Ctrl-C drops what is being typed; Ctrl-D,
 * {@code .quit} or {@code .exit} leave.
 */
final class InteractiveShell {

    static final String PROMPT = "big> ";
    static final String CONTINUATION_PROMPT = " ...> ";

    /** Where history is kept: {@code $BIG_HISTORY} if set (empty: nowhere), else {@code ~/.big_history}. */
    static Path historyFile() {
        String chosen = System.getenv("BIG_HISTORY");
        if (chosen != null) {
            return chosen.isEmpty() ? null : Path.of(chosen);
        }
        return Path.of(System.getProperty("user.home"), ".big_history");
    }

    /** The terminal the command runs in. */
    static Terminal systemTerminal() {
        try {
            return TerminalBuilder.builder().system(true).name("big").build();
        } catch (IOException e) {
            throw new UncheckedIOException("opening the terminal failed: " + e.getMessage(), e);
        }
    }

    /**
     * Reads and runs input from {@code terminal} until the user leaves; {@code session} makes the
     * shell that writes to the terminal it is given.
     */
    static void run(Terminal terminal, Function<PrintWriter, Shell> session, String banner,
            Path history, boolean debug) {
        PrintWriter writer = terminal.writer();
        Shell shell = session.apply(writer);
        LineReaderBuilder builder = LineReaderBuilder.builder().terminal(terminal).appName("big")
                .parser(new StatementLineParser())
                .variable(LineReader.SECONDARY_PROMPT_PATTERN, CONTINUATION_PROMPT)
                .variable(LineReader.HISTORY_FILE_SIZE, 10_000)
                // JLine waits half a second at each ')' to show its '(': a pasted statement would crawl.
                .variable(LineReader.BLINK_MATCHING_PAREN, 0)
                // '!' is SQL (!=), not a history reference.
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.INSERT_TAB, true);
        if (history != null) {
            builder.variable(LineReader.HISTORY_FILE, history);
        }
        LineReader reader = builder.build();
        writer.println(banner);
        writer.flush();
        while (true) {
            String input;
            try {
                input = reader.readLine(PROMPT);
            } catch (UserInterruptException e) {
                continue;
            } catch (EndOfFileException e) {
                break;
            }
            if (input.isBlank()) {
                continue;
            }
            try {
                if (!shell.run(input)) {
                    break;
                }
            } catch (RuntimeException e) {
                writer.println("Error: " + Failures.message(e));
                if (debug) {
                    e.printStackTrace(writer);
                }
            }
            writer.flush();
        }
        saveHistory(reader);
    }

    private static void saveHistory(LineReader reader) {
        try {
            reader.getHistory().save();
        } catch (IOException e) {
            reader.getTerminal().writer().println("big shell: saving history failed: " + e.getMessage());
        }
    }

    private InteractiveShell() {}
}
