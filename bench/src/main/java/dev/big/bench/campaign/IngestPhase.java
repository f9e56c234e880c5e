package dev.big.bench.campaign;

import dev.big.bench.BenchFiles;
import dev.big.bench.compare.PeerEngine;
import dev.big.bench.compare.PeerEngines;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Phase JVM: durable ingest rates at each capacity: events of the workload written as commits of
 * {@code capacity} events each into a fresh directory under {@code target/} (a real disk, where
 * fsync costs what it costs), for a fixed time, then the rest flushed; records per second from the
 * first event until the last commit returned. Per capacity, one unmeasured warm-up run per engine
 * of twice the measuring time (big's write path is Java code the JIT compiles as it runs: with
 * half the measuring time its rate was still rising through the measured runs), then
 * {@code throughputRuns} rounds in which the engines take turns (in a rotating order, so the
 * disk's noisy moments fall on all of them alike); the median of an engine's runs is its metric.
 *
 * <pre>--engines big,duckdb --records N --budget quick --out out.json</pre>
 */
public final class IngestPhase {

    /** Enough events that no run runs out of them. */
    private static final long SOURCE_EVENTS = 50_000_000;

    public static void main(String[] args) throws Exception {
        PhaseArgs arguments = new PhaseArgs(args);
        List<String> engines = List.of(arguments.string("engines").split(","));
        long records = arguments.longValue("records");
        Budget budget = arguments.budget();
        PhaseOutput.Builder out = new PhaseOutput.Builder();
        for (int capacity : budget.ingestCapacities()) {
            for (String engine : engines) {
                run(engine, capacity, 2 * budget.ingestMillis());
            }
            Map<String, double[]> rates = new LinkedHashMap<>();
            engines.forEach(engine -> rates.put(engine, new double[budget.throughputRuns()]));
            for (int round = 0; round < budget.throughputRuns(); round++) {
                for (String engine : Rotation.of(engines, round)) {
                    rates.get(engine)[round] = run(engine, capacity, budget.ingestMillis());
                }
            }
            String shape = "ingest_" + capacity;
            for (String engine : engines) {
                Throughput throughput = new Throughput(rates.get(engine));
                out.metric(Metric.recordsPerSecond(shape, engine, "median", throughput.median(), records))
                        .fact(engine + "." + shape + ".runs", throughput.runs());
                System.out.printf(Locale.ROOT, "%s ingest(%d): median %,.0f records/s of %s%n",
                        engine, capacity, throughput.median(), throughput.runs());
            }
        }
        out.build().write(arguments.path("out"));
    }

    /** One run: records per second. */
    private static double run(String engineName, int capacity, long millis) throws Exception {
        Path dir = BenchFiles.newDir("ingest-" + engineName);
        try (PeerEngine engine = PeerEngines.create(engineName, dir)) {
            long start = System.nanoTime();
            DeadlineEvents events = new DeadlineEvents(Workload.events(SOURCE_EVENTS), start + millis * 1_000_000, capacity);
            engine.ingest(events, capacity);
            return events.delivered() / ((System.nanoTime() - start) / 1e9);
        } finally {
            BenchFiles.deleteRecursively(dir);
        }
    }

    private IngestPhase() {}
}
