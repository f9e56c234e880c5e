package dev.big.reliability;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs many {@code big} commands in one child JVM, in order, in-process there
 * ({@link CliBatchChild}), and returns each one's exit code, standard output and standard error.
 * A child JVM per command would cost half a second each; one child for hundreds of commands also
 * shows the command stays healthy after every bad input it was given.
 */
final class CliBatch {

    /** What one command did; exit code {@link #TIMED_OUT} if it had not returned within the timeout. */
    record Result(List<String> args, int exitCode, String stdout, String stderr, long millis) {
        @Override
        public String toString() {
            return "big " + abbreviate(String.join(" ", args)) + " -> exit " + exitCode + " in " + millis + " ms\n--- stdout\n"
                    + abbreviate(stdout) + "--- stderr\n" + abbreviate(stderr);
        }
    }

    static final int TIMED_OUT = -1;
    /** The command threw past picocli (an Error, say): the child's description is in stderr. */
    static final int ESCAPED = -2;

    static List<Result> run(Path dir, List<List<String>> commands, long timeoutMillisPerCommand) throws IOException,
            InterruptedException {
        Path commandsFile = Files.createTempFile(dir, "commands-", ".bin");
        Path resultsFile = Files.createTempFile(dir, "results-", ".bin");
        Path stdout = Files.createTempFile(dir, "stdout-", ".txt");
        Path stderr = Files.createTempFile(dir, "stderr-", ".txt");
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(commandsFile)))) {
            out.writeInt(commands.size());
            for (List<String> command : commands) {
                out.writeInt(command.size());
                for (String arg : command) {
                    writeBytes(out, arg.getBytes(StandardCharsets.UTF_8));
                }
            }
        }
        Process child = ChildJvm.builder(CliBatchChild.class, List.of("-Xmx1g", "-XX:TieredStopAtLevel=1"),
                        commandsFile.toString(), resultsFile.toString(), stdout.toString(), Long.toString(timeoutMillisPerCommand))
                .directory(dir.toFile()).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        long budget = 60_000 + commands.size() * (timeoutMillisPerCommand + 1_000);
        if (!child.waitFor(budget, TimeUnit.MILLISECONDS)) {
            child.destroyForcibly();
            child.waitFor();
        }
        List<Result> results = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(resultsFile)))) {
            for (List<String> command : commands) {
                int exit = in.readInt();
                String out = new String(readBytes(in), StandardCharsets.UTF_8);
                String err = new String(readBytes(in), StandardCharsets.UTF_8);
                long millis = in.readLong();
                results.add(new Result(command, exit, out, err, millis));
            }
        } catch (EOFException e) {
            // The child died or was stopped: the commands it did not finish have no result.
        }
        if (results.size() < commands.size()) {
            throw new IllegalStateException("the CLI child finished " + results.size() + " of " + commands.size()
                    + " commands (exit " + (child.isAlive() ? "none" : child.exitValue()) + "): " + Files.readString(stderr));
        }
        for (Path file : List.of(commandsFile, resultsFile, stdout, stderr)) {
            Files.deleteIfExists(file);
        }
        return results;
    }

    static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    static byte[] readBytes(DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return bytes;
    }

    static String abbreviate(String text) {
        return text.length() <= 2_000 ? text : text.substring(0, 1_000) + "\n[... " + (text.length() - 2_000)
                + " characters ...]\n" + text.substring(text.length() - 1_000);
    }

    private CliBatch() {}
}
