package dev.big.engine;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Starts a main class of the test classpath in a child JVM, as a second process would run it. */
public final class ChildJvm {

    public static Process start(Class<?> main, String... args) throws IOException {
        return builder(main, args).start();
    }

    /** The process builder for {@link #start}, for callers that redirect output. */
    public static ProcessBuilder builder(Class<?> main, String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> path = new ArrayList<>();
        for (String property : new String[] {"jdk.module.path", "java.class.path"}) {
            String value = System.getProperty(property);
            if (value != null && !value.isBlank()) {
                path.add(value);
            }
        }
        List<String> command = new ArrayList<>(List.of(java, "-Xmx256m",
                "--sun-misc-unsafe-memory-access=allow", "-cp", String.join(File.pathSeparator, path),
                main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
    }

    private ChildJvm() {}
}
