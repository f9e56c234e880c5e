package dev.big.db;

import java.util.Arrays;

/**
 * The values of one container column (65,536 records) of a bit-sliced field, rebuilt from the
 * column's rows given as words (a bit per record): the existence row, then the magnitude planes
 * eight at a time, then the sign row and the field's base. Only the records that exist are
 * decoded, into a dense array in record order: each plane word is first compacted to the bits of
 * existing records ({@link Long#compress}, one instruction on x86 with BMI2), so a file holding
 * every third id, as a table split by {@code id % 3} over three files does, pays for a third of
 * the column, not all of it.
 *
 * <p>A group of planes is turned into values eight records at a time ({@link #addPlanes}): each
 * plane's byte of those records is spread a bit per byte ({@link #SPREAD}) and shifted to the
 * plane's place, so that byte {@code j} of the sum holds record {@code j}'s bits of the eight
 * planes, with no branch per bit. Walking each plane's set bits instead (a loop per bit) was
 * the hot spot of big's scans under Trino: 15% of the CPU samples of the flights shapes Trino
 * aggregates over big (JFR, issue 39), and with an {@code IntIterator} per row, 28%.
 */
final class ColumnValues {

    static final int RECORDS = 1 << 16;
    static final int WORDS = RECORDS / Long.SIZE;
    /** {@code SPREAD[b]} holds bit {@code j} of {@code b} as the low bit of its byte {@code j}. */
    private static final long[] SPREAD = new long[256];

    static {
        for (int b = 0; b < SPREAD.length; b++) {
            for (int j = 0; j < Byte.SIZE; j++) {
                SPREAD[b] |= (long) ((b >>> j) & 1) << (j * Byte.SIZE);
            }
        }
    }

    private final long[] exists = new long[WORDS];
    /** {@code rank[w]}: how many records of words before {@code w} exist, the dense index of word {@code w}'s first. */
    private final int[] rank = new int[WORDS];
    /** The values of the existing records, in record order: {@code values[0..count)}. */
    private final long[] values = new long[RECORDS];
    /** Up to eight planes compacted to the existing records' bits, turned into values together. */
    private final long[][] denseGroup = new long[Byte.SIZE][WORDS];
    private int count;
    private boolean planesAdded;

    /** Starts a column whose existence row is {@code existsWords} (copied): every value 0 until planes are added. */
    void reset(long[] existsWords) {
        System.arraycopy(existsWords, 0, exists, 0, WORDS);
        count = 0;
        for (int w = 0; w < WORDS; w++) {
            rank[w] = count;
            count += Long.bitCount(exists[w]);
        }
        planesAdded = false;
    }

    /** Starts a column without records. */
    void clear() {
        Arrays.fill(exists, 0);
        count = 0;
        planesAdded = false;
    }

    /**
     * Adds planes {@code first} to {@code first + planes - 1} ({@code planes} at most 8, groups
     * added in ascending order from plane 0), {@code planeWords[p]} holding plane {@code first + p}.
     */
    void addPlanes(long[][] planeWords, int planes, int first) {
        int denseWords = (count + Long.SIZE - 1) / Long.SIZE;
        for (int p = 0; p < planes; p++) {
            compact(planeWords[p], denseGroup[p], denseWords);
        }
        boolean assign = !planesAdded; // the first group sets every value: the array needs no clearing before
        planesAdded = true;
        for (int w = 0; w < denseWords; w++) {
            for (int k = 0; k < Long.BYTES; k++) {
                int shift = k * Byte.SIZE;
                long packed = 0;
                for (int p = 0; p < planes; p++) {
                    packed |= SPREAD[(int) (denseGroup[p][w] >>> shift) & 0xFF] << p;
                }
                int record = (w << 6) | shift;
                if (assign) {
                    for (int j = 0; j < Byte.SIZE; j++) {
                        values[record + j] = (packed >>> (j * Byte.SIZE)) & 0xFF;
                    }
                } else if (packed != 0) {
                    for (int j = 0; j < Byte.SIZE; j++) {
                        values[record + j] |= ((packed >>> (j * Byte.SIZE)) & 0xFF) << first;
                    }
                }
            }
        }
    }

    /** Negates the values of the records set in {@code signWords}, then adds {@code base} to every value. */
    void finish(long[] signWords, long base) {
        if (!planesAdded) {
            Arrays.fill(values, 0, count, 0);
        }
        int denseWords = (count + Long.SIZE - 1) / Long.SIZE;
        long[] negative = denseGroup[0];
        compact(signWords, negative, denseWords);
        for (int w = 0; w < denseWords; w++) {
            for (long word = negative[w]; word != 0; word &= word - 1) {
                int i = (w << 6) | Long.numberOfTrailingZeros(word);
                values[i] = -values[i];
            }
        }
        if (base != 0) {
            for (int i = 0; i < count; i++) {
                values[i] += base;
            }
        }
    }

    /** Whether record {@code low} (0 to 65,535) of the column has a value. */
    boolean has(int low) {
        return (exists[low >>> 6] & (1L << low)) != 0;
    }

    /** The value of record {@code low}, which {@link #has} a value. */
    long value(int low) {
        long below = exists[low >>> 6] & ((1L << low) - 1);
        return values[rank[low >>> 6] + Long.bitCount(below)];
    }

    /** {@code row}'s bits of existing records, in record order, into {@code dense[0..denseWords)}. */
    private void compact(long[] row, long[] dense, int denseWords) {
        Arrays.fill(dense, 0, denseWords, 0);
        int at = 0;
        for (int w = 0; w < WORDS; w++) {
            long mask = exists[w];
            if (mask == 0) {
                continue;
            }
            long bits = mask == -1L ? row[w] : Long.compress(row[w], mask);
            int word = at >>> 6;
            int shift = at & 63;
            dense[word] |= bits << shift;
            int n = Long.bitCount(mask);
            if (shift + n > Long.SIZE) {
                dense[word + 1] |= bits >>> (Long.SIZE - shift);
            }
            at += n;
        }
    }
}
