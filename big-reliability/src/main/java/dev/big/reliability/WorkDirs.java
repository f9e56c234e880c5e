package dev.big.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Where the battery keeps its files: under {@code target/} of the working directory (or
 * {@code -Dbig.reliability.dir}), never {@code /tmp}, which may be tmpfs where fsync costs nothing
 * and a power cut loses everything anyway.
 */
public final class WorkDirs {

    public static Path base() {
        return Path.of(System.getProperty("big.reliability.dir", "target/reliability")).toAbsolutePath();
    }

    /** A fresh directory for one run of one battery. */
    public static Path newDir(String name) {
        try {
            Files.createDirectories(base());
            return Files.createTempDirectory(base(), name + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes {@code dir} and everything in it (a run's files, once it passed). */
    public static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private WorkDirs() {}
}
