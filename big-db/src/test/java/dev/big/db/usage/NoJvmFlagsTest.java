package dev.big.db.usage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.TestDirs;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An application using big, compiled and run as its users would: once as a named module
 * ({@code requires dev.big.db}) on the module path, once on the class path, each with only the
 * flag the README lists. It writes, reads back through SQL, reopens and checks a file, so the
 * file locks (native calls), checksums and SQL all run, and the JVM must print no warning at all.
 * A library reading memory through {@code sun.misc.Unsafe} (as the hashing library did before
 * hash4j) makes JDK 25 warn on stderr, and on the module path it failed outright without
 * {@code --add-modules jdk.unsupported}.
 */
@Tag("child-jvm")
class NoJvmFlagsTest {

    private static final String MAIN = """
            package app;

            import dev.big.db.*;
            import java.nio.file.Path;
            import java.util.List;

            public class Main {
                public static void main(String[] args) {
                    Path file = Path.of(args[0]);
                    try (Db db = Db.create(file, List.of(TableDef.of("events", FieldDef.intField("value"), FieldDef.keyed("type"))))) {
                        for (int i = 0; i < 1000; i++) {
                            db.append("events", Row.of("value", i, "type", "t" + i % 3));
                        }
                    }
                    try (Db db = Db.open(file)) {
                        System.out.println(db.sql("SELECT count(*), sum(value) FROM events WHERE type = 't1'").rows());
                        System.out.println(db.check().ok());
                    }
                }
            }
            """;

    /** Big's modules and their dependencies as this test JVM sees them (no test jars). */
    private static String libraries() {
        String path = System.getProperty("jdk.module.path", "") + File.pathSeparator + System.getProperty("java.class.path", "");
        return Arrays.stream(path.split(File.pathSeparator))
                .filter(entry -> !entry.isBlank() && !entry.contains("junit") && !entry.contains("opentest4j")
                        && !entry.contains("apiguardian") && !entry.contains("test-classes") && !entry.contains("duckdb")
                        && !entry.contains("tests.jar"))
                .distinct()
                .collect(Collectors.joining(File.pathSeparator));
    }

    @Test
    void aModularApplicationNeedsOnlyNativeAccessForThePager() throws Exception {
        Path dir = TestDirs.newDir("no-jvm-flags-modular");
        Path sources = Files.createDirectories(dir.resolve("src/app"));
        Files.writeString(sources.resolve("Main.java"), MAIN);
        Files.writeString(dir.resolve("src/module-info.java"), "module app { requires dev.big.db; }\n");
        Path classes = dir.resolve("classes");
        compile(List.of("--module-path", libraries(), "-d", classes.toString(),
                dir.resolve("src/module-info.java").toString(), sources.resolve("Main.java").toString()));
        assertRunsQuietly(dir, List.of("--enable-native-access=dev.big.pager",
                "--module-path", libraries() + File.pathSeparator + classes, "-m", "app/app.Main"));
    }

    @Test
    void aClassPathApplicationNeedsOnlyNativeAccess() throws Exception {
        Path dir = TestDirs.newDir("no-jvm-flags-classpath");
        Path sources = Files.createDirectories(dir.resolve("src/app"));
        Files.writeString(sources.resolve("Main.java"), MAIN);
        Path classes = dir.resolve("classes");
        compile(List.of("-cp", libraries(), "-d", classes.toString(), sources.resolve("Main.java").toString()));
        assertRunsQuietly(dir, List.of("--enable-native-access=ALL-UNNAMED",
                "-cp", libraries() + File.pathSeparator + classes, "app.Main"));
    }

    /** Runs the javac beside this JVM's java (the test module cannot read java.compiler). */
    private static void compile(List<String> arguments) throws IOException, InterruptedException {
        Path java = Path.of(ProcessHandle.current().info().command().orElseThrow());
        List<String> command = new ArrayList<>();
        command.add(java.resolveSibling("javac").toString());
        command.addAll(arguments);
        Process javac = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(javac.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(javac.waitFor(120, TimeUnit.SECONDS), "javac finished");
        assertEquals(0, javac.exitValue(), "javac " + String.join(" ", arguments) + "\n" + output);
    }

    private static void assertRunsQuietly(Path dir, List<String> javaArguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(javaArguments);
        command.add(dir.resolve("events.big").toString());
        Process process = new ProcessBuilder(command).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile()).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the application finished");
        String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
        String err = Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), "exit status; stderr: " + err);
        assertEquals("", err, "the JVM printed nothing on stderr");
        // Records 1, 4, ..., 997 have type t1: 333 of them, summing to 333 * (1 + 997) / 2.
        assertEquals("[[333, 166167]]\ntrue\n", out);
    }
}
