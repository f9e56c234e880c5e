package dev.big.bench.engine;

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
 * {@code Tree.find} of one bitmap container in a warm fragment tree: a root-to-leaf descent
 * verifying each tree page, then verifying the bitmap page the leaf cell points to. With the memo
 * on, verifications are memo hits; with it off, every page on the way (branch, leaf, bitmap) is
 * rehashed, about 8 KiB each.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class FindBenchmark {

    /** The cardinality of the container found (0 if the key were absent). */
    @Benchmark
    public int findBitmapContainer(FragmentReader reader) {
        reader.tree.find(reader.nextPlaneKey(), reader.view);
        return reader.view.cardinality();
    }
}
