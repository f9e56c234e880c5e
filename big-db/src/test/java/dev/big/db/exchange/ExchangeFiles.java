package dev.big.db.exchange;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Test files live under target/, never /tmp, which may be tmpfs where fsync is free. */
final class ExchangeFiles {

    static Path newDir(String name) {
        try {
            Path base = Path.of("target", "test-files");
            Files.createDirectories(base);
            return Files.createTempDirectory(base, name + "-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The names in {@code dir}, hidden ones included: an import must leave nothing behind on failure. */
    static List<String> list(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ExchangeFiles() {}
}
