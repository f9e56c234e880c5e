package dev.big.engine.bsi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The word kernels against plain loops over arrays: position lists of sparse sets, and passes over word ranges. */
class WordKernelsTest {

    private static final int WORDS = WordKernels.WORDS;
    private static final ValueLayout.OfLong LE_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    @Test
    void positionsListEverySetBitOnce() {
        long seed = 20261202;
        Random random = new Random(seed);
        long[] fold = new long[WordKernels.LANES];
        int[] lanes = new int[WordKernels.LANES];
        for (int round = 0; round < 2_000; round++) {
            long[] words = new long[WORDS];
            int bits = random.nextInt(CandidateSet.SPARSE_LIMIT + 1);
            for (int b = 0; b < bits; b++) {
                // Crowd some bits into a few words, so words with several bits are common here.
                int position = random.nextBoolean() ? random.nextInt(WORDS * 64) : random.nextInt(3) * 64 * 129 + random.nextInt(64);
                if (round % 7 == 0) {
                    position = b % 2 == 0 ? b : WORDS * 64 - 1 - b; // the first and last words
                }
                words[position >>> 6] |= 1L << position;
            }
            int[] positions = new int[CandidateSet.SPARSE_LIMIT + 1];
            int n = WordKernels.positions(words, positions, fold, lanes);
            int[] found = Arrays.copyOf(positions, n);
            Arrays.sort(found);
            assertArrayEquals(setBits(words), found, "seed " + seed + ", round " + round);
        }
    }

    @Test
    void rangedPassesEqualPlainLoops() {
        long seed = 20261203;
        Random random = new Random(seed);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment plane = arena.allocate(WORDS * 8L, 8);
            for (int round = 0; round < 500; round++) {
                long[] planeWords = randomWords(random);
                MemorySegment.copy(planeWords, 0, plane, LE_LONG, 0, WORDS);
                int from = random.nextInt(WORDS / 8 + 1) * 8;
                int to = from + random.nextInt((WORDS - from) / 8 + 1) * 8;
                long[] state = randomWords(random);
                Arrays.fill(state, 0, from, 0L);
                Arrays.fill(state, to, WORDS, 0L);
                String where = "seed " + seed + ", round " + round + ", words [" + from + ", " + to + ")";

                long[] expected = state.clone();
                long[] actual = state.clone();
                for (int i = 0; i < WORDS; i++) {
                    expected[i] &= planeWords[i];
                }
                assertEquals(cardinality(expected), WordKernels.and(actual, plane, from, to), where);
                assertArrayEquals(expected, actual, where);

                expected = state.clone();
                actual = state.clone();
                for (int i = 0; i < WORDS; i++) {
                    expected[i] &= ~planeWords[i];
                }
                assertEquals(cardinality(expected), WordKernels.andNot(actual, plane, from, to), where);
                assertArrayEquals(expected, actual, where);

                try (Arena second = Arena.ofConfined()) {
                    long[] otherWords = randomWords(random);
                    MemorySegment other = second.allocate(WORDS * 8L, 8);
                    MemorySegment.copy(otherWords, 0, other, LE_LONG, 0, WORDS);
                    long flipA = random.nextBoolean() ? 0 : -1L;
                    long flipB = random.nextBoolean() ? 0 : -1L;
                    long[] afterA = state.clone();
                    expected = state.clone();
                    for (int i = 0; i < WORDS; i++) {
                        afterA[i] &= planeWords[i] ^ flipA;
                        expected[i] = afterA[i] & (otherWords[i] ^ flipB);
                    }
                    actual = state.clone();
                    long sizes = WordKernels.twoSteps(actual, plane, flipA, other, flipB, from, to);
                    assertEquals(cardinality(afterA), (int) (sizes >>> 32), where + ", twoSteps first");
                    assertEquals(cardinality(expected), (int) sizes, where + ", twoSteps second");
                    assertArrayEquals(expected, actual, where + ", twoSteps");
                }

                for (boolean set : new boolean[] {true, false}) {
                    for (boolean collect : new boolean[] {false, true}) {
                        long[] moved = new long[WORDS];
                        long[] kept = new long[WORDS];
                        for (int i = 0; i < WORDS; i++) {
                            long bit = set ? planeWords[i] : ~planeWords[i];
                            moved[i] = state[i] & bit;
                            kept[i] = state[i] & ~bit;
                        }
                        actual = state.clone();
                        long[] accepted = collect ? new long[WORDS] : null;
                        int count = set ? WordKernels.split(actual, plane, accepted, from, to)
                                : WordKernels.splitClear(actual, plane, accepted, from, to);
                        String what = where + (set ? ", split" : ", splitClear") + (collect ? " collecting" : "");
                        assertEquals(cardinality(moved), count, what);
                        assertArrayEquals(kept, actual, what);
                        if (collect) {
                            assertArrayEquals(moved, accepted, what);
                        }
                    }
                }
            }
        }
    }

    @Test
    void anAbsentPlaneIsAnEmptyOne() {
        Random random = new Random(20261204);
        long[] state = randomWords(random);
        int all = cardinality(state);

        long[] actual = state.clone();
        assertEquals(0, WordKernels.and(actual, null, 0, WORDS), "and");
        assertArrayEquals(new long[WORDS], actual, "and");

        actual = state.clone();
        assertEquals(all, WordKernels.andNot(actual, null, 0, WORDS), "andNot");
        assertArrayEquals(state, actual, "andNot");

        actual = state.clone();
        long[] accepted = new long[WORDS];
        assertEquals(0, WordKernels.split(actual, null, accepted, 0, WORDS), "split");
        assertArrayEquals(state, actual, "split");
        assertArrayEquals(new long[WORDS], accepted, "split");

        actual = state.clone();
        assertEquals(all, WordKernels.splitClear(actual, null, accepted, 0, WORDS), "splitClear");
        assertArrayEquals(new long[WORDS], actual, "splitClear");
        assertArrayEquals(state, accepted, "splitClear");
    }

    private static long[] randomWords(Random random) {
        long[] words = new long[WORDS];
        for (int i = 0; i < WORDS; i++) {
            words[i] = random.nextLong();
        }
        return words;
    }

    private static int cardinality(long[] words) {
        int count = 0;
        for (long w : words) {
            count += Long.bitCount(w);
        }
        return count;
    }

    private static int[] setBits(long[] words) {
        return java.util.stream.IntStream.range(0, WORDS * 64)
                .filter(p -> (words[p >>> 6] & (1L << p)) != 0)
                .toArray();
    }
}
