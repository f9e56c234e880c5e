package dev.big.bench.bsi;

import dev.big.bench.JvmFlags;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A point read of the 20-bit {@code value} field (exists, sign and 20 planes: 22 rows) of a random
 * record, through {@code BsiReader.read}: one tree descent for all planes, pages verified through
 * the memo. Throughput with one and with two reader threads.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class PointReadBenchmark {

    @Benchmark
    @Threads(1)
    public long oneThread(BsiThread thread) {
        return read(thread);
    }

    @Benchmark
    @Threads(2)
    public long twoThreads(BsiThread thread) {
        return read(thread);
    }

    static long read(BsiThread thread) {
        return thread.value.read(thread.nextId(), thread.out) ? thread.out[0] : -1;
    }
}
