package dev.big.bench.campaign;

import dev.big.bench.bsi.BsiDataset;
import dev.big.engine.ReadTxn;
import dev.big.engine.Store;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.RangePredicate;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Phase JVM: the cost of a bit plane, a short version of the JMH {@code bsi.PlaneCostBenchmark}.
 * For each depth {@code d} of {@link BsiDataset#DEPTHS}, a field of uniform {@code d}-bit values:
 * a point read of a random record ({@code BsiReader.read}, nanoseconds, median of batches of
 * 1,000 reads) and {@code count(>= t)}, {@code t} uniform in {@code [0, 2^d)} per call
 * (microseconds, median of calls), each after a warm-up of the same length as the measurement.
 *
 * <pre>--records N --budget quick --out out.json</pre>
 */
public final class PlaneCostPhase {

    private static final int BATCH = 1_000;

    public static void main(String[] args) {
        PhaseArgs arguments = new PhaseArgs(args);
        Budget budget = arguments.budget();
        long records = budget.planeRecords();
        long nanos = budget.planeMillis() * 1_000_000;
        PhaseOutput.Builder out = new PhaseOutput.Builder();
        long consumed = 0;
        try (Store store = Store.open(MmapPager.open(BsiDataset.file(records, true), OpenMode.READ_ONLY));
             ReadTxn txn = store.beginRead()) {
            for (int depth : BsiDataset.DEPTHS) {
                BsiReader reader = new BsiReader(txn, BsiDataset.depthField(depth));
                long[] ids = new SplittableRandom(depth).longs(1 << 16, 0, records).toArray();
                long[] value = new long[1];
                double[] readNanos = new double[2];
                for (int pass = 0; pass < 2; pass++) { // warm-up, then measure
                    double[] batches = new double[4096];
                    int n = 0;
                    int next = 0;
                    long end = System.nanoTime() + nanos;
                    while (n < batches.length && (n < 5 || System.nanoTime() < end)) {
                        long start = System.nanoTime();
                        for (int i = 0; i < BATCH; i++) {
                            consumed += reader.read(ids[next++ & 0xffff], value) ? value[0] : -1;
                        }
                        batches[n++] = (System.nanoTime() - start) / (double) BATCH;
                    }
                    readNanos[pass] = median(Arrays.copyOf(batches, n));
                }
                long[] thresholds = new SplittableRandom(-depth).longs(1024, 0, 1L << depth).toArray();
                double[] countMicros = new double[2];
                for (int pass = 0; pass < 2; pass++) {
                    double[] calls = new double[100_000];
                    int n = 0;
                    long end = System.nanoTime() + nanos;
                    while (n < calls.length && (n < 5 || System.nanoTime() < end)) {
                        long start = System.nanoTime();
                        consumed += reader.count(RangePredicate.of(RangePredicate.Op.GE, thresholds[n & 1023]));
                        calls[n++] = (System.nanoTime() - start) / 1e3;
                    }
                    countMicros[pass] = median(Arrays.copyOf(calls, n));
                }
                out.metric(Metric.nanos("plane_cost_point_read", "big@depth" + depth, "median", readNanos[1], records))
                        .metric(Metric.micros("plane_cost_count_ge", "big@depth" + depth, "median", countMicros[1], records));
                System.out.printf(Locale.ROOT, "depth %2d: point read %.0f ns, count_ge %.1f us%n", depth, readNanos[1],
                        countMicros[1]);
            }
        }
        out.fact("consumed", consumed).build().write(arguments.path("out"));
    }

    private static double median(double[] values) {
        Arrays.sort(values);
        return values[values.length / 2];
    }

    private PlaneCostPhase() {}
}
