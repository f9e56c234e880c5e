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
 * {@code Tree.forEach} over a whole warm fragment (512 containers: 352 bitmap pages, 128 inline
 * arrays, 32 inline runs), adding up cardinalities: the walk a full-fragment count or scan makes,
 * including verifying every leaf and bitmap page it passes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class ForEachBenchmark {

    /** The number of set bits in the fragment. */
    @Benchmark
    public long sumCardinalities(FragmentReader reader) {
        CardinalitySum visitor = reader.cardinalitySum;
        visitor.reset();
        reader.tree.forEach(0, -1L, visitor);
        return visitor.sum();
    }
}
