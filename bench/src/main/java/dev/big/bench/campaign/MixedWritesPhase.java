package dev.big.bench.campaign;

import dev.big.bench.BenchFiles;
import dev.big.bench.compare.PeerEngine;
import dev.big.bench.compare.PeerEngines;
import dev.big.workload.Event;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Phase JVM: durable mixed writes, what an application that records events and corrects them one
 * at a time costs. A table of {@code --table} standard events is loaded (not timed), then
 * {@code --ops} operations alternate an insert of a new event and an update of one field (value)
 * of a random existing event, each its own durable commit (big: {@code Db.put} and
 * {@code Db.update}; the SQL engines: one auto-committed statement each); the metric is operations
 * per second. Per engine, one unmeasured warm-up run of a fifth of the operations, then
 * {@code throughputRuns} rounds in which the engines take turns in a rotating order, each on a
 * fresh table under {@code target/}; the median of an engine's runs is its metric. Engines
 * without durable single writes are left out and said so.
 *
 * <pre>--engines big,sqlite,duckdb --table 100000 --ops 20000 --records N --budget quick --out out.json</pre>
 */
public final class MixedWritesPhase {

    /** The shape's name in the results. */
    static final String SHAPE = "mixed_writes";
    /** The largest value the standard table's value field takes (its declared range). */
    private static final long MAX_VALUE = (1 << 20) - 1;
    /** Events loaded per commit while the table is filled. */
    private static final int LOAD_BATCH = 10_000;

    public static void main(String[] args) throws Exception {
        PhaseArgs arguments = new PhaseArgs(args);
        List<String> engines = new ArrayList<>(List.of(arguments.string("engines").split(",")));
        long table = arguments.longValue("table");
        int ops = arguments.intValue("ops");
        Budget budget = arguments.budget();
        PhaseOutput.Builder out = new PhaseOutput.Builder();
        for (String engine : List.copyOf(engines)) {
            try {
                run(engine, table, Math.max(ops / 5, 1), 0);
            } catch (UnsupportedOperationException e) {
                System.out.println(engine + ": left out of mixed writes: " + e.getMessage());
                out.fact(engine + "." + SHAPE + ".left_out", e.getMessage());
                engines.remove(engine);
            }
        }
        Map<String, double[]> rates = new LinkedHashMap<>();
        engines.forEach(engine -> rates.put(engine, new double[budget.throughputRuns()]));
        for (int round = 0; round < budget.throughputRuns(); round++) {
            for (String engine : Rotation.of(engines, round)) {
                rates.get(engine)[round] = run(engine, table, ops, round + 1);
            }
        }
        for (String engine : engines) {
            Throughput throughput = new Throughput(rates.get(engine));
            out.metric(Metric.recordsPerSecond(SHAPE, engine, "median", throughput.median(), ops))
                    .fact(engine + "." + SHAPE + ".runs", throughput.runs());
            System.out.printf(Locale.ROOT, "%s mixed writes (%,d operations on %,d records): median %,.0f operations/s of %s%n",
                    engine, ops, table, throughput.median(), throughput.runs());
        }
        out.build().write(arguments.path("out"));
    }

    /** One run on a fresh table: operations per second. {@code seed} picks the records updated. */
    private static double run(String engineName, long table, int ops, int seed) throws Exception {
        Path dir = BenchFiles.newDir("mixed-" + engineName);
        try (PeerEngine engine = PeerEngines.create(engineName, dir)) {
            engine.load(Workload.events(table), LOAD_BATCH);
            // The inserts are the events after the loaded ones (the same stream, so their ids follow).
            Iterator<Event> events = Workload.events(table + ops).iterator();
            for (long skipped = 0; skipped < table; skipped++) {
                events.next();
            }
            SplittableRandom random = new SplittableRandom(Workload.SEED + seed);
            long start = System.nanoTime();
            for (int op = 0; op < ops; op++) {
                if (op % 2 == 0) {
                    engine.insertOne(events.next());
                } else {
                    engine.updateValue(random.nextLong(table), random.nextLong(MAX_VALUE + 1));
                }
            }
            return ops / ((System.nanoTime() - start) / 1e9);
        } finally {
            BenchFiles.deleteRecursively(dir);
        }
    }

    private MixedWritesPhase() {}
}
