package dev.big.engine.bsi;

import dev.big.page.BitmapPage;

/**
 * The hot loops of BSI evaluation, over one container column's 1,024 words. Everything is a
 * {@code long[]}: planes are bulk-copied out of their pages first (see {@link ColumnPlanes}). That
 * copy costs an L1 write on top of the read the loop needs anyway, and it keeps every call site
 * monomorphic: loops fed a mix of mapped, heap-byte and heap-long segments left the JIT's fast
 * path and ran several times slower. A null plane is an empty one.
 */
final class WordKernels {

    static final int WORDS = BitmapPage.WORDS;

    /** {@code state &= plane}; returns the cardinality left. */
    static int and(long[] state, long[] plane) {
        if (plane == null) {
            java.util.Arrays.fill(state, 0L);
            return 0;
        }
        int count = 0;
        for (int i = 0; i < WORDS; i++) {
            long w = state[i] & plane[i];
            state[i] = w;
            count += Long.bitCount(w);
        }
        return count;
    }

    /** {@code state &= ~plane}; returns the cardinality left. */
    static int andNot(long[] state, long[] plane) {
        if (plane == null) {
            return cardinality(state);
        }
        int count = 0;
        for (int i = 0; i < WORDS; i++) {
            long w = state[i] & ~plane[i];
            state[i] = w;
            count += Long.bitCount(w);
        }
        return count;
    }

    /**
     * Moves {@code state & plane} out of state: ORs it into {@code accepted} (if not null) and
     * returns its cardinality; state keeps {@code state & ~plane}.
     */
    static int split(long[] state, long[] plane, long[] accepted) {
        if (plane == null) {
            return 0;
        }
        int moved = 0;
        if (accepted == null) {
            for (int i = 0; i < WORDS; i++) {
                long s = state[i];
                long p = plane[i];
                moved += Long.bitCount(s & p);
                state[i] = s & ~p;
            }
        } else {
            for (int i = 0; i < WORDS; i++) {
                long s = state[i];
                long hit = s & plane[i];
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
    static int splitClear(long[] state, long[] plane, long[] accepted) {
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
            long p = plane[i];
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
    static int candidates(long[] out, long[] exists, long[] sign, boolean negative, long[] filter) {
        if (negative && sign == null) {
            java.util.Arrays.fill(out, 0L);
            return 0;
        }
        int count = 0;
        for (int i = 0; i < WORDS; i++) {
            long w = exists[i];
            if (sign != null) {
                long s = sign[i];
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
    static int andCardinality(long[] state, long[] plane) {
        if (plane == null) {
            return 0;
        }
        int count = 0;
        for (int i = 0; i < WORDS; i++) {
            count += Long.bitCount(state[i] & plane[i]);
        }
        return count;
    }

    /** An empty plane, so fused loops need no null checks. */
    static final long[] ZERO = new long[WORDS];

    /**
     * Four consecutive planes of a one-sided scan in one pass (several pages in flight at once,
     * the state read and written once instead of four times). For plane {@code i} with bound bit
     * mask {@code m_i} (-1 if the bound's bit is 1, else 0): records still equal to the bound keep
     * going when their bit equals the bound's ({@code eq &= ~(p ^ m)}); a {@code >=} scan accepts
     * those whose bit is 1 where the bound has 0 ({@code eq & p & ~m}), a {@code <=} scan those
     * whose bit is 0 where the bound has 1 ({@code eq & ~p & m}). Pad with {@link #ZERO} and mask 0,
     * which changes nothing. Returns the number accepted; {@code remaining[0]} gets the state's
     * cardinality.
     */
    static int fourPlanes(long[] state, long[] p0, long[] p1, long[] p2, long[] p3,
                          long m0, long m1, long m2, long m3, boolean atLeast, long[] accepted, int[] remaining) {
        long f0 = atLeast ? ~m0 : m0;
        long f1 = atLeast ? ~m1 : m1;
        long f2 = atLeast ? ~m2 : m2;
        long f3 = atLeast ? ~m3 : m3;
        long flip = atLeast ? 0 : -1L;
        int moved = 0;
        int left = 0;
        for (int i = 0; i < WORDS; i++) {
            long eq = state[i];
            long w0 = p0[i];
            long w1 = p1[i];
            long w2 = p2[i];
            long w3 = p3[i];
            long hit = eq & (w0 ^ flip) & f0;
            eq &= ~(w0 ^ m0);
            hit |= eq & (w1 ^ flip) & f1;
            eq &= ~(w1 ^ m1);
            hit |= eq & (w2 ^ flip) & f2;
            eq &= ~(w2 ^ m2);
            hit |= eq & (w3 ^ flip) & f3;
            eq &= ~(w3 ^ m3);
            state[i] = eq;
            moved += Long.bitCount(hit);
            left += Long.bitCount(eq);
            if (accepted != null) {
                accepted[i] |= hit;
            }
        }
        remaining[0] = left;
        return moved;
    }

    /** Copies a row's words into {@code state} (zeros for an empty row). */
    static void load(long[] state, long[] row) {
        if (row == null) {
            java.util.Arrays.fill(state, 0L);
            return;
        }
        System.arraycopy(row, 0, state, 0, WORDS);
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

    /** Writes the positions of the set bits of {@code words} into {@code positions}; returns how many. */
    static int positions(long[] words, int[] positions) {
        int n = 0;
        for (int i = 0; i < WORDS; i++) {
            long w = words[i];
            while (w != 0) {
                positions[n++] = (i << 6) | Long.numberOfTrailingZeros(w);
                w &= w - 1;
            }
        }
        return n;
    }

    static boolean test(long[] plane, int position) {
        return plane != null && (plane[position >>> 6] & (1L << position)) != 0;
    }

    private WordKernels() {}
}
