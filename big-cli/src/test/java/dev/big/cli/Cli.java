package dev.big.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the big command as a user would: a child JVM per command, the shaded jar that the
 * launcher runs, stdout and stderr captured separately, the exit code as the process returns it.
 * Test files live under target/, never /tmp.
 */
final class Cli {

    /** The jar `mvn package` built (failsafe runs after package and passes its path). */
    static final Path JAR = Path.of(System.getProperty("big.cli.jar", "target/big-cli.jar")).toAbsolutePath();
    /** The repository root, where the ./big launcher is. */
    static final Path REPO = Path.of(System.getProperty("big.repo", "..")).toAbsolutePath().normalize();
    /** The JVM running the tests: a JDK 25 (Maven's toolchain picked it). */
    static final String JAVA = ProcessHandle.current().info().command().orElseThrow();
    /**
     * The launcher's flags, plus C1 only: the tests' commands are short, and at most a few thousand
     * rows, so the optimizing compiler would only cost CPU the parallel test classes share.
     */
    static final List<String> JVM_FLAGS = List.of("--enable-native-access=ALL-UNNAMED",
            "-XX:TieredStopAtLevel=1");

    /** What a command did. */
    record Run(int exitCode, String stdout, String stderr) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }

    /** A fresh directory for one test's files. */
    static Path newDir(String name) {
        try {
            Path base = Path.of("target", "it-files").toAbsolutePath();
            Files.createDirectories(base);
            return Files.createTempDirectory(base, name + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code big ARGS} in {@code dir}, with no input. */
    static Run big(Path dir, String... args) {
        return run(dir, command(args), Map.of(), null);
    }

    /** {@code big ARGS} in {@code dir}, with {@code stdin} as its standard input. */
    static Run bigWithInput(Path dir, String stdin, String... args) {
        return run(dir, command(args), Map.of(), stdin);
    }

    static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(JAVA));
        command.addAll(JVM_FLAGS);
        command.addAll(List.of("-jar", JAR.toString()));
        command.addAll(List.of(args));
        return command;
    }

    /** The child process, for tests that keep one running (to hold a lock). */
    static Process start(Path dir, List<String> command) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
            builder.redirectOutput(dir.resolve("held.out").toFile()).redirectError(dir.resolve("held.err").toFile());
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Run run(Path dir, List<String> command, Map<String, String> env, String stdin) {
        try {
            Path out = Files.createTempFile(dir, "stdout-", ".txt");
            Path err = Files.createTempFile(dir, "stderr-", ".txt");
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().putAll(env);
            if (stdin == null) {
                builder.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
            }
            Process process = builder.start();
            if (stdin != null) {
                try (var in = process.getOutputStream()) {
                    in.write(stdin.getBytes(StandardCharsets.UTF_8));
                }
            }
            if (!process.waitFor(180, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("timed out: " + command);
            }
            Run run = new Run(process.exitValue(), Files.readString(out), Files.readString(err));
            Files.delete(out);
            Files.delete(err);
            return run;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** {@code rows} rows of {@link #SCHEMA}'s table as CSV, with a header, every value a function of the row number. */
    static Path writeRows(Path file, int rows) {
        StringBuilder csv = new StringBuilder("value,type,verified,received_at,size,tags\n");
        for (int i = 0; i < rows; i++) {
            csv.append(i * 37 % 1_048_576).append(",t").append(i % 7).append(',').append(i % 3 == 0).append(',')
                    .append(1_700_000_000_000L + i).append(',').append(i).append(",tag").append(i % 5).append('\n');
        }
        return write(file, csv.toString());
    }

    static Path write(Path file, String text) {
        try {
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where {@code tool} is on this process's PATH (tests that run a command with a PATH of their own link the tools it needs). */
    static Path which(String tool) {
        for (String dir : System.getenv("PATH").split(":")) {
            Path candidate = Path.of(dir, tool);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new AssertionError(tool + " is not on the PATH");
    }

    /** The schema of the example, plus size: the standard event schema. */
    static final String SCHEMA = """
            {"tables": [{"name": "events", "fields": [
              {"name": "value", "type": "int", "min": 0, "max": 1048575},
              {"name": "type", "type": "keyed"},
              {"name": "verified", "type": "bool"},
              {"name": "received_at", "type": "timestamp"},
              {"name": "size", "type": "int"},
              {"name": "tags", "type": "set"}]}]}
            """;

    private Cli() {}
}
