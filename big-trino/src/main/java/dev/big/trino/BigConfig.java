package dev.big.trino;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A big catalog's properties: {@code big.data-dir} (required, a directory of {@code .big} files),
 * {@code big.split-placement} ({@code shared}, the default, or {@code local}),
 * {@code big.aggregation-pushdown} ({@code true}, the default, or {@code false}: the default of the
 * session property that lets big compute aggregations whole) and {@code big.split-records} (how
 * many records a split aims to hold, {@value #DEFAULT_SPLIT_RECORDS} by default: the default of the
 * session property of that name).
 */
record BigConfig(String catalog, Path dataDir, Placement placement, boolean aggregationPushdown, long splitRecords) {

    static final String DATA_DIR = "big.data-dir";
    static final String SPLIT_PLACEMENT = "big.split-placement";
    static final String AGGREGATION_PUSHDOWN = "big.aggregation-pushdown";
    static final String SPLIT_RECORDS = "big.split-records";
    /**
     * A split gathers container columns until it holds this many records (about a dense shard),
     * so a file of a million records is one split, not one per 65,536 ids: per split Trino pays a
     * driver, a page source and task updates, which made big's scans of 3M flights in 138 splits
     * slower than Hive's few (issue 39). A file still makes at most {@link BigSplitManager#MAX_SPLITS_PER_FILE}.
     */
    static final long DEFAULT_SPLIT_RECORDS = 1L << 20;

    /** Where a split may run. */
    enum Placement {
        /** Every node reads every file (a shared or replicated directory): splits run anywhere. */
        SHARED,
        /** Files under {@code DATA_DIR/<node id>/} belong to that node: their splits run there only. */
        LOCAL
    }

    static BigConfig of(String catalog, Map<String, String> properties) {
        Set<String> unknown = new TreeSet<>(properties.keySet());
        unknown.removeAll(Set.of(DATA_DIR, SPLIT_PLACEMENT, AGGREGATION_PUSHDOWN, SPLIT_RECORDS));
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("catalog '" + catalog + "': unknown propert" + (unknown.size() == 1 ? "y " : "ies ")
                    + unknown + "; the big connector takes " + DATA_DIR + ", " + SPLIT_PLACEMENT
                    + ", " + AGGREGATION_PUSHDOWN + " and " + SPLIT_RECORDS);
        }
        String dir = properties.get(DATA_DIR);
        if (dir == null || dir.isBlank()) {
            throw new IllegalArgumentException("catalog '" + catalog + "': " + DATA_DIR
                    + " is required: set it to a directory of .big files");
        }
        Path dataDir = Path.of(dir).toAbsolutePath().normalize();
        if (!Files.isDirectory(dataDir)) {
            throw new IllegalArgumentException("catalog '" + catalog + "': " + DATA_DIR + "=" + dir
                    + " is not a directory; create it or point it at the directory holding the .big files");
        }
        String placement = properties.getOrDefault(SPLIT_PLACEMENT, "shared").trim().toLowerCase(Locale.ROOT);
        Placement parsed = switch (placement) {
            case "shared" -> Placement.SHARED;
            case "local" -> Placement.LOCAL;
            default -> throw new IllegalArgumentException("catalog '" + catalog + "': " + SPLIT_PLACEMENT + "=" + placement
                    + " is not a placement; use shared (any node reads any file) or local (each node reads its own files)");
        };
        String pushdown = properties.getOrDefault(AGGREGATION_PUSHDOWN, "true").trim().toLowerCase(Locale.ROOT);
        if (!pushdown.equals("true") && !pushdown.equals("false")) {
            throw new IllegalArgumentException("catalog '" + catalog + "': " + AGGREGATION_PUSHDOWN + "=" + pushdown
                    + " is not true or false");
        }
        String splitRecords = properties.getOrDefault(SPLIT_RECORDS, Long.toString(DEFAULT_SPLIT_RECORDS)).trim();
        long records;
        try {
            records = Long.parseLong(splitRecords);
        } catch (NumberFormatException e) {
            records = 0;
        }
        if (records < 1) {
            throw new IllegalArgumentException("catalog '" + catalog + "': " + SPLIT_RECORDS + "=" + splitRecords
                    + " is not a positive number of records; 1 makes a split per container column (65,536 ids)");
        }
        return new BigConfig(catalog, dataDir, parsed, Boolean.parseBoolean(pushdown), records);
    }
}
