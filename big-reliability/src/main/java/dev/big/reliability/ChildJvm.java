package dev.big.reliability;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a main class of the battery in a child JVM, on the class path this JVM runs with (the
 * test class path under Maven, the shaded jar under {@code ./big torture}), with the flags every
 * big JVM needs.
 *
 * <p>Children report to files, never to a pipe the parent reads: reading a pipe while the JDK drains
 * it at process exit can drop the last lines, which would look like lost acknowledgements.
 */
public final class ChildJvm {

    public static ProcessBuilder builder(Class<?> main, List<String> jvmOptions, String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> path = new ArrayList<>();
        for (String property : new String[] {"jdk.module.path", "java.class.path"}) {
            String value = System.getProperty(property);
            if (value != null && !value.isBlank()) {
                path.add(value);
            }
        }
        List<String> command = new ArrayList<>(List.of(java, "-Xmx512m", "-XX:+UseSerialGC",
                "--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", String.join(File.pathSeparator, path), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    public static ProcessBuilder builder(Class<?> main, String... args) {
        return builder(main, List.of(), args);
    }

    private ChildJvm() {}
}
