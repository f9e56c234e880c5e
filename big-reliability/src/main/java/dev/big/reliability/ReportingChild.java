package dev.big.reliability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM of the multi-process battery: the process, the {@link ChildLog} it reports to (read
 * as it grows) and the file its stdout and stderr go to (a stack trace, if it dies of one).
 */
final class ReportingChild {

    final String label;
    final String role;
    final Process process;
    final ChildLog.Follower log;
    private final Path out;

    private ReportingChild(String label, String role, Process process, Path logFile, Path out) {
        this.label = label;
        this.role = role;
        this.process = process;
        this.log = new ChildLog.Follower(logFile);
        this.out = out;
    }

    /** Starts {@code main} with {@code args}; its log is {@code dir/label.log}, passed as the argument {@code "LOG"}. */
    static ReportingChild start(Path dir, String label, String role, Class<?> main, List<String> args) throws IOException {
        Path logFile = dir.resolve(label + ".log");
        Path out = dir.resolve(label + ".out");
        String[] resolved = args.stream().map(a -> a.equals("LOG") ? logFile.toString() : a).toArray(String[]::new);
        // C1 only: these children are killed within seconds, and a full JIT would spend more of two
        // shared cores compiling than they spend running.
        Process process = ChildJvm.builder(main, List.of("-XX:TieredStopAtLevel=1"), resolved).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        return new ReportingChild(label, role, process, logFile, out);
    }

    boolean alive() {
        return process.isAlive();
    }

    /** SIGKILL, and waits until the process is gone; false if it did not die within 60 s. */
    boolean kill() throws InterruptedException {
        process.destroyForcibly();
        return process.waitFor(60, TimeUnit.SECONDS);
    }

    /** The last lines the child printed (a stack trace when it died of one). */
    String outputTail() {
        try {
            if (!Files.exists(out)) {
                return "(no output)";
            }
            List<String> lines = Files.readAllLines(out);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 12), lines.size()));
        } catch (IOException e) {
            return "(output unreadable: " + e.getMessage() + ")";
        }
    }

    @Override
    public String toString() {
        return label + " (" + role + ", pid " + process.pid() + ")";
    }
}
