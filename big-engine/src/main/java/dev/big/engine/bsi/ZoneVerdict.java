package dev.big.engine.bsi;

/**
 * What a fragment's zone map says about a range predicate in each of its container columns,
 * before any plane is read: the container columns where no value can match ({@link #skipped}),
 * those where every value matches ({@link #whole}: counted from the zone count or the exists
 * row), those left to a plane scan ({@link #scanned}), and those holding no value ({@link #empty}:
 * a comparison never matches a missing value). Bit c of each mask is container column c; the four
 * masks partition them.
 *
 * <p>The one statement of the zone-map rule: a container column is skipped when its [min, max]
 * misses the matched range (for {@code !=}, when every value equals the constant), counted whole
 * when the range covers it (for {@code !=}, when it misses the constant), scanned otherwise. Range
 * counts ({@link PlaneRanges}) and the query plans of the layers above ask this class; a zone map
 * wider than the data (after updates) can only turn a skip or a whole count into a scan, never
 * the other way.
 */
public record ZoneVerdict(int skipped, int whole, int scanned, int empty) {

    /** Every container column: bit c set for each of the {@link ZoneMap#COLUMNS} container columns. */
    public static final int ALL_COLUMNS = (1 << ZoneMap.COLUMNS) - 1;

    /** The verdict of {@code zone} on {@code predicate} (its stored numbers, base already applied). */
    public static ZoneVerdict of(ZoneMap zone, RangePredicate predicate) {
        long[] range = predicate.matchingRange();
        if (range == null) {
            return nothingMatches(zone);
        }
        return of(zone, range[0], range[1], predicate.op() == RangePredicate.Op.NE);
    }

    /**
     * The verdict of {@code zone} on the values in [{@code lo}, {@code hi}], or outside it when
     * {@code negate}.
     */
    public static ZoneVerdict of(ZoneMap zone, long lo, long hi, boolean negate) {
        int skipped = 0;
        int whole = 0;
        int scanned = 0;
        int empty = 0;
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            if (zone.count(c) == 0) {
                empty |= 1 << c;
                continue;
            }
            boolean disjoint = hi < zone.min(c) || lo > zone.max(c);
            boolean covers = lo <= zone.min(c) && zone.max(c) <= hi;
            if (negate ? covers : disjoint) {
                skipped |= 1 << c;
            } else if (negate ? disjoint : covers) {
                whole |= 1 << c;
            } else {
                scanned |= 1 << c;
            }
        }
        return new ZoneVerdict(skipped, whole, scanned, empty);
    }

    /** Every container column with values skipped: the verdict on a predicate no value satisfies. */
    public static ZoneVerdict nothingMatches(ZoneMap zone) {
        int empty = 0;
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            if (zone.count(c) == 0) {
                empty |= 1 << c;
            }
        }
        return new ZoneVerdict(ALL_COLUMNS & ~empty, 0, 0, empty);
    }

    /** The container columns where some value may match: those counted whole and those scanned. */
    public int candidates() {
        return whole | scanned;
    }

    /** Whether the zone map alone answers a count: no container column is left to scan. */
    public boolean decided() {
        return scanned == 0;
    }

    /** How many values match in the container columns counted whole: the count of the fragment when {@link #decided}. */
    public long wholeCount(ZoneMap zone) {
        long total = 0;
        for (int mask = whole; mask != 0; mask &= mask - 1) {
            total += zone.count(Integer.numberOfTrailingZeros(mask));
        }
        return total;
    }
}
