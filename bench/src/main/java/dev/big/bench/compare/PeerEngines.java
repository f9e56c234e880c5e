package dev.big.bench.compare;

import java.nio.file.Path;
import java.util.List;

/** Creates peer engines by name, for parameterized runs: {@code duckdb}, {@code sqlite}, {@code lucene}, {@code roaring}. */
public final class PeerEngines {

    /** The names {@link #create} knows, the reference ({@code brute-force}) excluded. */
    public static final List<String> NAMES = List.of("duckdb", "sqlite", "lucene", "roaring");

    /** An empty engine named {@code name}; the file-backed ones keep their files in {@code dir}. */
    public static PeerEngine create(String name, Path dir) throws Exception {
        return switch (name) {
            case "duckdb" -> DuckDbPeer.create(dir);
            case "sqlite" -> SqlitePeer.create(dir);
            case "lucene" -> LucenePeer.create(dir);
            case "roaring" -> new RoaringPeer();
            case "brute-force" -> new BruteForcePeer();
            default -> throw new IllegalArgumentException("unknown peer engine '" + name + "'; known: " + NAMES
                    + " and brute-force");
        };
    }

    private PeerEngines() {}
}
