package dev.big.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The big command on a real pseudo-terminal, driven like a person at a keyboard: util-linux
 * {@code script} gives the command a pty of 80 by 24 cells; the test types keys into it and waits
 * for what the screen shows, as {@code expect} does. Keys are typed only after the prompt they
 * answer has appeared, so they reach the line editor in raw mode, never the pty's line discipline.
 */
final class PtySession implements AutoCloseable {

    /** Up arrow, as a terminal sends it once JLine has switched it to application-keypad mode. */
    static final String UP = "\033OA";
    static final String ENTER = "\r";

    private static final long TIMEOUT_MILLIS = 60_000;

    private final Process process;
    private final OutputStream keys;
    private final StringBuilder screen = new StringBuilder();
    private final Thread reader;
    /** Where in the plain text of {@link #screen} the next {@link #expect} starts looking. */
    private int seen;

    private PtySession(Process process) {
        this.process = process;
        this.keys = process.getOutputStream();
        InputStream output = process.getInputStream();
        this.reader = Thread.ofPlatform().daemon().start(() -> {
            byte[] buffer = new byte[4096];
            try {
                int n;
                while ((n = output.read(buffer)) > 0) {
                    synchronized (screen) {
                        screen.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                        screen.notifyAll();
                    }
                }
            } catch (IOException e) {
                // The process ended.
            }
        });
    }

    /** {@code big ARGS} in {@code dir} on a pty, with {@code env} added to its environment. */
    static PtySession start(Path dir, Map<String, String> env, String... args) {
        if (!Files.isExecutable(Path.of("/usr/bin/script"))) {
            throw new AssertionError("this test needs util-linux's script (/usr/bin/script) to run a command on a pty");
        }
        String command = "stty cols 80 rows 24; exec " + Cli.command(args).stream().map(PtySession::shellQuoted)
                .collect(Collectors.joining(" "));
        try {
            ProcessBuilder builder = new ProcessBuilder(List.of("/usr/bin/script", "-qefc", command, "/dev/null"))
                    .directory(dir.toFile()).redirectErrorStream(true);
            builder.environment().putAll(env);
            builder.environment().put("TERM", "xterm");
            return new PtySession(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String shellQuoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** Types {@code text} as keys. */
    PtySession type(String text) {
        try {
            keys.write(text.getBytes(StandardCharsets.UTF_8));
            keys.flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Waits until the screen, past what earlier calls matched and with terminal control sequences
     * removed, shows {@code text}; returns what it showed up to and including it.
     */
    String expect(String text) {
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        synchronized (screen) {
            while (true) {
                String shown = plain(screen.toString());
                int at = shown.indexOf(text, seen);
                if (at >= 0) {
                    String part = shown.substring(seen, at + text.length());
                    seen = at + text.length();
                    return part;
                }
                long left = deadline - System.currentTimeMillis();
                if (left <= 0 || (!process.isAlive() && !reader.isAlive())) {
                    throw new AssertionError("the screen did not show " + quoted(text) + "; it showed:\n" + plain(screen.toString()));
                }
                try {
                    screen.wait(Math.min(left, 200));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError(e);
                }
            }
        }
    }

    /** {@code raw} without escape sequences, carriage returns, backspaces and bells. */
    static String plain(String raw) {
        return raw.replaceAll("\u001B\\[[0-9;?]*[ -/]*[@-~]", "").replaceAll("\u001B[=>]", "").replaceAll("\u001B[()][0-9A-B]", "")
                .replaceAll("[\r\u0007\b]", "");
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\033", "\\e").replace("\r", "\\r").replace("\n", "\\n") + "\"";
    }

    /** Waits for the command to end and returns its exit code. */
    int exitCode() {
        try {
            if (!process.waitFor(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
                throw new AssertionError("the command did not end; the screen showed:\n" + plain(screen.toString()));
            }
            reader.join(TIMEOUT_MILLIS);
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
