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
 */
final class RangeScan {

    /**
     * From this many undecided records on, a one-sided scan takes two planes per pass over the
     * words ({@link CandidateSet#twoSteps}), saving a read and a write of the state per pair: about
     * 3% of a 1M count_ge. Below it, one plane at a time, so the set turns sparse as soon as it can.
     */
    private static final int TWO_STEP_MIN = 1024;

    /**
     * Up to this many planes, a count of a one-sided range ({@code >= lo} or {@code <= hi}) over a
     * dense set of at least {@link #TWO_STEP_MIN} records reads every plane it needs in one pass
     * ({@link CandidateSet#countAtLeast}) rather than plane by plane. Plane by plane can stop early
     * once few records are left, which pays for a deep field (a timestamp's 41 planes) but not for
     * a few planes over many records: from {@link #TWO_STEP_MIN} records on, halving per plane on
     * random bits, a set stays dense for about six planes. A count of {@code dep_delay >= 180}
     * among one carrier's flights (6 planes, about 1,450 records a column) went from 3.25-3.87 to
     * 2.93-3.30 ms a 10M-record file.
     */
    static final int FUSED_PLANES = 8;

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
        if (accepted == null && low.isDenseFilled() && low.size() >= TWO_STEP_MIN) {
            // A one-sided range over many records: its planes down to where the bound's bits settle
            // (trailing zeros of lo, trailing ones of hi), in one pass.
            boolean atLeast = hi == maxMagnitude(depth) && lo > 0;
            boolean atMost = lo == 0 && hi < maxMagnitude(depth);
            int n = atLeast ? depth - Long.numberOfTrailingZeros(lo) : atMost ? depth - Long.numberOfTrailingZeros(~hi) : 0;
            if (n > 0 && n <= FUSED_PLANES) {
                return low.countAtLeast(planes, depth - 1, n, (atLeast ? lo : hi) >>> (depth - n), atMost);
            }
        }
        CandidateSet shared = low;
        int bit = depth - 1;
        for (; bit >= 0 && shared.size() > 0; bit--) {
            long l = (lo >>> bit) & 1;
            long h = (hi >>> bit) & 1;
            if (l != h) {
                break;
            }
            if (l == 1) {
                shared.keepSet(planes, ColumnPlanes.planeRow(bit));
            } else {
                shared.keepClear(planes, ColumnPlanes.planeRow(bit));
            }
        }
        if (shared.size() == 0) {
            return 0;
        }
        if (bit < 0) {
            return shared.acceptAll(accepted);
        }
        // lo has 0 and hi has 1 here: records with the bit set now only need to stay <= hi, the
        // others only need to stay >= lo. When one bound has nothing left below this bit
        // (zeros for lo, ones for hi) its side is accepted whole, without a second set.
        int divergence = ColumnPlanes.planeRow(bit);
        long below = (1L << bit) - 1;
        if ((~hi & below) == 0) {
            long count = shared.moveSet(planes, divergence, accepted);
            return count + atLeast(shared, planes, bit - 1, lo, accepted);
        }
        if ((lo & below) == 0) {
            long count = shared.moveClear(planes, divergence, accepted);
            return count + atMost(shared, planes, bit - 1, hi, accepted);
        }
        high.copyFrom(shared);
        high.keepSet(planes, divergence);
        shared.keepClear(planes, divergence);
        return atLeast(shared, planes, bit - 1, lo, accepted) + atMost(high, planes, bit - 1, hi, accepted);
    }

    /** The largest magnitude {@code depth} planes hold. */
    static long maxMagnitude(int depth) {
        return depth == 63 ? Long.MAX_VALUE : (1L << depth) - 1;
    }

    /** Accepts the records of {@code set} whose bits {@code [top..0]} are {@code >=} those of {@code lo}. */
    private static long atLeast(CandidateSet set, ColumnPlanes planes, int top, long lo, long[] accepted) {
        return oneSided(set, planes, top, lo, true, accepted);
    }

    /** Accepts the records of {@code set} whose bits {@code [top..0]} are {@code <=} those of {@code hi}. */
    private static long atMost(CandidateSet set, ColumnPlanes planes, int top, long hi, long[] accepted) {
        return oneSided(set, planes, top, hi, false, accepted);
    }

    /**
     * The one-sided scan: records stay while their bits equal the bound's; a record whose bit
     * beats the bound ({@code 1} over {@code 0} for {@code >=}, {@code 0} under {@code 1} for
     * {@code <=}) is accepted; one whose bit loses is dropped. Once the bound has nothing left that
     * could beat a record (only zeros for {@code >=}, only ones for {@code <=}), everything left is
     * accepted.
     */
    private static long oneSided(CandidateSet set, ColumnPlanes planes, int top, long bound, boolean atLeast, long[] accepted) {
        long count = 0;
        int bit = top;
        while (bit >= 0 && set.size() > 0) {
            if (settled(bound, bit, atLeast)) {
                return count + set.acceptAll(accepted);
            }
            boolean boundBit = ((bound >>> bit) & 1) == 1;
            int row = ColumnPlanes.planeRow(bit);
            if (accepted == null && bit >= 1 && set.size() >= TWO_STEP_MIN && !settled(bound, bit - 1, atLeast)
                    && set.canStepTwo(planes, row, row - 1)) {
                boolean nextBoundBit = ((bound >>> (bit - 1)) & 1) == 1;
                // A record stays while its bit equals the bound's. The others beat the bound (are
                // counted) when the bound's bit is 0 for >=, 1 for <=; else they lose (are dropped).
                boolean countsFirst = atLeast != boundBit;
                boolean countsSecond = atLeast != nextBoundBit;
                count += set.twoSteps(planes, row, boundBit, countsFirst, row - 1, nextBoundBit, countsSecond);
                bit -= 2;
                continue;
            }
            if (atLeast) {
                if (boundBit) {
                    set.keepSet(planes, row);
                } else {
                    count += set.moveSet(planes, row, accepted);
                }
            } else {
                if (boundBit) {
                    count += set.moveClear(planes, row, accepted);
                } else {
                    set.keepClear(planes, row);
                }
            }
            bit--;
        }
        return count + set.acceptAll(accepted);
    }

    /** Whether bits {@code [bit..0]} of the bound can no longer be beaten: all 0 for {@code >=}, all 1 for {@code <=}. */
    private static boolean settled(long bound, int bit, boolean atLeast) {
        long mask = (2L << bit) - 1;
        return atLeast ? (bound & mask) == 0 : (~bound & mask) == 0;
    }
}
