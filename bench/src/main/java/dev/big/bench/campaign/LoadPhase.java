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
 * Phase JVM: bulk loads of the workload, {@code runs} rounds in which every engine loads it into a
 * fresh directory, each load timed from the first event to the end of the engine's load (commits,
 * merge, checkpoint). Engines take turns within a round, in an order that rotates from round to
 * round, so a noisy moment of the shared machine falls on all of them alike and their ratios
 * stay meaningful. With {@code --keep DIR}, the last round's data stays in {@code DIR/<engine>}
 * for the query phases, and the size of its files after closing is the engine's size per record.
 *
 * <pre>--engines big,duckdb --records N --runs 5 --shape bulk_load [--keep DIR] --out out.json</pre>
 */
public final class LoadPhase {

    public static void main(String[] args) throws Exception {
        PhaseArgs arguments = new PhaseArgs(args);
        List<String> engines = List.of(arguments.string("engines").split(","));
        long records = arguments.longValue("records");
        int runs = arguments.intValue("runs");
        String shape = arguments.string("shape");
        String keep = arguments.string("keep", "");
        PhaseOutput.Builder out = new PhaseOutput.Builder();
        Map<String, double[]> rates = new LinkedHashMap<>();
        engines.forEach(engine -> rates.put(engine, new double[runs]));
        for (int run = 0; run < runs; run++) {
            boolean last = run == runs - 1;
            for (String engine : Rotation.of(engines, run)) {
                Path dir = last && !keep.isEmpty() ? Path.of(keep, engine) : BenchFiles.newDir("load-" + engine);
                try {
                    long start = System.nanoTime();
                    try (PeerEngine peer = PeerEngines.create(engine, dir)) {
                        peer.load(Workload.events(records), Workload.LOAD_BATCH);
                        rates.get(engine)[run] = records / ((System.nanoTime() - start) / 1e9);
                    }
                    if (last && !keep.isEmpty()) {
                        long bytes = BenchFiles.sizeBytes(dir);
                        out.metric(Metric.bytesPerRecord("file_size", engine, "bytes_per_record", (double) bytes / records, records))
                                .fact(engine + ".file_size.bytes", bytes);
                    }
                    System.out.printf(Locale.ROOT, "%s load %d: %,d records at %,.0f records/s%n",
                            engine, run + 1, records, rates.get(engine)[run]);
                } finally {
                    if (!(last && !keep.isEmpty())) {
                        BenchFiles.deleteRecursively(dir);
                    }
                }
            }
        }
        // One run has no median to speak of: its metric is named for what it is.
        String stat = runs > 1 ? "median" : "one_run";
        for (String engine : engines) {
            Throughput throughput = new Throughput(rates.get(engine));
            out.metric(Metric.recordsPerSecond(shape, engine, stat, throughput.median(), records))
                    .fact(engine + "." + shape + ".runs", throughput.runs());
        }
        out.build().write(arguments.path("out"));
    }

    private LoadPhase() {}
}
