package dev.big.engine.bsi;

import dev.big.page.BitmapPage;
import java.lang.foreign.MemorySegment;
import org.roaringbitmap.Container;
import org.roaringbitmap.RoaringBitmap;

import static dev.big.page.PageFormat.LE_LONG;

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
    private static final int WORDS = BitmapPage.WORDS;
    /**
     * The loaded column's rows as {@link #addSmallGroups} copies them: its non-empty planes word
     * by word (a word of each plane, then the next word of each: one record's bits share a cache
     * line or two, where planes a page apart each fell in the same cache set), which bit each is,
     * exists and sign.
     */
    private final long[] planeCopies = new long[BsiLayout.MAX_PLANES * WORDS];
    private final long[] planeWord = new long[WORDS];
    private final int[] planeBits = new int[BsiLayout.MAX_PLANES];
    private final long[] existsCopy = new long[WORDS];
    private final long[] signCopy = new long[WORDS];

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
            addSmallGroups(groups, c, rows, depth, base, aggregates);
            for (int i = 0; i < groups.size(c); i++) {
                Container records = groups.records(c, i);
                if (records.getCardinality() <= RECORD_BY_RECORD_LIMIT) {
                    continue; // added by addSmallGroups
                }
                BsiTotals aggregate = aggregates[groups.group(c, i)];
                aggregate.base = base;
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
     * Planes up to which a group's sum within one container column fits a long: 65,536 values
     * below {@code 2^47} each add up to less than {@code 2^63}.
     */
    private static final int LONG_SUM_DEPTH = 47;

    /**
     * Adds the values of the groups of column {@code column} with at most {@link
     * #RECORD_BY_RECORD_LIMIT} records there, all of them in one pass. Unless they are only a few
     * ({@link #COPY_LIMIT}), the column's planes are copied into one heap array, each record's
     * magnitude is gathered from it at once (its word of every plane, side by side), and each
     * group's values are summed in a long, spread over its bit counts once at the end. Measured on
     * avg per origin (300 groups, ~73 records a group and column) over 10,000,000 flights: group by
     * group, a plane at a time from the mapped pages, this part took twice as long.
     */
    private void addSmallGroups(ColumnGroups groups, int column, MemorySegment[] rows, int depth, long base, BsiTotals[] aggregates) {
        int smallRecords = 0;
        for (int i = 0; i < groups.size(column); i++) {
            int card = groups.records(column, i).getCardinality();
            smallRecords += card <= RECORD_BY_RECORD_LIMIT ? card : 0;
        }
        if (smallRecords == 0) {
            return;
        }
        if (smallRecords < COPY_LIMIT) {
            for (int i = 0; i < groups.size(column); i++) {
                Container few = groups.records(column, i);
                if (few.getCardinality() <= RECORD_BY_RECORD_LIMIT) {
                    BsiTotals aggregate = aggregates[groups.group(column, i)];
                    aggregate.base = base;
                    addInPlace(aggregate, few, rows, depth);
                }
            }
            return;
        }
        int planesHere = 0;
        for (int bit = 0; bit < depth; bit++) {
            if (rows[BsiLayout.FIRST_PLANE_ROW + bit] != null) {
                planeBits[planesHere++] = bit;
            }
        }
        for (int k = 0; k < planesHere; k++) {
            MemorySegment.copy(rows[BsiLayout.FIRST_PLANE_ROW + planeBits[k]], LE_LONG, 0, planeWord, 0, WORDS);
            for (int word = 0, at = k; word < WORDS; word++, at += planesHere) {
                planeCopies[at] = planeWord[word];
            }
        }
        MemorySegment.copy(rows[0], LE_LONG, 0, existsCopy, 0, WORDS);
        boolean signed = rows[1] != null;
        if (signed) {
            MemorySegment.copy(rows[1], LE_LONG, 0, signCopy, 0, WORDS);
        }
        for (int i = 0; i < groups.size(column); i++) {
            Container records = groups.records(column, i);
            if (records.getCardinality() <= RECORD_BY_RECORD_LIMIT) {
                BsiTotals aggregate = aggregates[groups.group(column, i)];
                aggregate.base = base;
                addRecords(aggregate, records, planesHere, signed, depth);
            }
        }
    }

    /**
     * Small groups' records in a column below which {@link #addSmallGroups} reads the planes where
     * they lie rather than copy them first: copying a column's planes costs about what reading a
     * few hundred records in place costs more than reading them from the copy.
     */
    private static final int COPY_LIMIT = 512;

    /** Adds the values of {@code records} (those with a value) to {@code aggregate}, reading the column's rows where they lie. */
    private static void addInPlace(BsiTotals aggregate, Container records, MemorySegment[] rows, int depth) {
        org.roaringbitmap.PeekableCharIterator it = records.getCharIterator();
        while (it.hasNext()) {
            int low = it.next();
            if (!WordKernels.test(rows[0], low)) {
                continue;
            }
            long magnitude = 0;
            for (int bit = 0; bit < depth; bit++) {
                magnitude |= WordKernels.test(rows[BsiLayout.FIRST_PLANE_ROW + bit], low) ? 1L << bit : 0;
            }
            addValue(aggregate, magnitude, WordKernels.test(rows[1], low));
        }
    }

    /** Adds the values of {@code records} (of the column {@link #addSmallGroups} copied; those with a value) to {@code aggregate}. */
    private void addRecords(BsiTotals aggregate, Container records, int planesHere, boolean signed, int depth) {
        long[] planes = planeCopies;
        int[] bits = planeBits;
        long[] exists = existsCopy;
        long[] sign = signCopy;
        long positive = 0;
        long negative = 0;
        long values = 0;
        long least = Long.MAX_VALUE; // of the signed offsets from the base
        long most = Long.MIN_VALUE;
        org.roaringbitmap.PeekableCharIterator it = records.getCharIterator();
        while (it.hasNext()) {
            int low = it.next();
            int word = low >>> 6;
            if (((exists[word] >>> low) & 1L) == 0) {
                continue;
            }
            long magnitude = 0;
            for (int k = 0, at = word * planesHere; k < planesHere; k++, at++) {
                magnitude |= ((planes[at] >>> low) & 1L) << bits[k];
            }
            boolean isNegative = signed && ((sign[word] >>> low) & 1L) != 0;
            if (depth > LONG_SUM_DEPTH) {
                addValue(aggregate, magnitude, isNegative);
                continue;
            }
            if (isNegative) {
                negative += magnitude;
            } else {
                positive += magnitude;
            }
            values++;
            long offset = isNegative ? -magnitude : magnitude;
            least = Math.min(least, offset);
            most = Math.max(most, offset);
        }
        if (values == 0) {
            return;
        }
        for (long m = positive; m != 0; m &= m - 1) {
            aggregate.positiveBits[Long.numberOfTrailingZeros(m)]++;
        }
        for (long m = negative; m != 0; m &= m - 1) {
            aggregate.negativeBits[Long.numberOfTrailingZeros(m)]++;
        }
        aggregate.count += values;
        aggregate.baseCount += values;
        aggregate.include(aggregate.base + least);
        aggregate.include(aggregate.base + most);
    }
}
