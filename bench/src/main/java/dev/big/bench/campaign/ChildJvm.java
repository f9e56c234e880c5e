package dev.big.bench.campaign;

import dev.big.bench.BenchFiles;
import dev.big.bench.JvmFlags;
import dev.big.bench.db.StandardTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a phase in a JVM of its own: the same {@code java} and class path as the campaign, the
 * flags every big JVM needs, a heap large enough for the in-memory peers at 10,000,000 records,
 * and its output in a log file. A phase that fails fails the campaign, with the end of its log.
 */
final class ChildJvm {

    private static final String HEAP = "-Xmx6g";
    private static final long TIMEOUT_MINUTES = 40;

    private final Path logDir;

    ChildJvm(Path logDir) {
        this.logDir = logDir;
    }

    /** Runs {@code main} with {@code args}; {@code jvmArgs} go before the class (JFR, for one). */
    void run(String label, Class<?> main, List<String> args, List<String> jvmArgs) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add(JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS);
        command.add(JvmFlags.ENABLE_NATIVE_ACCESS);
        command.add(HEAP);
        // Lucene decodes postings with the incubating Vector API when it may, and warns that it is slower without.
        command.add("--add-modules");
        command.add("jdk.incubator.vector");
        String benchDir = System.getProperty(BenchFiles.DIR_PROPERTY);
        if (benchDir != null) {
            command.add("-D" + BenchFiles.DIR_PROPERTY + "=" + benchDir);
        }
        String orderIndex = System.getProperty(StandardTable.ORDER_INDEX_PROPERTY);
        if (orderIndex != null) {
            command.add("-D" + StandardTable.ORDER_INDEX_PROPERTY + "=" + orderIndex);
        }
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classPath());
        command.add(main.getName());
        command.addAll(args);
        Path log = logDir.resolve(label.replaceAll("[^A-Za-z0-9_.-]", "_") + ".log");
        try {
            Files.createDirectories(logDir);
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new CampaignException(label + " ran longer than " + TIMEOUT_MINUTES + " minutes and was stopped; its log: " + log);
            }
            if (process.exitValue() != 0) {
                throw new CampaignException(label + " failed (exit " + process.exitValue() + "); the end of " + log + ":\n"
                        + tail(log, 40));
            }
        } catch (IOException e) {
            throw new CampaignException("cannot run " + label + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CampaignException(label + " was interrupted", e);
        }
    }

    /**
     * This JVM's class path, with its module path before it: under the tests bench and the layers
     * are on the module path, and a phase runs them from the class path (as the benchmarks jar does).
     */
    private static String classPath() {
        List<String> path = new ArrayList<>();
        for (String property : new String[] {"jdk.module.path", "java.class.path"}) {
            String value = System.getProperty(property);
            if (value != null && !value.isBlank()) {
                path.add(value);
            }
        }
        return String.join(java.io.File.pathSeparator, path);
    }

    private static String tail(Path log, int lines) throws IOException {
        List<String> all = Files.readAllLines(log);
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }
}
