package dev.big.trino;

import dev.big.db.Db;
import io.trino.spi.TrinoException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static io.trino.spi.StandardErrorCode.GENERIC_INTERNAL_ERROR;

/**
 * The connector's read-only handles on the files of its data directory, opened on first use and
 * kept until the connector shuts down: a read-only handle takes no lock, follows the commits of a
 * writer in any process, and pins the commits its readers hold so that writer keeps their pages.
 */
final class OpenFiles implements AutoCloseable {

    private final Path dataDir;
    private final Map<Path, Db> open = new ConcurrentHashMap<>();

    OpenFiles(Path dataDir) {
        this.dataDir = dataDir;
    }

    Path dataDir() {
        return dataDir;
    }

    /** The handle of {@code relative} (a path under the data directory). */
    Db db(String relative) {
        Path file = dataDir.resolve(relative).normalize();
        if (!file.startsWith(dataDir)) {
            throw new TrinoException(GENERIC_INTERNAL_ERROR, "big file " + relative + " is outside " + dataDir);
        }
        return open.computeIfAbsent(file, f -> {
            if (!Files.isRegularFile(f)) {
                throw new TrinoException(GENERIC_INTERNAL_ERROR, "big file " + f + " does not exist on this node;"
                        + " in local placement every node needs the files under " + dataDir + "/<its node id>/");
            }
            return Db.openReadOnly(f);
        });
    }

    /** The {@code .big} files directly in {@code dir} (a path under the data directory), by name, as paths relative to the data directory. */
    List<String> list(Path dir) {
        List<String> files = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return files;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            entries.filter(p -> p.getFileName().toString().endsWith(".big") && Files.isRegularFile(p))
                    .sorted()
                    .forEach(p -> files.add(dataDir.relativize(p).toString()));
        } catch (IOException e) {
            throw new TrinoException(GENERIC_INTERNAL_ERROR, "cannot list the big files in " + dir + ": " + e.getMessage(), e);
        }
        return files;
    }

    @Override
    public void close() {
        for (Db db : open.values()) {
            db.close();
        }
        open.clear();
    }
}
