package dev.big.engine.bsi;

import java.lang.foreign.MemorySegment;

/**
 * Counts (and optionally marks) the records of one container column whose magnitude lies in
 * {@code [lo, hi]}, reading the planes from the most significant down.
 *
 * <p>While lo and hi agree on the high bits one candidate set follows both ("share the high
 * bits"); at the first bit where they differ it splits into the records that now track lo
 * (must stay {@code >= lo}) and those that track hi (must stay {@code <= hi}). A set whose bound has
 * only zeros (for lo) or only ones (for hi) left is accepted whole, so {@code >=} costs one set and
 * stops as soon as it is empty. Sets turn into position lists once small ({@link CandidateSet}).
 */
final class RangeScan {

    private final CandidateSet low = new CandidateSet();
    private final CandidateSet high = new CandidateSet();

    /**
     * Records among {@code candidates} (1,024 words) with magnitude in {@code [lo, hi]}, where
     * {@code 0 <= lo <= hi <= 2^depth - 1}. Adds them to {@code accepted} when it is not null.
     */
    long count(long[] candidates, ColumnPlanes planes, int depth, long lo, long hi, long[] accepted) {
        CandidateSet shared = low;
        shared.loadWords(candidates);
        int bit = depth - 1;
        for (; bit >= 0 && shared.size() > 0; bit--) {
            long l = (lo >>> bit) & 1;
            long h = (hi >>> bit) & 1;
            if (l != h) {
                break;
            }
            if (l == 1) {
                shared.keepSet(planes.planeWords(bit));
            } else {
                shared.keepClear(planes.planeWords(bit));
            }
        }
        if (shared.size() == 0) {
            return 0;
        }
        if (bit < 0) {
            return shared.acceptAll(accepted);
        }
        MemorySegment divergence = planes.planeWords(bit);
        high.copyFrom(shared);
        high.keepSet(divergence);
        shared.keepClear(divergence);
        return atLeast(shared, planes, bit - 1, lo, accepted) + atMost(high, planes, bit - 1, hi, accepted);
    }

    /** Accepts the records of {@code set} whose bits {@code [top..0]} are {@code >=} those of {@code lo}. */
    private static long atLeast(CandidateSet set, ColumnPlanes planes, int top, long lo, long[] accepted) {
        long count = 0;
        for (int bit = top; bit >= 0 && set.size() > 0; bit--) {
            long rest = lo & ((2L << bit) - 1);
            if (rest == 0) {
                return count + set.acceptAll(accepted);
            }
            if (((lo >>> bit) & 1) == 1) {
                set.keepSet(planes.planeWords(bit));
            } else {
                count += set.moveSet(planes.planeWords(bit), accepted);
            }
        }
        return count + set.acceptAll(accepted);
    }

    /** Accepts the records of {@code set} whose bits {@code [top..0]} are {@code <=} those of {@code hi}. */
    private static long atMost(CandidateSet set, ColumnPlanes planes, int top, long hi, long[] accepted) {
        long count = 0;
        for (int bit = top; bit >= 0 && set.size() > 0; bit--) {
            long mask = (2L << bit) - 1;
            if ((~hi & mask) == 0) {
                return count + set.acceptAll(accepted);
            }
            if (((hi >>> bit) & 1) == 0) {
                set.keepClear(planes.planeWords(bit));
            } else {
                count += set.moveClear(planes.planeWords(bit), accepted);
            }
        }
        return count + set.acceptAll(accepted);
    }
}
