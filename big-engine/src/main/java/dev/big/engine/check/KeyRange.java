package dev.big.engine.check;

import dev.big.page.BranchPage;
import java.lang.foreign.MemorySegment;

/**
 * The keys a subtree may hold, as the separators above it say: {@code [low, high)}, unsigned,
 * with no upper bound on a tree's rightmost path. Lookups route by the separators alone, so a key
 * outside its range is a key no lookup finds. Each bound remembers the branch page and child whose
 * separator set it, so a message can name where to look.
 */
record KeyRange(long low, long lowPgno, int lowChild, long high, long highPgno, int highChild, boolean bounded) {

    /** A whole tree: every key. */
    static final KeyRange ALL = new KeyRange(0, -1, -1, 0, -1, -1, false);

    /**
     * The range of child {@code c} of verified branch page {@code pgno}: from its own key (or this
     * range's lower bound, if higher) to the next child's key (or this range's upper bound).
     */
    KeyRange child(long pgno, MemorySegment branch, int c) {
        long key = BranchPage.key(branch, c);
        KeyRange range = this;
        if (lowPgno < 0 || Long.compareUnsigned(key, low) > 0) {
            range = new KeyRange(key, pgno, c, high, highPgno, highChild, bounded);
        }
        if (c + 1 < BranchPage.count(branch)) {
            range = new KeyRange(range.low, range.lowPgno, range.lowChild, BranchPage.key(branch, c + 1), pgno, c + 1, true);
        }
        return range;
    }

    boolean isBelow(long key) {
        return lowPgno >= 0 && Long.compareUnsigned(key, low) < 0;
    }

    boolean isAtOrAbove(long key) {
        return bounded && Long.compareUnsigned(key, high) >= 0;
    }
}
