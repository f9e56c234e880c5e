package dev.big.testing;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a main class of the test class path in a child JVM, as a second process would run it,
 * with the flags every big JVM needs. The caller chooses where its output goes.
 */
public final class ChildJvm {

    /** A builder for {@code main args} in a JVM limited to {@code heapMegabytes} of heap. */
    public static ProcessBuilder builder(int heapMegabytes, Class<?> main, String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> path = new ArrayList<>();
        for (String property : new String[] {"jdk.module.path", "java.class.path"}) {
            String value = System.getProperty(property);
            if (value != null && !value.isBlank()) {
                path.add(value);
            }
        }
        List<String> command = new ArrayList<>(List.of(java, "-Xmx" + heapMegabytes + "m",
                "--enable-native-access=ALL-UNNAMED",
                "-cp", String.join(File.pathSeparator, path), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    private ChildJvm() {}
}
