package dev.big.db.exchange;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Looking into the directories exchange tests write to. */
final class ExchangeFiles {

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
