package dev.big.engine.bsi;

import static dev.big.page.PageFormat.LE_LONG;

import dev.big.engine.tree.ContainerView;
import java.lang.foreign.MemorySegment;

/**
 * The records of one container column still undecided during a plane-by-plane scan. Starts as
 * 1,024 words (or as the whole column, whose words the first plane fills); once few enough records
 * remain ({@link #SPARSE_LIMIT}) it switches to a list of positions, so every later plane costs one
 * bit test per remaining record, read where the plane lies, instead of a pass over the words.
 *
 * <p>Operations name a row of the loaded {@link ColumnPlanes}: dense sets read its words, sparse
 * sets test single bits through its view.
 */
final class CandidateSet {

    /**
     * Below this many records a position list beats full-width word operations. A 1,024-word pass
     * costs 0.1-0.2 us, a bit test of one position 2-3 ns, and switching costs a scan of the words
     * (0.25 us), so positions pay only when a handful remain. Measured on AVX-512 hardware, count_ge
     * over 1M records: 16, 24 and 32 within noise of each other, 64 2 us and 128 7 us slower per
     * count, and never switching about 30% slower.
     */
    static final int SPARSE_LIMIT = 16;

    private final long[] words = new long[WordKernels.WORDS];
    /** One spare slot: {@link WordKernels#positions} writes a position before it knows whether to count it. */
    private final int[] positions = new int[SPARSE_LIMIT + 1];
    private final long[] fold = new long[WordKernels.LANES];
    private final int[] lanes = new int[WordKernels.LANES];
    private boolean sparse;
    /** Scratch of {@link #countAtLeast}, made on first use. */
    private MemorySegment[] blockPlanes;
    private long[] equal;
    private long[] beaten;
    /**
     * Every record of the column, with {@link #words} not filled: the first plane operation then
     * copies the plane (or its complement) instead of combining it with all ones, and takes the
     * count from the row's cardinality.
     */
    private boolean whole;
    private int size;
    /** The words of a dense set that may hold bits, {@code [from, to)}, in eight-word steps; all others are zero. */
    private int from;
    private int to = WordKernels.WORDS;

    /** The word array, for a caller that fills it in place before {@link #setDense}. */
    long[] fillableWords() {
        return words;
    }

    /** Declares the words filled through {@link #fillableWords()} to hold {@code size} records. */
    void setDense(int size) {
        this.sparse = false;
        this.whole = false;
        this.size = size;
        this.from = 0;
        this.to = WordKernels.WORDS;
        afterDenseStep();
    }

    /**
     * After the words changed: narrows {@code [from, to)} to the words that still hold bits, so
     * later passes skip the empty ends, then turns the set into positions if few records remain.
     * The ends are empty in the column holding a table's newest records, and after a few planes
     * of a value that grows with the id (a timestamp): a one-hour window of the standard events
     * keeps about 60 of 1,024 words once the high bits are read. Costs a test of eight words at
     * each end when nothing narrows, and at most one pass over the words in a set's life.
     */
    private void afterDenseStep() {
        int lo = from;
        while (lo < to && !anyInBlock(lo)) {
            lo += 8;
        }
        int hi = to;
        while (hi > lo && !anyInBlock(hi - 8)) {
            hi -= 8;
        }
        from = lo;
        to = hi;
        sparsifyIfSmall();
    }

    private boolean anyInBlock(int first) {
        return (words[first] | words[first + 1] | words[first + 2] | words[first + 3]
                | words[first + 4] | words[first + 5] | words[first + 6] | words[first + 7]) != 0;
    }

    /** Starts from every record of the column. */
    void setAll() {
        sparse = false;
        whole = true;
        size = WordKernels.WORDS * 64;
        from = 0;
        to = WordKernels.WORDS;
    }

    /** Starts from the given words (copied). */
    void loadWords(long[] source) {
        System.arraycopy(source, 0, words, 0, WordKernels.WORDS);
        setDense(WordKernels.cardinality(words));
    }

    void copyFrom(CandidateSet other) {
        sparse = other.sparse;
        whole = other.whole;
        size = other.size;
        from = other.from;
        to = other.to;
        if (whole) {
            return;
        }
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
        // A plane the whole column shares decides without a pass over the words: within one column
        // a timestamp's high bits are the same for every record (a column of the standard events
        // spans 18 hours, so its top 9 of 35 planes are full or empty).
        if (set ? planes.isFull(row) : planes.isEmpty(row)) {
            return size;
        }
        if (set ? planes.isEmpty(row) : planes.isFull(row)) {
            return clear();
        }
        if (whole) {
            size = startFrom(planes, row, set);
            afterDenseStep();
            return size;
        }
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
            size = set ? WordKernels.and(words, planes.words(row), from, to)
                    : WordKernels.andNot(words, planes.words(row), from, to);
            afterDenseStep();
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
        if (set ? planes.isEmpty(row) : planes.isFull(row)) {
            return 0; // no record leaves
        }
        if (whole && accepted == null) {
            // The moved records are the row (or its complement); the rest stay.
            int stay = startFrom(planes, row, !set);
            int moved = size - stay;
            size = stay;
            afterDenseStep();
            return moved;
        }
        fillIfWhole();
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
            moved = set ? WordKernels.split(words, planes.words(row), accepted, from, to)
                    : WordKernels.splitClear(words, planes.words(row), accepted, from, to);
            size -= moved;
            afterDenseStep();
        }
        return moved;
    }

    /** Whether {@link #twoSteps} applies: a dense set with its words filled and both rows present. */
    boolean canStepTwo(ColumnPlanes planes, int rowA, int rowB) {
        return !sparse && !whole && planes.words(rowA) != null && planes.words(rowB) != null;
    }

    /**
     * Two plane steps of a one-sided scan in one pass, rows {@code rowA} then {@code rowB} (both
     * present: see {@link #canStepTwo}). A record stays through a step while its bit is set when
     * {@code stay} is true, clear when false; of the records leaving, a step that {@code counts}
     * reports them as moved out (not collected), the other drops them. Returns how many the
     * counting steps moved.
     */
    int twoSteps(ColumnPlanes planes, int rowA, boolean stayA, boolean countsA, int rowB, boolean stayB, boolean countsB) {
        long sizes = WordKernels.twoSteps(words, planes.words(rowA), stayA ? 0 : -1L, planes.words(rowB), stayB ? 0 : -1L, from, to);
        int afterA = (int) (sizes >>> 32);
        int afterB = (int) sizes;
        int moved = (countsA ? size - afterA : 0) + (countsB ? afterA - afterB : 0);
        size = afterB;
        afterDenseStep();
        return moved;
    }

    /** Whether the set is a filled word array (not a position list, nor the whole column unfilled). */
    boolean isDenseFilled() {
        return !sparse && !whole;
    }

    /**
     * How many of the remaining records have bits {@code [top .. top - n + 1]} at least those of
     * {@code bound} (its low {@code n} bits), or at most them when {@code atMost}, read in one pass
     * ({@link WordKernels#countAtLeast}); the set is left as it was. A dense, filled set only.
     */
    int countAtLeast(ColumnPlanes planes, int top, int n, long bound, boolean atMost) {
        if (blockPlanes == null) {
            blockPlanes = new MemorySegment[RangeScan.FUSED_PLANES];
            equal = new long[WordKernels.BLOCK];
            beaten = new long[WordKernels.BLOCK];
        }
        for (int k = 0; k < n; k++) {
            MemorySegment plane = planes.words(ColumnPlanes.planeRow(top - k));
            blockPlanes[k] = plane != null ? plane : WordKernels.ZEROS;
        }
        long mask = (1L << n) - 1;
        return WordKernels.countAtLeast(words, blockPlanes, n, atMost ? ~bound & mask : bound & mask, atMost ? -1L : 0L,
                from, to, equal, beaten);
    }

    /** Drops every remaining record; returns 0, the new size. */
    private int clear() {
        size = 0;
        sparse = true;
        whole = false;
        return 0;
    }

    /** Accepts every remaining record; returns how many. */
    int acceptAll(long[] accepted) {
        int moved = size;
        if (accepted != null) {
            fillIfWhole();
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
        whole = false;
        return moved;
    }

    /** How many of the remaining records have their bit in row {@code row} set. */
    int countSet(ColumnPlanes planes, int row) {
        fillIfWhole();
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

    /**
     * Leaves the whole-column state for the records of the column whose bit in row {@code row} is
     * set (clear, unless {@code set}): copies the row's words (or their complement) and returns
     * how many records that is. The count comes from the row's container, except for a heap
     * container of a write transaction, which changes in place after its view was taken and is
     * counted from the words.
     */
    private int startFrom(ColumnPlanes planes, int row, boolean set) {
        whole = false;
        if (set) {
            WordKernels.load(words, planes.words(row));
        } else {
            WordKernels.loadComplement(words, planes.words(row));
        }
        ContainerView view = planes.view(row);
        if (view.heapContainer() != null) {
            return WordKernels.cardinality(words);
        }
        return set ? view.cardinality() : WordKernels.WORDS * 64 - view.cardinality();
    }

    private void fillIfWhole() {
        if (whole) {
            java.util.Arrays.fill(words, -1L);
            whole = false;
        }
    }

    private void sparsifyIfSmall() {
        if (!sparse && size <= SPARSE_LIMIT) {
            WordKernels.positions(words, positions, fold, lanes);
            sparse = true;
        }
    }
}
