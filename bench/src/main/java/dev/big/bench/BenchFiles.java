package dev.big.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Where benchmarks and their tests keep files: under the bench module's {@code target/}
 * directory, found from where this class was loaded ({@code target/classes},
 * {@code target/test-classes} or {@code target/benchmarks.jar}), so the place does not depend on
 * the directory the JVM was started in. Never {@code /tmp}: it may be tmpfs, where mapping and
 * syncing cost nothing and the numbers would lie. {@code -Dbig.bench.dir=...} overrides it.
 */
public final class BenchFiles {

    /** The system property that overrides the base directory. */
    public static final String DIR_PROPERTY = "big.bench.dir";

    /** The base directory for benchmark files, created if missing. */
    public static Path baseDir() {
        String override = System.getProperty(DIR_PROPERTY);
        Path base = override != null ? Path.of(override) : targetDir().resolve("bench-files");
        try {
            return Files.createDirectories(base);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the benchmark directory " + base, e);
        }
    }

    /** A new, empty directory under {@link #baseDir()} whose name starts with {@code prefix}. */
    public static Path newDir(String prefix) {
        try {
            return Files.createTempDirectory(baseDir(), prefix + "-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory under " + baseDir(), e);
        }
    }

    /** Deletes {@code dir} and everything below it; a missing directory is fine. */
    public static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }

    /** The total size of the regular files below {@code dir}, in bytes. */
    public static long sizeBytes(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            long total = 0;
            for (Path path : paths.filter(Files::isRegularFile).toList()) {
                total += Files.size(path);
            }
            return total;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot measure " + dir, e);
        }
    }

    /** The {@code target/} directory the running code was built into. */
    private static Path targetDir() {
        try {
            Path codeSource = Path.of(BenchFiles.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // target/classes, target/test-classes and target/benchmarks.jar all sit directly in target/.
            return codeSource.toAbsolutePath().getParent();
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot tell where the bench classes were loaded from; set -D"
                    + DIR_PROPERTY + "=<a directory outside /tmp>", e);
        }
    }

    private BenchFiles() {}
}
