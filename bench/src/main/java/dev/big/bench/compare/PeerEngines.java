package dev.big.bench.compare;

import java.nio.file.Path;
import java.util.List;

/**
 * Creates engines by name, for parameterized runs: big through SQL ({@code big}) and through its
 * typed API ({@code big-api}), and the peers {@code duckdb}, {@code sqlite}, {@code lucene},
 * {@code roaring}; {@code brute-force} is the reference.
 */
public final class PeerEngines {

    /** big's two ways in. */
    public static final List<String> BIG = List.of("big", "big-api");
    /** The engines big is compared with. */
    public static final List<String> PEERS = List.of("duckdb", "sqlite", "lucene", "roaring");
    /** Every engine {@link #create} knows, the reference ({@code brute-force}) excluded. */
    public static final List<String> NAMES = List.of("big", "big-api", "duckdb", "sqlite", "lucene", "roaring");

    /** An empty engine named {@code name}; it keeps its files in {@code dir}. */
    public static PeerEngine create(String name, Path dir) throws Exception {
        return switch (name) {
            case "big" -> BigSqlPeer.create(dir);
            case "big-pages" -> BigSqlPeer.createPagesOnly(dir);
            case "big-api" -> BigApiPeer.create(dir);
            case "duckdb" -> DuckDbPeer.create(dir);
            case "sqlite" -> SqlitePeer.create(dir);
            case "lucene" -> LucenePeer.create(dir);
            case "roaring" -> RoaringPeer.create(dir);
            case "brute-force" -> new BruteForcePeer();
            default -> throw unknown(name);
        };
    }

    /** The engine named {@code name} over what an earlier {@code load} left in {@code dir}. */
    public static PeerEngine open(String name, Path dir) throws Exception {
        return switch (name) {
            case "big" -> BigSqlPeer.open(dir);
            case "big-api" -> BigApiPeer.open(dir);
            case "duckdb" -> DuckDbPeer.open(dir);
            case "sqlite" -> SqlitePeer.open(dir);
            case "lucene" -> LucenePeer.open(dir);
            case "roaring" -> RoaringPeer.open(dir);
            default -> throw unknown(name);
        };
    }

    /** Whether the engine named {@code name} has durable writes ({@link PeerEngine#ingest}). */
    public static boolean durable(String name) {
        return !name.equals("roaring") && !name.equals("brute-force");
    }

    private static IllegalArgumentException unknown(String name) {
        return new IllegalArgumentException("unknown engine '" + name + "'; known: " + NAMES + " and brute-force");
    }

    private PeerEngines() {}
}
