package dev.big.bench.bsi;

import dev.big.bench.JvmFlags;
import dev.big.engine.ReadTxn;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.RangePredicate;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost per plane: a point read of a random record and a {@code count(>= t)} with {@code t} drawn
 * uniformly from {@code [0, 2^depth)} per call, over a uniform field of {@code depth} bits, at a
 * fixed corpus of 1,000,000 records, to show how the cost grows with the planes that hold data.
 * (A fixed threshold of {@code 2^(depth-1)} would be decided by the top plane alone.)
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class PlaneCostBenchmark {

    /** The depth-field dataset, one reader per thread. */
    @State(Scope.Thread)
    public static class DepthReader {
        @Param({"1", "2", "4", "8", "12", "16", "20", "24", "28", "32"})
        public int depth;

        ReadTxn txn;
        BsiReader reader;
        final long[] ids = new long[1 << 16];
        final long[] thresholds = new long[1 << 10];
        final long[] out = new long[1];
        int next;
        int nextThreshold;

        @Setup(Level.Trial)
        public void open(DepthFile file) {
            txn = file.store.beginRead();
            reader = new BsiReader(txn, BsiDataset.depthField(depth));
            SplittableRandom random = new SplittableRandom(depth);
            for (int i = 0; i < ids.length; i++) {
                ids[i] = random.nextLong(file.records);
            }
            for (int i = 0; i < thresholds.length; i++) {
                thresholds[i] = random.nextLong(1L << depth);
            }
        }

        long nextThreshold() {
            return thresholds[nextThreshold++ & (thresholds.length - 1)];
        }

        @TearDown(Level.Trial)
        public void close() {
            txn.close();
        }
    }

    /** The dataset with the depth fields, at 1,000,000 records. */
    @State(Scope.Benchmark)
    public static class DepthFile extends BsiFile {
        @Override
        @Setup(Level.Trial)
        public void open() {
            records = 1_000_000;
            depthFields = true;
            super.open();
        }
    }

    @Benchmark
    public long pointRead(DepthReader r) {
        return r.reader.read(r.ids[r.next++ & (r.ids.length - 1)], r.out) ? r.out[0] : -1;
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public long countGe(DepthReader r) {
        return r.reader.count(RangePredicate.of(RangePredicate.Op.GE, r.nextThreshold()));
    }
}
