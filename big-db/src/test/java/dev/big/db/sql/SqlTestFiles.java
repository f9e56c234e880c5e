package dev.big.db.sql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test databases live under target/, never /tmp, which may be tmpfs where fsync is free. */
final class SqlTestFiles {

    static Path newFile(String name) {
        try {
            Path base = Path.of("target", "test-files");
            Files.createDirectories(base);
            return Files.createTempDirectory(base, name + "-").resolve(name + ".big");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private SqlTestFiles() {}
}
