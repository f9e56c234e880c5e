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
 * Fetching the 22 containers a point read of a 20-bit bit-sliced value needs (keys
 * {@code r * 16 + c}, {@code r = 0..21}, for one column {@code c}): with {@code Tree.findMany},
 * one descent per leaf the keys span, and, as the baseline it replaces, with 22 separate
 * {@code Tree.find} descents. Both verify all 22 bitmap pages.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class FindManyBenchmark {

    /** The summed cardinality of the 22 containers, fetched with one {@code findMany}. */
    @Benchmark
    public long findMany22Planes(FragmentReader reader) {
        long[] keys = reader.planeKeysByColumn[reader.nextColumn()];
        reader.tree.findMany(keys, keys.length, reader.planeViews);
        long sum = 0;
        for (int i = 0; i < keys.length; i++) {
            sum += reader.planeViews[i].cardinality();
        }
        return sum;
    }

    /** The same sum with one {@code find} per plane, the way a reader without findMany would do it. */
    @Benchmark
    public long find22PlanesOneByOne(FragmentReader reader) {
        long[] keys = reader.planeKeysByColumn[reader.nextColumn()];
        long sum = 0;
        for (int i = 0; i < keys.length; i++) {
            reader.tree.find(keys[i], reader.planeViews[i]);
            sum += reader.planeViews[i].cardinality();
        }
        return sum;
    }
}
