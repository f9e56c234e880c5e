package dev.big.bench.page;

import dev.big.bench.JvmFlags;
import dev.big.page.BitmapPage;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The raw cost of {@link BitmapPage#checksum}: xxHash3-64 over 8,192 bytes, read in place through
 * a {@code MemorySegment}. The reference for {@code pager.VerifyBitmapBenchmark} without the memo.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class BitmapChecksumBenchmark {

    @Benchmark
    public long checksum(BitmapPageBytes state) {
        return BitmapPage.checksum(state.page);
    }
}
