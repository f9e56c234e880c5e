package dev.big.bench.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.lang.foreign.ValueLayout;
import net.openhft.hashing.LongHashFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link BitmapChecksumBenchmark} computes the xxHash3 of the whole page, wherever the page lives. */
class BitmapChecksumBenchmarkTest {

    private final BitmapChecksumBenchmark benchmark = new BitmapChecksumBenchmark();

    @ParameterizedTest(name = "memory={0}")
    @ValueSource(strings = {"heap", "mapped"})
    void hashesAllEightKibOfThePage(String memory) {
        BitmapPageBytes state = open(memory, 42);
        try {
            byte[] bytes = state.page.toArray(ValueLayout.JAVA_BYTE);
            assertEquals(8192, bytes.length);
            assertEquals(LongHashFunction.xx3().hashBytes(bytes), benchmark.checksum(state));
            bytes[8191] ^= 1;
            assertNotEquals(LongHashFunction.xx3().hashBytes(bytes), benchmark.checksum(state),
                    "the last byte is covered by the hash");
        } finally {
            state.close();
        }
    }

    @Test
    void heapAndMappedCopiesOfAPageHashTheSame() {
        BitmapPageBytes heap = open("heap", 42);
        BitmapPageBytes mapped = open("mapped", 42);
        BitmapPageBytes other = open("heap", 43);
        try {
            assertEquals(benchmark.checksum(heap), benchmark.checksum(mapped));
            assertNotEquals(benchmark.checksum(heap), benchmark.checksum(other));
        } finally {
            heap.close();
            mapped.close();
            other.close();
        }
    }

    private static BitmapPageBytes open(String memory, long seed) {
        BitmapPageBytes state = new BitmapPageBytes();
        state.memory = memory;
        state.seed = seed;
        state.open();
        return state;
    }
}
