package dev.big.engine.bsi;

import static dev.big.page.PageFormat.LE_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import dev.big.page.BitmapPage;

/**
 * The hot loops of BSI evaluation, over one container column's 1,024 words. State sets are
 * {@code long[]}; planes are read where they lie, in native memory: a mapped bitmap page, or a
 * native scratch buffer an array or run row was expanded into (see {@link ColumnPlanes}). Keeping
 * every plane native keeps the call sites monomorphic: fed a mix of mapped, heap-byte and
 * heap-long segments the JIT left its fast path and these loops ran several times slower, while
 * on native segments alone a 1,024-word and-and-popcount pass takes about 0.1 us, as fast as on
 * arrays. Each loop is one simple pass the JIT can vectorise; a four-plane fused variant ran about
 * fifteen times slower per word on AVX-512 hardware because it did not. A null plane is empty.
 */
final class WordKernels {

    static final int WORDS = BitmapPage.WORDS;

    /** {@code state &= plane}; returns the cardinality left. */
    static int and(long[] state, MemorySegment plane) {
        if (plane == null) {
            java.util.Arrays.fill(state, 0L);
            return 0;
        }
        int count = 0;
        for (int i = 0; i < WORDS; i++) {
            long w = state[i] & plane.get(LE_LONG, (long) i << 3);
            state[i] = w;
            count += Long.bitCount(w);
        }
        return count;
    }

    /** {@code state &= ~plane}; returns the cardinality left. */
    static int andNot(long[] state, MemorySegment plane) {
        if (plane == null) {
            return cardinality(state);
        }
        int count = 0;
        for (int i = 0; i < WORDS; i++) {
            long w = state[i] & ~plane.get(LE_LONG, (long) i << 3);
            state[i] = w;
            count += Long.bitCount(w);
        }
        return count;
    }

    /**
     * Moves {@code state & plane} out of state: ORs it into {@code accepted} (if not null) and
     * returns its cardinality; state keeps {@code state & ~plane}.
     */
    static int split(long[] state, MemorySegment plane, long[] accepted) {
        if (plane == null) {
            return 0;
        }
        int moved = 0;
        if (accepted == null) {
            for (int i = 0; i < WORDS; i++) {
                long s = state[i];
                long p = plane.get(LE_LONG, (long) i << 3);
                moved += Long.bitCount(s & p);
                state[i] = s & ~p;
            }
        } else {
            for (int i = 0; i < WORDS; i++) {
                long s = state[i];
                long hit = s & plane.get(LE_LONG, (long) i << 3);
                moved += Long.bitCount(hit);
                accepted[i] |= hit;
                state[i] = s & ~hit;
            }
        }
        return moved;
    }

    /**
     * Like {@link #split} but moves {@code state & ~plane} out (the records whose bit is clear),
     * keeping {@code state & plane}.
     */
    static int splitClear(long[] state, MemorySegment plane, long[] accepted) {
        int moved = 0;
        if (plane == null) {
            moved = cardinality(state);
            if (accepted != null) {
                or(accepted, state);
            }
            java.util.Arrays.fill(state, 0L);
            return moved;
        }
        for (int i = 0; i < WORDS; i++) {
            long s = state[i];
            long p = plane.get(LE_LONG, (long) i << 3);
            long miss = s & ~p;
            moved += Long.bitCount(miss);
            if (accepted != null) {
                accepted[i] |= miss;
            }
            state[i] = s & p;
        }
        return moved;
    }

    /**
     * {@code out = exists & (negative ? sign : ~sign) & filter} in one pass (a null sign is empty, a
     * null filter is everything); returns the cardinality.
     */
    static int candidates(long[] out, MemorySegment exists, MemorySegment sign, boolean negative, long[] filter) {
        if (negative && sign == null) {
            java.util.Arrays.fill(out, 0L);
            return 0;
        }
        int count = 0;
        for (int i = 0; i < WORDS; i++) {
            long w = exists.get(LE_LONG, (long) i << 3);
            if (sign != null) {
                long s = sign.get(LE_LONG, (long) i << 3);
                w &= negative ? s : ~s;
            }
            if (filter != null) {
                w &= filter[i];
            }
            out[i] = w;
            count += Long.bitCount(w);
        }
        return count;
    }

    /** {@code |state & plane|}. */
    static int andCardinality(long[] state, MemorySegment plane) {
        if (plane == null) {
            return 0;
        }
        int count = 0;
        for (int i = 0; i < WORDS; i++) {
            count += Long.bitCount(state[i] & plane.get(LE_LONG, (long) i << 3));
        }
        return count;
    }

    /** Copies a row's words into {@code state} (zeros for an empty row). */
    static void load(long[] state, MemorySegment row) {
        if (row == null) {
            java.util.Arrays.fill(state, 0L);
            return;
        }
        MemorySegment.copy(row, LE_LONG, 0, state, 0, WORDS);
    }

    static int cardinality(long[] words) {
        int count = 0;
        for (long w : words) {
            count += Long.bitCount(w);
        }
        return count;
    }

    static void or(long[] target, long[] source) {
        for (int i = 0; i < WORDS; i++) {
            target[i] |= source[i];
        }
    }

    static void andArray(long[] target, long[] source) {
        for (int i = 0; i < WORDS; i++) {
            target[i] &= source[i];
        }
    }

    /**
     * Writes the positions of the set bits of {@code words} into {@code positions}; returns how many.
     * Called when only a handful of bits are left, so it tests eight words at a time and skips the
     * empty blocks: a word-at-a-time loop cost about 0.5 us per column, a fifth of a count_ge.
     */
    static int positions(long[] words, int[] positions) {
        int n = 0;
        for (int block = 0; block < WORDS; block += 8) {
            long any = words[block] | words[block + 1] | words[block + 2] | words[block + 3]
                    | words[block + 4] | words[block + 5] | words[block + 6] | words[block + 7];
            if (any == 0) {
                continue;
            }
            for (int i = block; i < block + 8; i++) {
                long w = words[i];
                while (w != 0) {
                    positions[n++] = (i << 6) | Long.numberOfTrailingZeros(w);
                    w &= w - 1;
                }
            }
        }
        return n;
    }

    static boolean test(MemorySegment plane, int position) {
        return plane != null && (plane.get(LE_LONG, (long) (position >>> 6) << 3) & (1L << position)) != 0;
    }

    private WordKernels() {}
}
