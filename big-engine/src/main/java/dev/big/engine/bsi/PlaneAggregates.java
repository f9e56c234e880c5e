package dev.big.engine.bsi;

import java.lang.foreign.MemorySegment;
import org.roaringbitmap.Container;
import org.roaringbitmap.RoaringBitmap;

/**
 * Sums, counts and extremes of one field's values straight from its bit planes, for a
 * {@link BsiReader}: the reader selects the shard and loads each container column (through its
 * directories and caches), this class adds up what the planes hold. A sum is the count of set
 * bits per plane times the plane's weight, so it never decodes a value; min and max walk the
 * planes from the most significant ({@link ColumnExtremes}).
 */
final class PlaneAggregates {

    private final BsiReader reader;
    private final ColumnPlanes planes;
    private int[] recordLows;
    private long[] recordMagnitudes;

    PlaneAggregates(BsiReader reader, ColumnPlanes planes) {
        this.reader = reader;
        this.planes = planes;
    }

    /**
     * Adds the values of {@code shard} (among {@code filter} if not null) to {@code aggregate}: one
     * pass over each container column's planes for the sum, and, if the totals want them, a
     * most-significant-first walk for min and max (zone maps answer min and max directly when there
     * is no filter). A column with only {@link ColumnPlanes#FEW_RECORDS} records to add is read record
     * by record.
     */
    void aggregate(long shard, RoaringBitmap filter, BsiTotals aggregate) {
        ZoneMap zone = reader.selectShard(shard);
        if (zone.isEmpty()) {
            return;
        }
        aggregate.base = reader.field().base();
        Container[] filters = filter == null ? null : ColumnBitmaps.byContainerColumn(filter);
        int depth = zone.depth();
        CandidateSet set = filters != null && aggregate.withExtremes() ? new CandidateSet() : null;
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            if (zone.count(c) == 0 || (filters != null && filters[c] == null)) {
                continue;
            }
            reader.loadColumn(c);
            Container few = planes.fewWithValues(filters == null ? null : filters[c]);
            if (few != null) {
                addFewRecords(few, aggregate);
                continue;
            }
            for (boolean negative : new boolean[] {false, true}) {
                int card = reader.candidatesOf(filters, c, negative);
                if (card == 0) {
                    continue;
                }
                long[] candidates = reader.candidates();
                aggregate.count += card;
                aggregate.baseCount += card;
                long[] bits = negative ? aggregate.negativeBits : aggregate.positiveBits;
                for (int bit = 0; bit < depth; bit++) {
                    bits[bit] += WordKernels.andCardinality(candidates, planes.planeWords(bit));
                }
                if (filters == null) {
                    aggregate.include(zone.min(c));
                    aggregate.include(zone.max(c));
                } else if (aggregate.withExtremes()) {
                    set.loadWords(candidates);
                    long largest = ColumnExtremes.extreme(set, planes, depth, true);
                    set.loadWords(candidates);
                    long smallest = ColumnExtremes.extreme(set, planes, depth, false);
                    long base = reader.field().base();
                    aggregate.include(negative ? base - largest : base + largest);
                    aggregate.include(negative ? base - smallest : base + smallest);
                }
            }
        }
    }

    /** Adds the values of {@code records} (of the loaded column, each with a value), reading its rows in place. */
    private void addFewRecords(Container records, BsiTotals aggregate) {
        org.roaringbitmap.PeekableCharIterator it = records.getCharIterator();
        while (it.hasNext()) {
            int low = it.next();
            addValue(aggregate, planes.magnitude(low), planes.negative(low));
        }
    }

    /** One record's value, {@code base} plus or minus {@code magnitude}, into {@code aggregate}. */
    private static void addValue(BsiTotals aggregate, long magnitude, boolean negative) {
        long[] bits = negative ? aggregate.negativeBits : aggregate.positiveBits;
        for (long m = magnitude; m != 0; m &= m - 1) {
            bits[Long.numberOfTrailingZeros(m)]++;
        }
        aggregate.include(negative ? aggregate.base - magnitude : aggregate.base + magnitude);
        aggregate.count++;
        aggregate.baseCount++;
    }

    /**
     * Records per container column up to which a group's values are read record by record (a bit
     * gathered per plane each) rather than with the word kernels (1,024 words per plane, twice,
     * plus the min and max walks, whatever the group's size). Measured on 2,000,000 records of a
     * 20-bit field in 4 shards: 1,000 groups (about 65 records a group and column) took 201 ms a
     * group-by with the kernels only and 95 ms with this limit; 100 groups (about 650) took 32 ms
     * either way below this limit and 72 ms with a limit of 1,024.
     */
    static final int RECORD_BY_RECORD_LIMIT = 256;

    /**
     * Adds the values of each group of {@code shard} to {@code aggregates[group]}: each container
     * column's planes are loaded once for all its groups, so the work is one pass per column and
     * shard, not one per group. A group with few records in a column ({@link
     * #RECORD_BY_RECORD_LIMIT}) reads them record by record; a larger one uses the word kernels as
     * {@link #aggregate} does. The groups must not overlap.
     */
    void aggregateGroups(long shard, ColumnGroups groups, BsiTotals[] aggregates) {
        ZoneMap zone = reader.selectShard(shard);
        if (zone.isEmpty()) {
            return;
        }
        int depth = zone.depth();
        long base = reader.field().base();
        CandidateSet set = null;
        MemorySegment[] rows = new MemorySegment[BsiLayout.FIRST_PLANE_ROW + depth];
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            if (zone.count(c) == 0 || groups.size(c) == 0) {
                continue;
            }
            reader.loadColumn(c);
            for (int row = 0; row < rows.length; row++) {
                rows[row] = planes.words(row);
            }
            for (int i = 0; i < groups.size(c); i++) {
                BsiTotals aggregate = aggregates[groups.group(c, i)];
                aggregate.base = base;
                Container records = groups.records(c, i);
                if (records.getCardinality() <= RECORD_BY_RECORD_LIMIT) {
                    addRecordByRecord(records, rows, depth, aggregate);
                    continue;
                }
                if (set == null && aggregate.withExtremes()) {
                    set = new CandidateSet();
                }
                reader.ensureScanBuffers();
                long[] candidates = reader.candidates();
                long[] filterWords = reader.filterWords();
                ColumnBitmaps.toWords(records, filterWords);
                for (boolean negative : new boolean[] {false, true}) {
                    int card = WordKernels.candidates(candidates, rows[0], rows[1], negative, filterWords);
                    if (card == 0) {
                        continue;
                    }
                    aggregate.count += card;
                    aggregate.baseCount += card;
                    long[] bits = negative ? aggregate.negativeBits : aggregate.positiveBits;
                    for (int bit = 0; bit < depth; bit++) {
                        bits[bit] += WordKernels.andCardinality(candidates, rows[BsiLayout.FIRST_PLANE_ROW + bit]);
                    }
                    if (!aggregate.withExtremes()) {
                        continue;
                    }
                    set.loadWords(candidates);
                    long largest = ColumnExtremes.extreme(set, planes, depth, true);
                    set.loadWords(candidates);
                    long smallest = ColumnExtremes.extreme(set, planes, depth, false);
                    aggregate.include(negative ? base - largest : base + largest);
                    aggregate.include(negative ? base - smallest : base + smallest);
                }
            }
        }
    }

    /**
     * Adds the values of {@code records} (of the loaded column) one by one. Plane by plane, so
     * the inner loop reads one segment (the JIT keeps its checks out of the loop) and collects
     * each record's bit into its magnitude.
     */
    private void addRecordByRecord(Container records, MemorySegment[] rows, int depth, BsiTotals aggregate) {
        if (recordLows == null) {
            recordLows = new int[RECORD_BY_RECORD_LIMIT];
            recordMagnitudes = new long[RECORD_BY_RECORD_LIMIT];
        }
        int[] lows = recordLows;
        long[] magnitudes = recordMagnitudes;
        int n = 0;
        MemorySegment exists = rows[0];
        org.roaringbitmap.PeekableCharIterator it = records.getCharIterator();
        while (it.hasNext()) {
            int low = it.next();
            lows[n] = low;
            n += WordKernels.test(exists, low) ? 1 : 0;
        }
        java.util.Arrays.fill(magnitudes, 0, n, 0L);
        for (int bit = 0; bit < depth; bit++) {
            MemorySegment plane = rows[BsiLayout.FIRST_PLANE_ROW + bit];
            if (plane != null) {
                WordKernels.gatherBits(plane, lows, n, bit, magnitudes);
            }
        }
        MemorySegment sign = rows[1];
        for (int i = 0; i < n; i++) {
            addValue(aggregate, magnitudes[i], WordKernels.test(sign, lows[i]));
        }
    }
}
