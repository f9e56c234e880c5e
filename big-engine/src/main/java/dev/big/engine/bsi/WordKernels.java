package dev.big.engine.bsi;

import static dev.big.page.PageFormat.LE_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import dev.big.page.BitmapPage;

/**
 * The hot loops of BSI evaluation, over one container column's 1,024 words. State sets are
 * {@code long[]}; planes are read where they lie, in native memory: a mapped bitmap page, or a
 * native scratch buffer an array or run row was expanded into (see {@link ColumnPlanes}). Keeping
 * every plane native keeps the call sites monomorphic: fed a mix of mapped, heap-byte and
 * heap-long segments the JIT left its fast path and these loops ran several times slower, while
 * on native segments alone a 1,024-word and-and-popcount pass takes about 0.1 us, as fast as on
 * arrays. Each loop is one simple pass the JIT can vectorise. A null plane is empty, except where
 * a kernel says its planes must be present.
 *
 * <p>Two rules keep the loops vectorised, each found by a pass running several times slower when
 * broken: the state is a heap array, never a second segment (a loop storing to one segment while
 * reading another is not vectorised, as the JIT cannot rule out that they overlap: 3x slower);
 * and loops over a word range count from zero and add the start to both indexes (a segment
 * offset computed from a loop variable that starts anywhere but zero: 5x slower).
 */
final class WordKernels {

    static final int WORDS = BitmapPage.WORDS;

    /** The lanes {@link #positions} folds a container's 1,024 words onto, eight words each. */
    static final int LANES = WORDS / 8;

    /**
     * {@code state &= plane} over words {@code [from, to)}, outside which state is zero; returns
     * the cardinality left. The range lets a partly filled column (the newest records of a table)
     * cost only the words it has.
     */
    static int and(long[] state, MemorySegment plane, int from, int to) {
        if (plane == null) {
            java.util.Arrays.fill(state, from, to, 0L);
            return 0;
        }
        int count = 0;
        long offset = (long) from << 3;
        for (int j = 0, n = to - from; j < n; j++) {
            int i = from + j;
            long w = state[i] & plane.get(LE_LONG, offset + ((long) j << 3));
            state[i] = w;
            count += Long.bitCount(w);
        }
        return count;
    }

    /** {@code state &= ~plane} over words {@code [from, to)}, outside which state is zero; returns the cardinality left. */
    static int andNot(long[] state, MemorySegment plane, int from, int to) {
        if (plane == null) {
            return cardinality(state);
        }
        int count = 0;
        long offset = (long) from << 3;
        for (int j = 0, n = to - from; j < n; j++) {
            int i = from + j;
            long w = state[i] & ~plane.get(LE_LONG, offset + ((long) j << 3));
            state[i] = w;
            count += Long.bitCount(w);
        }
        return count;
    }

    /**
     * Moves {@code state & plane} out of state: ORs it into {@code accepted} (if not null) and
     * returns its cardinality; state keeps {@code state & ~plane}. Over words {@code [from, to)},
     * outside which state is zero.
     */
    static int split(long[] state, MemorySegment plane, long[] accepted, int from, int to) {
        if (plane == null) {
            return 0;
        }
        int moved = 0;
        long offset = (long) from << 3;
        int n = to - from;
        if (accepted == null) {
            for (int j = 0; j < n; j++) {
                int i = from + j;
                long s = state[i];
                long p = plane.get(LE_LONG, offset + ((long) j << 3));
                moved += Long.bitCount(s & p);
                state[i] = s & ~p;
            }
        } else {
            for (int j = 0; j < n; j++) {
                int i = from + j;
                long s = state[i];
                long hit = s & plane.get(LE_LONG, offset + ((long) j << 3));
                moved += Long.bitCount(hit);
                accepted[i] |= hit;
                state[i] = s & ~hit;
            }
        }
        return moved;
    }

    /**
     * Two plane steps in one pass over words {@code [from, to)}: {@code state &= (a ^ flipA)}, then
     * {@code state &= (b ^ flipB)}, each flip 0 or -1. Returns the cardinality after the first step
     * in the high 32 bits and after the second in the low 32 bits, from which a caller derives
     * what each step moved. Saves one read and one write of the state per pair of planes. Both
     * planes must be present.
     */
    static long twoSteps(long[] state, MemorySegment a, long flipA, MemorySegment b, long flipB, int from, int to) {
        int afterA = 0;
        int afterB = 0;
        long offset = (long) from << 3;
        for (int j = 0, n = to - from; j < n; j++) {
            int i = from + j;
            long o = offset + ((long) j << 3);
            long s1 = state[i] & (a.get(LE_LONG, o) ^ flipA);
            long s2 = s1 & (b.get(LE_LONG, o) ^ flipB);
            state[i] = s2;
            afterA += Long.bitCount(s1);
            afterB += Long.bitCount(s2);
        }
        return ((long) afterA << 32) | afterB;
    }

    /**
     * A row of zeros in native memory, for a kernel whose planes must be present to read an empty
     * one: rare enough (a plane no record of the column sets, and its zone map not deciding) that a
     * read of zeros costs less than a branch in the loop.
     */
    static final MemorySegment ZEROS = Arena.global().allocate((long) WORDS * 8, 8);

    /** The words {@link #countAtLeast} works on at a time: its two block states stay in the first-level cache. */
    static final int BLOCK = 64;

    /**
     * How many records of {@code state} (words {@code [from, to)}, zero outside) have bits at
     * least those of {@code bound}, reading {@code planes[0]} as the bound's bit {@code n - 1} down
     * to {@code planes[n - 1]} as its bit 0 (all present: an empty one is {@link #ZEROS}), each
     * plane word XORed with {@code flip} (0, or -1 to count bits at most those of {@code ~bound}
     * instead). Every plane is read in one pass over the words, a block at a time: a record is
     * accepted once a bit beats the bound's (1 where the bound has 0) and dropped once one loses;
     * those still equal at the end are accepted too. State is not changed. {@code equal} and
     * {@code beaten} are scratch of {@link #BLOCK} words.
     *
     * <p>A scan plane by plane ({@link #and}, {@link #split}) writes the state back and counts it
     * after every plane; this keeps both in registers and the first-level cache and counts once.
     */
    static int countAtLeast(long[] state, MemorySegment[] planes, int n, long bound, long flip, int from, int to,
            long[] equal, long[] beaten) {
        int count = 0;
        for (int block = from; block < to; block += BLOCK) {
            int len = Math.min(BLOCK, to - block);
            System.arraycopy(state, block, equal, 0, len);
            Arrays.fill(beaten, 0, len, 0L);
            long offset = (long) block << 3;
            for (int k = 0; k < n; k++) {
                boolean boundBit = ((bound >>> (n - 1 - k)) & 1) == 1;
                MemorySegment plane = planes[k];
                if (boundBit) {
                    for (int j = 0; j < len; j++) {
                        equal[j] &= plane.get(LE_LONG, offset + ((long) j << 3)) ^ flip;
                    }
                } else {
                    for (int j = 0; j < len; j++) {
                        long p = plane.get(LE_LONG, offset + ((long) j << 3)) ^ flip;
                        long e = equal[j];
                        beaten[j] |= e & p;
                        equal[j] = e & ~p;
                    }
                }
            }
            for (int j = 0; j < len; j++) {
                count += Long.bitCount(beaten[j] | equal[j]);
            }
        }
        return count;
    }

    /**
     * Like {@link #split} but moves {@code state & ~plane} out (the records whose bit is clear),
     * keeping {@code state & plane}.
     */
    static int splitClear(long[] state, MemorySegment plane, long[] accepted, int from, int to) {
        int moved = 0;
        if (plane == null) {
            moved = cardinality(state);
            if (accepted != null) {
                or(accepted, state);
            }
            java.util.Arrays.fill(state, 0L);
            return moved;
        }
        long offset = (long) from << 3;
        for (int j = 0, n = to - from; j < n; j++) {
            int i = from + j;
            long s = state[i];
            long p = plane.get(LE_LONG, offset + ((long) j << 3));
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
     * null exists or filter is everything); returns the cardinality.
     */
    static int candidates(long[] out, MemorySegment exists, MemorySegment sign, boolean negative, long[] filter) {
        if (negative && sign == null) {
            java.util.Arrays.fill(out, 0L);
            return 0;
        }
        int count = 0;
        for (int i = 0; i < WORDS; i++) {
            long w = exists == null ? -1L : exists.get(LE_LONG, (long) i << 3);
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

    /** Copies the complement of a row's words into {@code state} (all ones for an empty row). */
    static void loadComplement(long[] state, MemorySegment row) {
        if (row == null) {
            java.util.Arrays.fill(state, -1L);
            return;
        }
        for (int i = 0; i < WORDS; i++) {
            state[i] = ~row.get(LE_LONG, (long) i << 3);
        }
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
     * Writes the positions of the set bits of {@code words} into {@code positions}, which must have
     * room for one more than there are bits; returns how many, in no particular order.
     * {@code fold} and {@code lanes} are scratch of {@link #LANES} entries each.
     *
     * <p>Called when only a handful of bits are left, scattered at random, so every data-dependent
     * branch would be a coin flip the predictor loses. There is none: the words are first folded
     * onto {@link #LANES} lanes (lane {@code k} ORs words {@code k, k + 128, ..., k + 896}), one pass
     * the JIT vectorises; the non-empty lanes are listed without branching; each of their words
     * gives its lowest bit, written always and counted only when the word is not zero. Only a word
     * with a second bit, which is rare, takes a loop. With twelve bits set this takes about 0.2 us,
     * where a branch on each eight-word block and each word costs 0.38 us.
     */
    static int positions(long[] words, int[] positions, long[] fold, int[] lanes) {
        for (int k = 0; k < LANES; k++) {
            fold[k] = words[k] | words[k + LANES] | words[k + 2 * LANES] | words[k + 3 * LANES]
                    | words[k + 4 * LANES] | words[k + 5 * LANES] | words[k + 6 * LANES] | words[k + 7 * LANES];
        }
        int nonEmpty = 0;
        for (int k = 0; k < LANES; k++) {
            lanes[nonEmpty] = k;
            nonEmpty += nonZero(fold[k]);
        }
        int n = 0;
        for (int l = 0; l < nonEmpty; l++) {
            for (int i = lanes[l]; i < WORDS; i += LANES) {
                long w = words[i];
                positions[n] = (i << 6) | Long.numberOfTrailingZeros(w);
                n += nonZero(w);
                w &= w - 1;
                while (w != 0) {
                    positions[n++] = (i << 6) | Long.numberOfTrailingZeros(w);
                    w &= w - 1;
                }
            }
        }
        return n;
    }

    /** 1 if {@code w} is not zero, else 0, without a branch. */
    private static int nonZero(long w) {
        return (int) ((w | -w) >>> 63);
    }

    /** Sets bit {@code bit} of {@code out[i]} for each of the first {@code n} positions whose bit is set in {@code plane}. */
    static void gatherBits(MemorySegment plane, int[] positions, int n, int bit, long[] out) {
        for (int i = 0; i < n; i++) {
            int p = positions[i];
            long word = plane.get(LE_LONG, (long) (p >>> 6) << 3);
            out[i] |= ((word >>> p) & 1L) << bit;
        }
    }

    static boolean test(MemorySegment plane, int position) {
        return plane != null && (plane.get(LE_LONG, (long) (position >>> 6) << 3) & (1L << position)) != 0;
    }

    private WordKernels() {}
}
