package dev.big.bench.db;

import dev.big.bench.campaign.Workload;
import dev.big.bench.compare.BruteForcePeer;

/**
 * What the benchmark tests of the db and sql packages run on: a small standard table, opened as
 * the benchmarks open it, and a brute-force scan of the same events, whose answers the
 * benchmarks' answers must equal.
 */
public final class BenchmarkFixtures {

    /** The standard table of {@code records} events, open. */
    public static StandardDb standardDb(long records) {
        StandardDb db = new StandardDb();
        db.records = records;
        db.open();
        return db;
    }

    /** The same {@code records} events, loaded into the brute-force peer. */
    public static BruteForcePeer scanOf(long records) {
        BruteForcePeer reference = new BruteForcePeer();
        reference.load(Workload.events(records), 1);
        return reference;
    }

    private BenchmarkFixtures() {}
}
