package dev.big.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test files live under target/, never /tmp, which may be tmpfs where fsync is free. */
public final class TestDirs {

    /** A fresh directory under {@code target/test-files} of the module under test. */
    public static Path newDir(String name) {
        try {
            Path base = Path.of("target", "test-files");
            Files.createDirectories(base);
            return Files.createTempDirectory(base, name + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private TestDirs() {}
}
