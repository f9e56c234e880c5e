package dev.big.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.function.Consumer;
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

    /**
     * The file {@code name} under {@link #baseDir()}, built by {@code build} first if it does not
     * exist yet. {@code build} writes a file of another name that is renamed into place when it
     * is done, so a build that fails or is killed never leaves a file that looks finished, and
     * forks that start together at worst each build one of their own.
     */
    public static Path buildOnce(String name, Consumer<Path> build) {
        Path file = baseDir().resolve(name);
        if (Files.exists(file)) {
            return file;
        }
        Path building = baseDir().resolve(name + ".building-" + ProcessHandle.current().pid());
        try {
            Files.deleteIfExists(building);
            build.accept(building);
            Files.move(building, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot build " + file, e);
        } finally {
            try {
                Files.deleteIfExists(building);
            } catch (IOException ignored) {
                // A leftover partial file is harmless; it is never renamed into place.
            }
        }
        return file;
    }

    /**
     * The bench module's directory ({@code bench/}): where {@code results/} and
     * {@code baseline.json} live, found as the parent of {@code target/}.
     */
    public static Path moduleDir() {
        return targetDir().getParent();
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
