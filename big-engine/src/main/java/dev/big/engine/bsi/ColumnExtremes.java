package dev.big.engine.bsi;


/** The count, min and max of one loaded container column: what a zone map records for it. */
final class ColumnExtremes {

    private final long[] candidates = new long[WordKernels.WORDS];
    private final CandidateSet set = new CandidateSet();

    long count;
    long min;
    long max;

    /** Computes the statistics of the column {@code planes} holds ({@code depth} planes). */
    void compute(ColumnPlanes planes, int depth, long base) {
        count = 0;
        min = Long.MAX_VALUE;
        max = Long.MIN_VALUE;
        for (boolean negative : new boolean[] {false, true}) {
            WordKernels.load(candidates, planes.words(0));
            if (negative) {
                if (planes.words(1) == null) {
                    continue;
                }
                WordKernels.and(candidates, planes.words(1), 0, WordKernels.WORDS);
            } else {
                WordKernels.andNot(candidates, planes.words(1), 0, WordKernels.WORDS);
            }
            int card = WordKernels.cardinality(candidates);
            if (card == 0) {
                continue;
            }
            count += card;
            set.loadWords(candidates);
            long largest = extreme(set, planes, depth, true);
            set.loadWords(candidates);
            long smallest = extreme(set, planes, depth, false);
            long a = negative ? base - largest : base + largest;
            long b = negative ? base - smallest : base + smallest;
            min = Math.min(min, Math.min(a, b));
            max = Math.max(max, Math.max(a, b));
        }
    }

    /** The largest (or smallest) magnitude in a non-empty set, most significant plane first. */
    static long extreme(CandidateSet set, ColumnPlanes planes, int depth, boolean largest) {
        long magnitude = 0;
        for (int bit = depth - 1; bit >= 0; bit--) {
            int row = ColumnPlanes.planeRow(bit);
            int withBit = set.countSet(planes, row);
            if (largest) {
                if (withBit > 0) {
                    set.keepSet(planes, row);
                    magnitude |= 1L << bit;
                }
            } else if (withBit == set.size()) {
                magnitude |= 1L << bit;
            } else {
                set.keepClear(planes, row);
            }
        }
        return magnitude;
    }
}
