package dev.big.bench.pager;

import dev.big.bench.JvmFlags;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of {@code Pager.verifyBitmap} for an 8 KiB bitmap page that was verified before: a memo
 * lookup with the memo on, a full xxHash3 of the page with it off. A point read of a 20-bit field
 * verifies 22 such pages (exists, sign, 20 planes), so this is the per-plane price of integrity.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class VerifyBitmapBenchmark {

    /** Whether the page has its expected checksum (true unless a test changed the expectation). */
    @Benchmark
    public boolean verifyVerifiedPage(VerifiedBitmapPage state) {
        return state.pager.verifyBitmap(RandomBitmapPage.PAGE_NUMBER, state.page, state.expectedChecksum);
    }
}
