package dev.big.engine.bsi;

import dev.big.page.BitmapPage;
import java.util.Arrays;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.BitmapContainer;
import org.roaringbitmap.Container;

/**
 * The bits of one container column's rows (exists, sign, every bit plane) gathered as 64-bit
 * words while a bulk write slices its values, then turned into one Roaring container per row. A
 * word's worth of values (up to 64 records whose ids share a word) is sliced at once by
 * transposing the 64 x 64 bit matrix of their magnitudes ({@link #transpose}): six rounds of
 * shifts and masks give every plane's word, where setting bit by bit cost a call per set bit
 * (about 20 for a timestamp) and was a third of a bulk load's commit time. A word of few values
 * is set bit by bit still, which is cheaper for those.
 *
 * <p>Reused from column to column and field to field: only the words a column touched are
 * cleared, so a sparse column costs what it holds, not 66 rows of 8 KiB. A row keeps its words in
 * the order the column touched them, not at their place in the container, so a column of one record
 * (a one-record commit) fills one word per row and allocates a few bytes, not 8 KiB a row (which
 * zeroing made a tenth of such a commit, in a profile of one-record commits).
 */
final class PlaneWords {

    /** Values in a word from which transposing beats setting bit by bit. */
    private static final int TRANSPOSE_FROM = 8;
    private static final long[] MASKS = {
        0x00000000FFFFFFFFL, 0x0000FFFF0000FFFFL, 0x00FF00FF00FF00FFL,
        0x0F0F0F0F0F0F0F0FL, 0x3333333333333333L, 0x5555555555555555L,
    };

    /** Per row, its bits in the {@code i}-th word touched ({@code touched[i]}) at {@code i}; grown as needed. */
    private final long[][] words = new long[ColumnPlanes.ROWS][];
    private final boolean[] used = new boolean[ColumnPlanes.ROWS];
    /** The words of the column touched so far, ascending. */
    private final int[] touched = new int[BitmapPage.WORDS];
    private int touchedCount;
    private final long[] block = new long[64];
    private long allMagnitudes;

    /** Starts a column: no bits (clearing what a column that failed half-way left). */
    void begin() {
        for (int row = 0; row < used.length; row++) {
            if (used[row]) {
                Arrays.fill(words[row], 0, filled(words[row]), 0L);
                used[row] = false;
            }
        }
        Arrays.fill(block, 0);
        touchedCount = 0;
        allMagnitudes = 0;
    }

    /**
     * Adds the values of one word of the column: {@code stored[from, to)} at positions
     * {@code lows[from, to)}, which share word {@code word} and ascend. Words must come in
     * ascending order.
     */
    void addWord(int word, char[] lows, long[] stored, int from, int to) {
        touched[touchedCount++] = word;
        long exists = 0;
        long negative = 0;
        long magnitudes = 0;
        boolean transpose = to - from >= TRANSPOSE_FROM;
        for (int k = from; k < to; k++) {
            int bit = lows[k] & 63;
            long value = stored[k];
            long magnitude = Math.abs(value);
            exists |= 1L << bit;
            if (value < 0) {
                negative |= 1L << bit;
            }
            magnitudes |= magnitude;
            if (transpose) {
                block[bit] = magnitude;
            } else {
                while (magnitude != 0) {
                    int plane = Long.numberOfTrailingZeros(magnitude);
                    magnitude &= magnitude - 1;
                    or(BsiLayout.FIRST_PLANE_ROW + plane, 1L << bit);
                }
            }
        }
        or(0, exists);
        if (negative != 0) {
            or(1, negative);
        }
        if (transpose) {
            transpose(block);
            int planes = 64 - Long.numberOfLeadingZeros(magnitudes);
            for (int plane = 0; plane < planes; plane++) {
                if (block[plane] != 0) {
                    or(BsiLayout.FIRST_PLANE_ROW + plane, block[plane]);
                }
            }
            Arrays.fill(block, 0);
        }
        allMagnitudes |= magnitudes;
    }

    /** The planes the column's magnitudes need: the highest set bit of any, plus one. */
    int depth() {
        return 64 - Long.numberOfLeadingZeros(allMagnitudes);
    }

    /** Whether row {@code row} got any bit in this column. */
    boolean has(int row) {
        return used[row];
    }

    /**
     * ORs row {@code row}'s bits into {@code existing} (which may be empty) and returns the result;
     * the row is cleared. An array container up to 4,096 bits, else a bitmap.
     */
    Container orInto(int row, Container existing) {
        int cardinality = cardinality(row);
        if (existing.getCardinality() == 0) {
            return container(row, cardinality);
        }
        return cardinality <= ADDED_ONE_BY_ONE ? addInto(row, existing) : existing.ior(container(row, cardinality));
    }

    /**
     * A row of at most this many bits is added to a container bit by bit: an or merges a whole
     * array container, up to 4,096 values, to add one (a profile of one-record commits).
     */
    private static final int ADDED_ONE_BY_ONE = 8;

    private int cardinality(int row) {
        long[] rowWords = words[row];
        int cardinality = 0;
        for (int i = 0, n = filled(rowWords); i < n; i++) {
            cardinality += Long.bitCount(rowWords[i]);
        }
        return cardinality;
    }

    /**
     * Row {@code row}'s positions into {@code out} (ascending; it must hold them all: a column of
     * {@code out.length} values at most), and clears the row; returns how many.
     */
    int takePositions(int row, char[] out) {
        long[] rowWords = words[row];
        used[row] = false;
        int n = 0;
        for (int i = 0, end = filled(rowWords); i < end; i++) {
            int word = touched[i];
            long bits = rowWords[i];
            rowWords[i] = 0;
            while (bits != 0) {
                out[n++] = (char) ((word << 6) | Long.numberOfTrailingZeros(bits));
                bits &= bits - 1;
            }
        }
        return n;
    }

    /** Adds row {@code row}'s bits to {@code existing} one by one and clears the row. */
    private Container addInto(int row, Container existing) {
        char[] positions = new char[ADDED_ONE_BY_ONE];
        Container result = existing;
        for (int k = 0, n = takePositions(row, positions); k < n; k++) {
            result = result.add(positions[k]);
        }
        return result;
    }

    /** Row {@code row}'s {@code cardinality} bits as a container; the row is cleared. */
    private Container container(int row, int cardinality) {
        long[] rowWords = words[row];
        used[row] = false;
        if (cardinality <= 4096) {
            char[] positions = new char[Math.max(cardinality, 1)];
            takePositions(row, positions);
            return new ArrayContainer(cardinality, positions);
        }
        long[] bitmap = new long[BitmapPage.WORDS];
        for (int i = 0, n = filled(rowWords); i < n; i++) {
            bitmap[touched[i]] = rowWords[i];
            rowWords[i] = 0;
        }
        return new BitmapContainer(bitmap, cardinality);
    }

    /** How many of a row's words the column touched: its words past those are zero, or not there yet. */
    private int filled(long[] rowWords) {
        return Math.min(touchedCount, rowWords.length);
    }

    /** ORs {@code bits} into row {@code row}'s word of the word being added (the last touched). */
    private void or(int row, long bits) {
        int at = touchedCount - 1;
        long[] rowWords = words[row];
        if (rowWords == null || rowWords.length <= at) {
            long[] grown = new long[Math.min(BitmapPage.WORDS, Math.max(16, 2 * (at + 1)))];
            if (rowWords != null) {
                System.arraycopy(rowWords, 0, grown, 0, rowWords.length);
            }
            rowWords = grown;
            words[row] = rowWords;
        }
        used[row] = true;
        rowWords[at] |= bits;
    }

    /**
     * Transposes the 64 x 64 bit matrix {@code a} in place: afterwards bit {@code j} of
     * {@code a[i]} is what bit {@code i} of {@code a[j]} was. Six rounds, each swapping the
     * off-diagonal blocks of every 2j x 2j block (Hacker's Delight, 7-3).
     */
    static void transpose(long[] a) {
        int j = 32;
        for (long mask : MASKS) {
            for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
                long t = ((a[k] >>> j) ^ a[k | j]) & mask;
                a[k] ^= t << j;
                a[k | j] ^= t;
            }
            j >>>= 1;
        }
    }
}
