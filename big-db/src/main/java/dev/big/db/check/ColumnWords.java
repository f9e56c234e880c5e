package dev.big.db.check;

import dev.big.engine.Cell;
import dev.big.engine.coords.Coords;
import dev.big.page.BitmapPage;

/**
 * One container column (65,536 records) as 1,024 words, and what the field check asks of a
 * stored container against it, read where the container lies: an array's values, a run's ranges
 * or a bitmap page's words. No container is copied to the heap, so a sparse row (a keyed value
 * held by a few records) costs its few values, not an allocation.
 */
final class ColumnWords {

    static final int WORDS = BitmapPage.WORDS;

    private final long[] scratch = new long[WORDS];
    private final int[] lows = new int[1 << Coords.CONTAINER_BITS];

    /** The words of {@code view}, or null if it is empty. */
    static long[] of(Cell view) {
        if (view.isEmpty()) {
            return null;
        }
        long[] words = new long[WORDS];
        view.orWordsInto(words);
        return words;
    }

    /** How many bits of {@code view} are not in {@code mask} (null: an empty column). */
    int countOutside(Cell view, long[] mask) {
        if (mask == null) {
            return view.cardinality();
        }
        int outside = 0;
        switch (view.kind()) {
            case ARRAY -> {
                for (int j = 0; j < view.cardinality(); j++) {
                    int v = view.arrayValue(j);
                    if ((mask[v >>> 6] & (1L << v)) == 0) {
                        outside++;
                    }
                }
            }
            case RUN -> {
                for (int j = 0; j < view.inlineCount(); j++) {
                    int start = view.runStart(j);
                    outside += (view.runLengthMinusOne(j) + 1) - countInRange(mask, start, start + view.runLengthMinusOne(j) + 1);
                }
            }
            default -> {
                long[] words = words(view);
                for (int i = 0; i < WORDS; i++) {
                    outside += Long.bitCount(words[i] & ~mask[i]);
                }
            }
        }
        return outside;
    }

    /** ORs {@code view} into {@code acc}; returns how many of its bits {@code acc} held already. */
    int orCountingOverlap(Cell view, long[] acc) {
        int overlap = 0;
        switch (view.kind()) {
            case ARRAY -> {
                for (int j = 0; j < view.cardinality(); j++) {
                    int v = view.arrayValue(j);
                    long bit = 1L << v;
                    if ((acc[v >>> 6] & bit) != 0) {
                        overlap++;
                    }
                    acc[v >>> 6] |= bit;
                }
            }
            case RUN -> {
                for (int j = 0; j < view.inlineCount(); j++) {
                    int start = view.runStart(j);
                    int end = start + view.runLengthMinusOne(j) + 1;
                    overlap += countInRange(acc, start, end);
                }
                // Runs never overlap one another, so all are counted against acc before any is set.
                view.orWordsInto(acc);
            }
            default -> {
                long[] words = words(view);
                for (int i = 0; i < WORDS; i++) {
                    overlap += Long.bitCount(acc[i] & words[i]);
                    acc[i] |= words[i];
                }
            }
        }
        return overlap;
    }

    /** A bitmap container's words: the page where it lies, copied only when it is not a page. */
    private long[] words(Cell view) {
        if (view.isBitmapPage()) {
            for (int i = 0; i < WORDS; i++) {
                scratch[i] = view.word(i);
            }
        } else {
            view.copyWordsTo(scratch);
        }
        return scratch;
    }

    /** Bits of {@code words} set in {@code [start, end)}. */
    private static int countInRange(long[] words, int start, int end) {
        int count = 0;
        int first = start >>> 6;
        int last = (end - 1) >>> 6;
        for (int i = first; i <= last; i++) {
            long mask = -1L;
            if (i == first) {
                mask &= -1L << start;
            }
            if (i == last) {
                mask &= -1L >>> -end;
            }
            count += Long.bitCount(words[i] & mask);
        }
        return count;
    }

    /** The first bit of {@code view} not in {@code mask}, for a message. */
    static int firstOutside(Cell view, long[] mask) {
        long[] words = new long[WORDS];
        view.orWordsInto(words);
        for (int i = 0; i < WORDS; i++) {
            long stray = mask == null ? words[i] : words[i] & ~mask[i];
            if (stray != 0) {
                return i * 64 + Long.numberOfTrailingZeros(stray);
            }
        }
        return -1;
    }

    /** How many bits of {@code bits} are not in {@code mask} (null: an empty column). */
    static int countOutside(long[] bits, long[] mask) {
        int outside = 0;
        for (int i = 0; i < WORDS; i++) {
            outside += Long.bitCount(mask == null ? bits[i] : bits[i] & ~mask[i]);
        }
        return outside;
    }

    /** The first bit of {@code bits} not in {@code mask}, for a message. */
    static int firstOutside(long[] bits, long[] mask) {
        for (int i = 0; i < WORDS; i++) {
            long stray = mask == null ? bits[i] : bits[i] & ~mask[i];
            if (stray != 0) {
                return i * 64 + Long.numberOfTrailingZeros(stray);
            }
        }
        return -1;
    }

    /**
     * The bits of {@code view} (each the low 16 bits of a record's column), ascending, in the
     * first entries of {@link #lows()}; returns how many. Callers loop over a plain array rather
     * than pass a callback per bit: the check would make several kinds of callback, and a call
     * site that sees several is not inlined, so each record bit would cost a call.
     */
    int lows(Cell view) {
        int n = 0;
        switch (view.kind()) {
            case ARRAY -> {
                for (int j = 0; j < view.cardinality(); j++) {
                    lows[n++] = view.arrayValue(j);
                }
            }
            case RUN -> {
                for (int j = 0; j < view.inlineCount(); j++) {
                    int start = view.runStart(j);
                    int end = start + view.runLengthMinusOne(j);
                    for (int low = start; low <= end; low++) {
                        lows[n++] = low;
                    }
                }
            }
            default -> {
                long[] words = words(view);
                for (int i = 0; i < WORDS; i++) {
                    for (long word = words[i]; word != 0; word &= word - 1) {
                        lows[n++] = i * 64 + Long.numberOfTrailingZeros(word);
                    }
                }
            }
        }
        return n;
    }

    /**
     * XORs {@code value} into the entry of {@code values} of each bit of {@code view}: a bit-sliced
     * plane's bit into the ids of its records, or a value's fingerprint into its records'. Walks
     * the container where it lies, without listing its bits first.
     */
    void xorEach(Cell view, long value, long[] values) {
        switch (view.kind()) {
            case ARRAY -> {
                for (int j = 0; j < view.cardinality(); j++) {
                    values[view.arrayValue(j)] ^= value;
                }
            }
            case RUN -> {
                for (int j = 0; j < view.inlineCount(); j++) {
                    int start = view.runStart(j);
                    int end = start + view.runLengthMinusOne(j);
                    for (int low = start; low <= end; low++) {
                        values[low] ^= value;
                    }
                }
            }
            default -> {
                long[] words = words(view);
                for (int i = 0; i < WORDS; i++) {
                    for (long word = words[i]; word != 0; word &= word - 1) {
                        values[i * 64 + Long.numberOfTrailingZeros(word)] ^= value;
                    }
                }
            }
        }
    }

    /** Where {@link #lows(Cell)} puts a container's bits; overwritten by the next call. */
    int[] lows() {
        return lows;
    }
}
