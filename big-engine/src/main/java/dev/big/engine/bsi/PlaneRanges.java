package dev.big.engine.bsi;

import java.lang.foreign.MemorySegment;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.Container;
import org.roaringbitmap.PeekableCharIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * Range counts and bitmaps of one field from its bit planes, for a {@link BsiReader}: the reader
 * selects the shard and loads each container column (through its directories and caches), this
 * class decides what the zone maps can and scans the rest, as {@link PlaneAggregates} adds up sums
 * over the same loaded columns.
 *
 * <p>Zone maps decide first: a fragment or column whose [min, max] cannot match is skipped, one
 * that matches entirely is counted from its zone count (or its exists row, when the records are
 * wanted or a filter applies). Only the rest is scanned plane by plane ({@link RangeScan}), the
 * candidates being exists ∩ filter ∩ sign, once for the non-negative and once for the negative
 * values the range reaches. Counts never materialise rows.
 */
final class PlaneRanges {

    private final BsiReader reader;
    private final ColumnPlanes planes;
    private final RangeScan scan = new RangeScan();
    /** The records a scan accepted, of the column being scanned, when a caller wants them (or a {@code <>} needs them). */
    private final long[] accepted = new long[WordKernels.WORDS];

    PlaneRanges(BsiReader reader, ColumnPlanes planes) {
        this.reader = reader;
        this.planes = planes;
    }

    /** The columns of {@code shard} that have a value (among {@code filter} if not null). */
    RoaringBitmap existing(long shard, RoaringBitmap filter) {
        ZoneMap zone = reader.selectShard(shard);
        RoaringBitmap result = new RoaringBitmap();
        Container[] filters = filter == null ? null : ColumnBitmaps.byContainerColumn(filter);
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            if (zone.count(c) == 0 || (filters != null && filters[c] == null)) {
                continue;
            }
            Container few = fewWithValues(zone, filters, c);
            if (few != null) {
                if (!few.isEmpty()) {
                    result.append((char) c, few);
                }
                continue;
            }
            reader.loadColumn(c);
            int card = existsInFilter(filters, c);
            if (card > 0) {
                result.append((char) c, ColumnBitmaps.fromWords(reader.candidates(), card));
            }
        }
        return result;
    }

    /** See {@link BsiReader#countFromZones}: a count from the zone map alone, or -1 when a column must be scanned. */
    long countFromZones(long shard, RangePredicate predicate) {
        ZoneMap zone = reader.selectShard(shard);
        if (zone.isEmpty()) {
            return 0;
        }
        ZoneVerdict verdict = ZoneVerdict.of(zone, predicate);
        return verdict.decided() ? verdict.wholeCount(zone) : -1;
    }

    /**
     * How many records of {@code shard} (among {@code filter} if not null) satisfy
     * {@code predicate}, also adding them to {@code result} when it is not null.
     */
    long evaluate(long shard, RangePredicate predicate, RoaringBitmap filter, RoaringBitmap result) {
        ZoneMap zone = reader.selectShard(shard);
        if (zone.isEmpty()) {
            return 0;
        }
        boolean negate = predicate.op() == RangePredicate.Op.NE;
        long[] range = predicate.matchingRange();
        if (range == null) {
            return 0;
        }
        long lo = range[0];
        long hi = range[1];
        ZoneVerdict verdict = ZoneVerdict.of(zone, lo, hi, negate);
        if (filter == null && result == null && verdict.decided()) {
            return verdict.wholeCount(zone);
        }
        Container[] filters = filter == null ? null : ColumnBitmaps.byContainerColumn(filter);
        long total = 0;
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            int bit = 1 << c;
            if ((verdict.candidates() & bit) == 0 || (filters != null && filters[c] == null)) {
                continue;
            }
            if ((verdict.whole() & bit) != 0) {
                if (filters == null && result == null) {
                    total += zone.count(c);
                    continue;
                }
                Container few = fewWithValues(zone, filters, c);
                if (few == null) {
                    reader.loadColumn(c);
                }
                int card = few != null ? few.getCardinality() : existsInFilter(filters, c);
                total += card;
                if (result != null && card > 0) {
                    result.append((char) c, few != null ? few : ColumnBitmaps.fromWords(reader.candidates(), card));
                }
                continue;
            }
            Container few = fewWithValues(zone, filters, c);
            total += few != null
                    ? matchFew(c, few, lo, hi, negate, result)
                    : scanColumn(c, zone.depth(), lo, hi, negate, filters, result);
        }
        return total;
    }

    /**
     * Column {@code c}'s records with a value (among its filter), loaded and read in place when
     * there are few to look at ({@link ColumnPlanes#fewWithValues}); null, without loading the
     * column, when the word kernels should read it.
     */
    private Container fewWithValues(ZoneMap zone, Container[] filters, int c) {
        Container filter = filters == null ? null : filters[c];
        if (zone.count(c) > ColumnPlanes.FEW_RECORDS && (filter == null || filter.getCardinality() > ColumnPlanes.FEW_RECORDS)) {
            return null;
        }
        reader.loadColumn(c);
        return planes.fewWithValues(filter);
    }

    /**
     * How many of {@code records} (of the loaded column {@code c}, each with a value) lie in
     * [{@code lo}, {@code hi}], or outside it when {@code negate}; adds them to {@code result}
     * when it is not null. Each value is read bit by bit where its rows lie.
     */
    private long matchFew(int c, Container records, long lo, long hi, boolean negate, RoaringBitmap result) {
        long base = reader.field().base();
        Container matched = result == null ? null : new ArrayContainer();
        long count = 0;
        PeekableCharIterator it = records.getCharIterator();
        while (it.hasNext()) {
            char low = it.next();
            long magnitude = planes.magnitude(low);
            long value = planes.negative(low) ? base - magnitude : base + magnitude;
            if ((lo <= value && value <= hi) != negate) {
                count++;
                if (matched != null) {
                    matched = matched.add(low);
                }
            }
        }
        if (matched != null && count > 0) {
            result.append((char) c, matched);
        }
        return count;
    }

    /** Loads exists (and filter) of column {@code c} into the reader's candidates; returns its cardinality. */
    private int existsInFilter(Container[] filters, int c) {
        reader.ensureScanBuffers();
        return WordKernels.candidates(reader.candidates(), planes.words(0), null, false, reader.filterOf(filters, c));
    }

    private long scanColumn(int c, int depth, long lo, long hi, boolean negate, Container[] filters, RoaringBitmap result) {
        reader.ensureScanBuffers();
        reader.loadColumn(c);
        long[] out = result == null && !negate ? null : accepted;
        if (out != null) {
            java.util.Arrays.fill(out, 0L);
        }
        long base = reader.field().base();
        long storedLo = saturatingSubtract(lo, base);
        long storedHi = saturatingSubtract(hi, base);
        long maxMagnitude = RangeScan.maxMagnitude(depth);
        long count = 0;
        if (storedHi >= 0) {
            long mlo = Math.max(storedLo, 0);
            long mhi = Math.min(storedHi, maxMagnitude);
            if (mlo <= mhi && scanCandidates(filters, c, false, mlo == 0) > 0) {
                count += scan.count(planes, depth, mlo, mhi, out);
            }
        }
        if (storedLo <= -1) {
            long mlo = Math.max(1, storedHi == Long.MIN_VALUE ? Long.MAX_VALUE : -storedHi);
            long mhi = Math.min(storedLo == Long.MIN_VALUE ? Long.MAX_VALUE : -storedLo, maxMagnitude);
            if (mlo <= mhi && scanCandidates(filters, c, true, false) > 0) {
                count += scan.count(planes, depth, mlo, mhi, out);
            }
        }
        if (negate) {
            int all = existsInFilter(filters, c);
            // The candidates now hold exists ∩ filter; remove the equal ones.
            long[] candidates = reader.candidates();
            for (int i = 0; i < WordKernels.WORDS; i++) {
                candidates[i] &= ~accepted[i];
            }
            count = all - count;
            if (result != null && count > 0) {
                result.append((char) c, ColumnBitmaps.fromWords(candidates, (int) count));
            }
            return count;
        }
        if (result != null && count > 0) {
            result.append((char) c, ColumnBitmaps.fromWords(accepted, (int) count));
        }
        return count;
    }

    /**
     * exists ∩ filter ∩ (sign or not sign) of the loaded column, straight into the range scan's
     * candidate set.
     *
     * <p>Under a filter, the exists row is left out unless {@code needsExists} (false for the
     * negative candidates, which lie within the sign row already): a record without a value has no
     * bit in the sign row nor in any plane (the layout's rule, which {@code big check} holds files
     * to), so it reads as magnitude 0 and no range of magnitudes from 1 up takes it. That saves reading a row of
     * every column scanned; with an empty sign row, the filter's words are the candidates as they
     * are. {@code carrier = 'AA' AND dep_delay >= 180} over a file of every third flight reads 8
     * rows a column instead of 9.
     */
    private int scanCandidates(Container[] filters, int c, boolean negative, boolean needsExists) {
        CandidateSet set = scan.candidates();
        if (filters == null && !negative && planes.isFull(0) && planes.isEmpty(1)) {
            set.setAll(); // a dense column of non-negative values: no words to combine
            return WordKernels.WORDS * 64;
        }
        if (filters != null && !negative && !needsExists && planes.isEmpty(1)) {
            ColumnBitmaps.toWords(filters[c], set.fillableWords());
            int card = filters[c].getCardinality();
            set.setDense(card);
            return card;
        }
        MemorySegment exists = filters != null && !needsExists ? null : planes.words(0);
        int card = WordKernels.candidates(set.fillableWords(), exists, planes.words(1), negative, reader.filterOf(filters, c));
        set.setDense(card);
        return card;
    }

    static long saturatingSubtract(long value, long base) {
        long result = value - base;
        if (((value ^ base) & (value ^ result)) < 0) {
            return value > base ? Long.MAX_VALUE : Long.MIN_VALUE;
        }
        return result;
    }
}
