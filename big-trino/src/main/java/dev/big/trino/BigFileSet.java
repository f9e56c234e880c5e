package dev.big.trino;

import io.trino.spi.HostAddress;
import io.trino.spi.Node;
import io.trino.spi.NodeManager;
import io.trino.spi.TrinoException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.trino.spi.StandardErrorCode.GENERIC_INTERNAL_ERROR;
import static io.trino.spi.StandardErrorCode.NO_NODES_AVAILABLE;

/**
 * Which files a catalog's tables span and where their splits may run. In {@code shared}
 * placement, the {@code .big} files of {@code big.data-dir}, readable by every node. In
 * {@code local} placement, the files of {@code big.data-dir/<node id>/}, owned by that node: the
 * coordinator plans from them (it must see every node's directory, e.g. as a read-only mount),
 * and only the owner reads their records.
 */
final class BigFileSet {

    private final BigConfig config;
    private final OpenFiles open;
    private final NodeManager nodes;

    BigFileSet(BigConfig config, OpenFiles open, NodeManager nodes) {
        this.config = config;
        this.open = open;
        this.nodes = nodes;
    }

    OpenFiles open() {
        return open;
    }

    /** Every file of the catalog, as paths relative to the data directory. */
    List<String> files() {
        if (config.placement() == BigConfig.Placement.SHARED) {
            return open.list(config.dataDir());
        }
        List<String> files = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(config.dataDir())) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                files.addAll(open.list(dir));
            }
        } catch (IOException e) {
            throw new TrinoException(GENERIC_INTERNAL_ERROR, "cannot list " + config.dataDir() + ": " + e.getMessage(), e);
        }
        return files;
    }

    /** Where a split of {@code file} must run: nowhere in particular (shared), or its owner node (local). */
    List<HostAddress> addresses(String file) {
        if (config.placement() == BigConfig.Placement.SHARED) {
            return List.of();
        }
        String owner = Path.of(file).getName(0).toString();
        for (Node node : nodes.getWorkerNodes()) {
            if (node.getNodeIdentifier().equals(owner)) {
                return List.of(node.getHostAndPort());
            }
        }
        throw new TrinoException(NO_NODES_AVAILABLE, "big file " + file + " belongs to node '" + owner
                + "' (its directory under " + config.dataDir() + "), which is not an active worker of this cluster");
    }
}
