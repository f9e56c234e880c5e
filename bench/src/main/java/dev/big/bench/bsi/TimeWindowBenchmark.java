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
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code count(received_at BETWEEN s AND s + 1 hour)} on the monotonic timestamp field, for a
 * random window start inside the data: zone maps skip every container column the window misses
 * and count whole the ones it covers; only the edges are scanned.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class TimeWindowBenchmark {

    public static final long HOUR_MILLIS = 3_600_000L;

    @Benchmark
    public long oneHourWindow(BsiThread thread) {
        long start = windowStart(thread.nextId(), thread.records);
        return thread.receivedAt.count(RangePredicate.between(start, start + HOUR_MILLIS));
    }

    /**
     * A window start near the time of a record drawn from {@code id} (about one record per second),
     * early enough that the whole hour lies inside the data.
     */
    static long windowStart(long id, long records) {
        return BsiDataset.FIRST_MILLIS + (id % Math.max(1, records - 4_000)) * 1000L;
    }
}
