package dev.big.engine.bsi;


/**
 * Counts (and optionally marks) the records of one container column whose magnitude lies in
 * {@code [lo, hi]}, reading the planes from the most significant down.
 *
 * <p>While lo and hi agree on the high bits one candidate set follows both ("share the high
 * bits"); at the first bit where they differ it splits into the records that now track lo
 * (must stay {@code >= lo}) and those that track hi (must stay {@code <= hi}). A set whose bound has
 * only zeros (for lo) or only ones (for hi) left is accepted whole, so {@code >=} costs one set and
 * stops as soon as it is empty. Sets turn into position lists once small ({@link CandidateSet}).
 *
 * <p>Every step is one of four moves on a plane, named by two masks over the bits: a flip (read
 * the plane complemented) and a move (records whose read bit is set leave as accepted, the rest
 * stay; without a move the records whose read bit is clear are dropped). So {@code >= lo} below
 * the split is "no flip, move where lo has 0" and {@code <= hi} is "flip, move where hi has 1".
 * Written this way a dense set can take several planes in one pass
 * ({@link CandidateSet#descend}).
 */
final class RangeScan {

    private final CandidateSet low = new CandidateSet();
    private final CandidateSet high = new CandidateSet();

    /** The candidate set a caller fills (through {@link CandidateSet#fillableWords()}) before {@link #count}. */
    CandidateSet candidates() {
        return low;
    }

    /**
     * Records among the {@link #candidates()} with magnitude in {@code [lo, hi]}, where
     * {@code 0 <= lo <= hi <= 2^depth - 1}. Adds them to {@code accepted} when it is not null.
     */
    long count(ColumnPlanes planes, int depth, long lo, long hi, long[] accepted) {
        CandidateSet shared = low;
        long differ = lo ^ hi;
        int split = differ == 0 ? -1 : 63 - Long.numberOfLeadingZeros(differ);
        // The shared high bits: keep the records whose bit equals the bounds' (flip where it is 0).
        descend(shared, planes, depth - 1, split + 1, ~lo, 0, accepted);
        if (shared.size() == 0) {
            return 0;
        }
        if (split < 0) {
            return shared.acceptAll(accepted);
        }
        // lo has 0 and hi has 1 at the split: records with the bit set now only need to stay
        // <= hi, the others only need to stay >= lo. When one bound has nothing left below the
        // split (zeros for lo, ones for hi) its side is accepted whole, without a second set.
        long below = (1L << split) - 1;
        if ((~hi & below) == 0) {
            return atLeast(shared, planes, split, lo, accepted);
        }
        if ((lo & below) == 0) {
            return atMost(shared, planes, split, hi, accepted);
        }
        high.copyFrom(shared);
        high.keepSet(planes, ColumnPlanes.planeRow(split));
        shared.keepClear(planes, ColumnPlanes.planeRow(split));
        return atLeast(shared, planes, split - 1, lo, accepted) + atMost(high, planes, split - 1, hi, accepted);
    }

    /**
     * Accepts the records of {@code set} whose bits {@code [top..0]} are {@code >=} those of
     * {@code lo}: a record whose bit is 1 where lo has 0 is accepted, one whose bit is 0 where lo
     * has 1 is dropped; below the lowest 1 of lo everything left is accepted.
     */
    private static long atLeast(CandidateSet set, ColumnPlanes planes, int top, long lo, long[] accepted) {
        long open = top < 0 ? 0 : lo & ((2L << top) - 1);
        long count = open == 0 ? 0 : descend(set, planes, top, Long.numberOfTrailingZeros(open), 0, ~lo, accepted);
        return count + set.acceptAll(accepted);
    }

    /** The mirror of {@link #atLeast}: bits {@code [top..0]} {@code <=} those of {@code hi}. */
    private static long atMost(CandidateSet set, ColumnPlanes planes, int top, long hi, long[] accepted) {
        long open = top < 0 ? 0 : ~hi & ((2L << top) - 1);
        long count = open == 0 ? 0 : descend(set, planes, top, Long.numberOfTrailingZeros(open), -1L, hi, accepted);
        return count + set.acceptAll(accepted);
    }

    /**
     * Applies bits {@code [top..bottom]} to {@code set}, bit {@code b} as flip {@code flips}' bit b
     * and move {@code moves}' bit b; stops early when the set is empty. Returns how many records
     * were accepted.
     */
    private static long descend(CandidateSet set, ColumnPlanes planes, int top, int bottom, long flips, long moves,
            long[] accepted) {
        long count = 0;
        int bit = top;
        while (bit >= bottom && set.size() > 0) {
            int span = accepted == null ? set.fusableSpan(bit - bottom + 1) : 1;
            if (span > 1) {
                count += set.descend(planes, bit, span, flips, moves);
                bit -= span;
                continue;
            }
            boolean flip = ((flips >>> bit) & 1) != 0;
            boolean move = ((moves >>> bit) & 1) != 0;
            int row = ColumnPlanes.planeRow(bit);
            if (move) {
                count += flip ? set.moveClear(planes, row, accepted) : set.moveSet(planes, row, accepted);
            } else if (flip) {
                set.keepClear(planes, row);
            } else {
                set.keepSet(planes, row);
            }
            bit--;
        }
        return count;
    }
}
