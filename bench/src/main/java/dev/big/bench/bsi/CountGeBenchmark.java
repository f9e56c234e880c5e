package dev.big.bench.bsi;

import dev.big.bench.JvmFlags;
import dev.big.engine.bsi.RangePredicate;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code count(value >= t)} over every record of the 20-bit uniform field, with {@code t}
 * drawn uniformly from {@code [0, 2^20)} per call so no threshold is special. Counts only: no
 * bitmap is materialised.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class CountGeBenchmark {

    /** Thresholds for the calls, fixed per run. */
    @State(Scope.Thread)
    public static class Thresholds {
        @Param({"42"})
        public long seed;

        final long[] values = new long[1024];
        int next;

        @org.openjdk.jmh.annotations.Setup
        public void draw() {
            java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextLong(1 << 20);
            }
        }

        long next() {
            return values[next++ & 1023];
        }
    }

    @Benchmark
    public long countGe(BsiThread thread, Thresholds thresholds) {
        return thread.value.count(RangePredicate.of(RangePredicate.Op.GE, thresholds.next()));
    }
}
