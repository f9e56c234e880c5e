package dev.big.bench.campaign;

import java.util.List;

/**
 * How long and how often a campaign measures: the full campaign and {@code --quick} differ only
 * here.
 *
 * <p>Latency: each engine's queries run in {@code forks} fresh JVMs. A JVM first warms up on every
 * shape in turn for {@code warmupMillis} in all (big's SQL path needed about 2.5 s of calls on
 * this kind of machine before its p99 settled: much of the code is shared between shapes, so one
 * warm-up serves them all), then per shape warms up again for {@code shapeWarmupMillis} and times
 * individual calls for {@code measureMillis}, at least {@code minCalls} and at most
 * {@code maxCalls} of them. Throughput shapes take the median of {@code throughputRuns} runs.
 *
 * @param bulkRecords          records per bulk-load throughput run (the full campaign loads its
 *                             whole record count once, for the queries, and measures load rate on
 *                             this many)
 * @param ingestMillis         how long one ingest run keeps committing
 * @param amplificationRecords records written per amplification cell (layout x batch)
 * @param planeRecords         records of the plane-cost dataset
 * @param planeMillis          warm-up and measuring time per depth and operation of the plane costs
 */
public record Budget(String name, int forks, long warmupMillis, long shapeWarmupMillis, long measureMillis, int minCalls,
                     int maxCalls, int throughputRuns, long bulkRecords, long ingestMillis, List<Integer> ingestCapacities,
                     int amplificationRecords, long planeRecords, long planeMillis) {

    /** The capacities ingest is measured at. */
    public static final List<Integer> CAPACITIES = List.of(1, 100, 1_000);

    /** {@code ./big bench --quick}: every shape and every engine, in a few minutes. */
    public static Budget quick(long records) {
        return new Budget("quick", 1, 3_000, 300, 500, 5, 50_000, 5, records, 400, CAPACITIES, 2_000,
                Math.min(records, 200_000), 150);
    }

    /** The full campaign. */
    public static Budget full(long records) {
        return new Budget("full", 2, 5_000, 500, 1_500, 5, 200_000, 5, Math.min(records, 1_000_000), 2_000, CAPACITIES,
                10_000, Math.min(records, 1_000_000), 400);
    }

    /** A tiny budget for tests: every phase runs, nothing is meaningful. */
    public static Budget smoke(long records) {
        return new Budget("smoke", 1, 100, 10, 30, 3, 2_000, 2, records, 60, List.of(1, 100), 300,
                Math.min(records, 20_000), 10);
    }

    static Budget named(String name, long records) {
        return switch (name) {
            case "quick" -> quick(records);
            case "full" -> full(records);
            case "smoke" -> smoke(records);
            default -> throw new IllegalArgumentException("budget is quick, full or smoke, not " + name);
        };
    }
}
