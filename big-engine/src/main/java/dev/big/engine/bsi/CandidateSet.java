package dev.big.engine.bsi;

import static dev.big.page.PageFormat.LE_LONG;

import java.lang.foreign.MemorySegment;

/**
 * The records of one container column still undecided during a plane-by-plane scan. Starts as
 * 1,024 words; once few enough records remain ({@link #SPARSE_LIMIT}) it switches to a list of
 * positions, so every later plane costs one bit test per remaining record instead of a pass over
 * all 1,024 words.
 */
final class CandidateSet {

    /** Below this many records a position list beats full-width word operations. */
    static final int SPARSE_LIMIT = 512;

    final long[] words = new long[WordKernels.WORDS];
    private final int[] positions = new int[SPARSE_LIMIT];
    private boolean sparse;
    private int size;

    /** Starts from the given words (copied). */
    void loadWords(long[] source) {
        System.arraycopy(source, 0, words, 0, WordKernels.WORDS);
        sparse = false;
        size = WordKernels.cardinality(words);
        sparsifyIfSmall();
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

    /** Keeps the records whose bit in {@code plane} is set. */
    int keepSet(MemorySegment plane) {
        if (sparse) {
            int kept = 0;
            for (int i = 0; i < size; i++) {
                int p = positions[i];
                if (WordKernels.test(plane, p)) {
                    positions[kept++] = p;
                }
            }
            size = kept;
        } else {
            size = WordKernels.and(words, plane);
            sparsifyIfSmall();
        }
        return size;
    }

    /** Keeps the records whose bit in {@code plane} is clear. */
    int keepClear(MemorySegment plane) {
        if (sparse) {
            int kept = 0;
            for (int i = 0; i < size; i++) {
                int p = positions[i];
                if (!WordKernels.test(plane, p)) {
                    positions[kept++] = p;
                }
            }
            size = kept;
        } else {
            size = WordKernels.andNot(words, plane);
            sparsifyIfSmall();
        }
        return size;
    }

    /** Removes the records whose bit is set, adding them to {@code accepted} (if not null); returns how many. */
    int moveSet(MemorySegment plane, long[] accepted) {
        int moved;
        if (sparse) {
            int kept = 0;
            for (int i = 0; i < size; i++) {
                int p = positions[i];
                if (WordKernels.test(plane, p)) {
                    if (accepted != null) {
                        accepted[p >>> 6] |= 1L << p;
                    }
                } else {
                    positions[kept++] = p;
                }
            }
            moved = size - kept;
            size = kept;
        } else {
            moved = WordKernels.split(words, plane, accepted);
            size -= moved;
            sparsifyIfSmall();
        }
        return moved;
    }

    /** Removes the records whose bit is clear, adding them to {@code accepted} (if not null); returns how many. */
    int moveClear(MemorySegment plane, long[] accepted) {
        int moved;
        if (sparse) {
            int kept = 0;
            for (int i = 0; i < size; i++) {
                int p = positions[i];
                if (!WordKernels.test(plane, p)) {
                    if (accepted != null) {
                        accepted[p >>> 6] |= 1L << p;
                    }
                } else {
                    positions[kept++] = p;
                }
            }
            moved = size - kept;
            size = kept;
        } else {
            moved = WordKernels.splitClear(words, plane, accepted);
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

    /** Sum of the magnitude bit {@code plane} over the remaining records: how many have it set. */
    int countSet(MemorySegment plane) {
        if (plane == null) {
            return 0;
        }
        if (sparse) {
            int count = 0;
            for (int i = 0; i < size; i++) {
                if (WordKernels.test(plane, positions[i])) {
                    count++;
                }
            }
            return count;
        }
        int count = 0;
        for (int i = 0; i < WordKernels.WORDS; i++) {
            count += Long.bitCount(words[i] & plane.get(LE_LONG, (long) i << 3));
        }
        return count;
    }

    private void sparsifyIfSmall() {
        if (!sparse && size <= SPARSE_LIMIT) {
            WordKernels.positions(words, positions);
            sparse = true;
        }
    }
}
