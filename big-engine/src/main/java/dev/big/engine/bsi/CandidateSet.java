package dev.big.engine.bsi;

import static dev.big.page.PageFormat.LE_LONG;

import java.lang.foreign.MemorySegment;

/**
 * The records of one container column still undecided during a plane-by-plane scan. Starts as
 * 1,024 words; once few enough records remain ({@link #SPARSE_LIMIT}) it switches to a list of
 * positions, so every later plane costs one bit test per remaining record, read where the plane
 * lies, instead of a pass over all 1,024 words.
 *
 * <p>Operations name a row of the loaded {@link ColumnPlanes}: dense sets read its words, sparse
 * sets test single bits through its view.
 */
final class CandidateSet {

    /**
     * Below this many records a position list beats full-width word operations. Measured on
     * AVX-512 hardware (count_ge over 1M records: 0 -> 75 us, 16 -> 58 us, 48 -> 62 us,
     * 128 -> 79 us): a 1,024-word pass costs 0.1-0.2 us, a bit test of one position 2-3 ns, and
     * switching costs a scan of the words, so positions pay only when a handful remain.
     */
    static final int SPARSE_LIMIT = 16;

    private final long[] words = new long[WordKernels.WORDS];
    private final int[] positions = new int[SPARSE_LIMIT];
    private boolean sparse;
    private int size;

    /** The word array, for a caller that fills it in place before {@link #setDense}. */
    long[] fillableWords() {
        return words;
    }

    /** Declares the words filled through {@link #fillableWords()} to hold {@code size} records. */
    void setDense(int size) {
        this.sparse = false;
        this.size = size;
        sparsifyIfSmall();
    }

    /** Starts from every record of the column. */
    void setAll() {
        java.util.Arrays.fill(words, -1L);
        sparse = false;
        size = WordKernels.WORDS * 64;
    }

    /** Starts from the given words (copied). */
    void loadWords(long[] source) {
        System.arraycopy(source, 0, words, 0, WordKernels.WORDS);
        setDense(WordKernels.cardinality(words));
    }

    void copyFrom(CandidateSet other) {
        sparse = other.sparse;
        size = other.size;
        if (sparse) {
            System.arraycopy(other.positions, 0, positions, 0, size);
        } else {
            System.arraycopy(other.words, 0, words, 0, WordKernels.WORDS);
        }
    }

    int size() {
        return size;
    }

    boolean isSparse() {
        return sparse;
    }

    /** Keeps the records whose bit in row {@code row} is set. */
    int keepSet(ColumnPlanes planes, int row) {
        return keep(planes, row, true);
    }

    /** Keeps the records whose bit in row {@code row} is clear. */
    int keepClear(ColumnPlanes planes, int row) {
        return keep(planes, row, false);
    }

    private int keep(ColumnPlanes planes, int row, boolean set) {
        if (sparse) {
            MemorySegment words = planes.wordsInPlace(row);
            int kept = 0;
            if (words != null) {
                // Branch-free: whether a record stays is a coin flip the predictor cannot learn.
                long want = set ? 1 : 0;
                for (int i = 0; i < size; i++) {
                    int p = positions[i];
                    positions[kept] = p;
                    kept += (int) (bit(words, p) ^ want ^ 1);
                }
            } else {
                var view = planes.view(row);
                for (int i = 0; i < size; i++) {
                    int p = positions[i];
                    if (view.contains(p) == set) {
                        positions[kept++] = p;
                    }
                }
            }
            size = kept;
        } else {
            size = set ? WordKernels.and(words, planes.words(row)) : WordKernels.andNot(words, planes.words(row));
            sparsifyIfSmall();
        }
        return size;
    }

    /** Removes the records whose bit is set, adding them to {@code accepted} (if not null); returns how many. */
    int moveSet(ColumnPlanes planes, int row, long[] accepted) {
        return move(planes, row, true, accepted);
    }

    /** Removes the records whose bit is clear, adding them to {@code accepted} (if not null); returns how many. */
    int moveClear(ColumnPlanes planes, int row, long[] accepted) {
        return move(planes, row, false, accepted);
    }

    private int move(ColumnPlanes planes, int row, boolean set, long[] accepted) {
        int moved;
        if (sparse) {
            MemorySegment words = planes.wordsInPlace(row);
            int kept = 0;
            if (words != null && accepted == null) {
                long want = set ? 1 : 0;
                for (int i = 0; i < size; i++) {
                    int p = positions[i];
                    positions[kept] = p;
                    kept += (int) (bit(words, p) ^ want);
                }
            } else {
                var view = planes.view(row);
                for (int i = 0; i < size; i++) {
                    int p = positions[i];
                    if (view.contains(p) == set) {
                        if (accepted != null) {
                            accepted[p >>> 6] |= 1L << p;
                        }
                    } else {
                        positions[kept++] = p;
                    }
                }
            }
            moved = size - kept;
            size = kept;
        } else {
            moved = set ? WordKernels.split(words, planes.words(row), accepted)
                    : WordKernels.splitClear(words, planes.words(row), accepted);
            size -= moved;
            sparsifyIfSmall();
        }
        return moved;
    }

    /** Accepts every remaining record; returns how many. */
    int acceptAll(long[] accepted) {
        int moved = size;
        if (accepted != null) {
            if (sparse) {
                for (int i = 0; i < size; i++) {
                    int p = positions[i];
                    accepted[p >>> 6] |= 1L << p;
                }
            } else {
                WordKernels.or(accepted, words);
            }
        }
        size = 0;
        sparse = true;
        return moved;
    }

    /** How many of the remaining records have their bit in row {@code row} set. */
    int countSet(ColumnPlanes planes, int row) {
        if (sparse) {
            var view = planes.view(row);
            int count = 0;
            for (int i = 0; i < size; i++) {
                if (view.contains(positions[i])) {
                    count++;
                }
            }
            return count;
        }
        return WordKernels.andCardinality(words, planes.words(row));
    }

    /** Bit {@code position} of a row's words, as 0 or 1. */
    private static long bit(MemorySegment words, int position) {
        return (words.get(LE_LONG, (long) (position >>> 6) << 3) >>> position) & 1;
    }

    private void sparsifyIfSmall() {
        if (!sparse && size <= SPARSE_LIMIT) {
            WordKernels.positions(words, positions);
            sparse = true;
        }
    }
}
