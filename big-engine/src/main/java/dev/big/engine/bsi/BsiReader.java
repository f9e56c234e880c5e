package dev.big.engine.bsi;

import dev.big.engine.Txn;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.Tree;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.roaringbitmap.Container;
import org.roaringbitmap.RoaringBitmap;

/**
 * Reads one bit-sliced integer field at one transaction's state: point reads, range counts and
 * bitmaps, one container column at a time; records' values come from {@link RecordValues}, sums,
 * min and max from {@link PlaneAggregates}, over the same selected fragment and loaded columns.
 *
 * <p>Zone maps decide first: a fragment or column whose [min, max] cannot match is skipped, one
 * that matches entirely is counted from its exists row (or zone count). Only the rest is scanned
 * plane by plane ({@link RangeScan}). Counts never materialise rows.
 *
 * <p>Reuses buffers: one reader per thread. On a write transaction it reads committed zone maps;
 * use it there only after {@link BsiWriter#flush()}.
 */
public final class BsiReader {

    private final Txn txn;
    private final BsiField field;
    // Scan buffers are made on first use: a reader that only does point reads (a record lookup in
    // a fresh snapshot, say) never pays for them.
    private final ColumnPlanes planes = new ColumnPlanes();
    private RangeScan scan;
    private long[] candidates;
    private long[] filterWords;
    private long[] accepted;
    private PlaneAggregates aggregates;
    private RecordValues values;

    private long cachedShard = -1;
    private long cachedFragment;
    private Tree cachedTree;
    private ZoneMap cachedZone;
    /** The selected shard's column directories this reader has used: no lookup, no allocation on a repeat. */
    private final PlaneDirectory[] cachedDirectories = new PlaneDirectory[ZoneMap.COLUMNS];

    public BsiReader(Txn txn, BsiField field) {
        this.txn = txn;
        this.field = field;
    }

    public BsiField field() {
        return field;
    }

    // ------------------------------------------------------------------ fragments

    private record ShardsKey(int fieldId) {}

    private record ZoneKey(long fragmentKey) {}

    private record DirectoryKey(long fragmentKey, int column) {}

    /** The shards holding values of this field, ascending (computed once per committed state). */
    public List<Long> shards() {
        return txn.cached(new ShardsKey(field.fieldId()), k -> {
            List<Long> shards = new ArrayList<>();
            txn.forEachFragment(field.firstFragmentKey(), field.lastFragmentKey(), (key, summary) -> {
                shards.add(Coords.shardOf(key));
                return true;
            });
            return List.copyOf(shards);
        });
    }

    /** The zone map of a shard's fragment (empty if the fragment does not exist). */
    public ZoneMap zone(long shard) {
        select(shard);
        return cachedZone;
    }

    /** The zone map of {@code shard}, whose fragment the reader now reads. */
    ZoneMap selectShard(long shard) {
        select(shard);
        return cachedZone;
    }

    private void select(long shard) {
        if (shard != cachedShard) {
            long key = field.fragmentKey(shard);
            cachedTree = Tree.of(txn, key);
            cachedZone = txn.cached(new ZoneKey(key), k -> ZoneMap.decode(txn.summary(key)));
            cachedFragment = key;
            cachedShard = shard;
            java.util.Arrays.fill(cachedDirectories, null);
        }
    }

    /** Loads container column {@code c} of the selected fragment through the snapshot's directory. */
    boolean loadColumn(int c) {
        PlaneDirectory directory = cachedDirectories[c];
        if (directory == null) {
            Tree tree = cachedTree;
            int depth = cachedZone.depth();
            directory = txn.cached(new DirectoryKey(cachedFragment, c), k -> PlaneDirectory.build(tree, c, depth, txn.arena()));
            cachedDirectories[c] = directory;
        }
        return planes.load(directory);
    }

    /**
     * Container column {@code c} of {@code shard} loaded for a word-wise read, or null when it holds
     * no values (for {@link ColumnComparison}).
     */
    ColumnPlanes columnPlanes(long shard, int c) {
        select(shard);
        if (cachedZone.isEmpty() || cachedZone.count(c) == 0) {
            return null;
        }
        return loadColumn(c) ? planes : null;
    }

    /**
     * The records of {@code shard} (among {@code filter} if not null) where this field's value
     * compares with {@code other}'s as {@code op} says ({@code this op other}); records without
     * both values never match. Plane by plane ({@link ColumnComparison}); both fields must have
     * the same base.
     */
    public RoaringBitmap compareWith(BsiReader other, long shard, RangePredicate.Op op, RoaringBitmap filter) {
        return ColumnComparison.compare(this, other, shard, op, filter);
    }

    // ------------------------------------------------------------------ point reads

    /** The value of record {@code id}, or empty when it has none (distinct from 0). */
    public OptionalLong get(long id) {
        long[] out = new long[1];
        return read(id, out) ? OptionalLong.of(out[0]) : OptionalLong.empty();
    }

    /**
     * Reads record {@code id}'s value into {@code out[0]}; returns false when it has none (see
     * {@link RecordValues#read}).
     */
    public boolean read(long id, long[] out) {
        return values().read(id, out);
    }

    /**
     * Passes the value of every record of {@code shard} among {@code records} (shard-local
     * columns) that has one to {@code sink}, in ascending column order, gathered word-wise from
     * each column's planes (see {@link RecordValues#gather}).
     */
    public void readValues(long shard, RoaringBitmap records, java.util.function.LongConsumer sink) {
        values().gather(shard, records, sink);
    }

    private RecordValues values() {
        if (values == null) {
            values = new RecordValues(this, planes);
        }
        return values;
    }

    // ------------------------------------------------------------------ ranges

    /** How many records (among {@code filter}, if not null, per shard) satisfy {@code predicate}. */
    public long count(RangePredicate predicate) {
        long total = 0;
        for (long shard : shards()) {
            total += count(shard, predicate, null);
        }
        return total;
    }

    /**
     * How many records of {@code shard} satisfy {@code predicate}, among the columns in
     * {@code filter} when it is not null.
     */
    public long count(long shard, RangePredicate predicate, RoaringBitmap filter) {
        return evaluate(shard, predicate, filter, null);
    }

    /** The columns of {@code shard} whose values satisfy {@code predicate} (among {@code filter} if not null). */
    public RoaringBitmap matches(long shard, RangePredicate predicate, RoaringBitmap filter) {
        RoaringBitmap result = new RoaringBitmap();
        evaluate(shard, predicate, filter, result);
        return result;
    }

    /** The columns of {@code shard} that have a value (among {@code filter} if not null). */
    public RoaringBitmap existing(long shard, RoaringBitmap filter) {
        select(shard);
        RoaringBitmap result = new RoaringBitmap();
        Container[] filters = filter == null ? null : ColumnBitmaps.byContainerColumn(filter);
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            if (cachedZone.count(c) == 0 || (filters != null && filters[c] == null)) {
                continue;
            }
            loadColumn(c);
            int card = existsInFilter(filters, c);
            if (card > 0) {
                result.append((char) c, ColumnBitmaps.fromWords(candidates, card));
            }
        }
        return result;
    }

    /**
     * How many records of {@code shard} satisfy {@code predicate} when its zone map alone decides
     * (the fragment's, or every column's, [min, max] lies inside or outside the range), or -1 when
     * some column must be scanned. Lets a caller count the decided shards at once and spread only
     * the scans over threads: waking a helper costs more than such a shard.
     */
    public long countFromZones(long shard, RangePredicate predicate) {
        select(shard);
        ZoneMap zone = cachedZone;
        long[] range = predicate.matchingRange();
        if (zone.isEmpty() || range == null) {
            return 0;
        }
        boolean negate = predicate.op() == RangePredicate.Op.NE;
        long lo = range[0];
        long hi = range[1];
        if (hi < zone.min() || lo > zone.max()) {
            return negate ? zone.count() : 0;
        }
        if (lo <= zone.min() && zone.max() <= hi) {
            return negate ? 0 : zone.count();
        }
        long total = 0;
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            long columnCount = zone.count(c);
            if (columnCount == 0) {
                continue;
            }
            boolean disjoint = hi < zone.min(c) || lo > zone.max(c);
            boolean covers = lo <= zone.min(c) && zone.max(c) <= hi;
            if (!disjoint && !covers) {
                return -1;
            }
            total += covers != negate ? columnCount : 0;
        }
        return total;
    }

    private long evaluate(long shard, RangePredicate predicate, RoaringBitmap filter, RoaringBitmap result) {
        select(shard);
        ZoneMap zone = cachedZone;
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
        Container[] filters = filter == null ? null : ColumnBitmaps.byContainerColumn(filter);
        if (filters == null && result == null) {
            boolean disjoint = hi < zone.min() || lo > zone.max();
            boolean covers = lo <= zone.min() && zone.max() <= hi;
            if (disjoint) {
                return negate ? zone.count() : 0;
            }
            if (covers) {
                return negate ? 0 : zone.count();
            }
        }
        long total = 0;
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            long columnCount = zone.count(c);
            if (columnCount == 0 || (filters != null && filters[c] == null)) {
                continue;
            }
            boolean disjoint = hi < zone.min(c) || lo > zone.max(c);
            boolean covers = lo <= zone.min(c) && zone.max(c) <= hi;
            if ((disjoint && !negate) || (covers && negate)) {
                continue;
            }
            if ((covers && !negate) || (disjoint && negate)) {
                if (filters == null && result == null) {
                    total += columnCount;
                    continue;
                }
                loadColumn(c);
                int card = existsInFilter(filters, c);
                total += card;
                if (result != null && card > 0) {
                    result.append((char) c, ColumnBitmaps.fromWords(candidates, card));
                }
                continue;
            }
            total += scanColumn(c, zone.depth(), lo, hi, negate, filters, result);
        }
        return total;
    }

    /** Makes the scan buffers on first use. */
    void ensureScanBuffers() {
        if (scan == null) {
            scan = new RangeScan();
            candidates = new long[WordKernels.WORDS];
            filterWords = new long[WordKernels.WORDS];
            accepted = new long[WordKernels.WORDS];
        }
    }

    /** Loads exists (and filter) of column {@code c} into {@link #candidates}; returns its cardinality. */
    private int existsInFilter(Container[] filters, int c) {
        ensureScanBuffers();
        return WordKernels.candidates(candidates, planes.words(0), null, false, filterOf(filters, c));
    }

    private long scanColumn(int c, int depth, long lo, long hi, boolean negate, Container[] filters, RoaringBitmap result) {
        ensureScanBuffers();
        loadColumn(c);
        long[] out = result == null && !negate ? null : accepted;
        if (out != null) {
            java.util.Arrays.fill(out, 0L);
        }
        long base = field.base();
        long storedLo = saturatingSubtract(lo, base);
        long storedHi = saturatingSubtract(hi, base);
        long maxMagnitude = depth == 63 ? Long.MAX_VALUE : (1L << depth) - 1;
        long count = 0;
        if (storedHi >= 0) {
            long mlo = Math.max(storedLo, 0);
            long mhi = Math.min(storedHi, maxMagnitude);
            if (mlo <= mhi && scanCandidates(filters, c, false) > 0) {
                count += scan.count(planes, depth, mlo, mhi, out);
            }
        }
        if (storedLo <= -1) {
            long mlo = Math.max(1, storedHi == Long.MIN_VALUE ? Long.MAX_VALUE : -storedHi);
            long mhi = Math.min(storedLo == Long.MIN_VALUE ? Long.MAX_VALUE : -storedLo, maxMagnitude);
            if (mlo <= mhi && scanCandidates(filters, c, true) > 0) {
                count += scan.count(planes, depth, mlo, mhi, out);
            }
        }
        if (negate) {
            int all = existsInFilter(filters, c);
            // candidates now holds exists ∩ filter; remove the equal ones.
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

    /** exists ∩ filter ∩ (sign or not sign) of the loaded column into {@link #candidates}. */
    int candidatesOf(Container[] filters, int c, boolean negative) {
        ensureScanBuffers();
        return WordKernels.candidates(candidates, planes.words(0), planes.words(1), negative, filterOf(filters, c));
    }

    /** The same, straight into the range scan's candidate set. */
    private int scanCandidates(Container[] filters, int c, boolean negative) {
        CandidateSet set = scan.candidates();
        if (filters == null && !negative && planes.isFull(0) && planes.isEmpty(1)) {
            set.setAll(); // a dense column of non-negative values: no words to combine
            return WordKernels.WORDS * 64;
        }
        int card = WordKernels.candidates(set.fillableWords(), planes.words(0), planes.words(1), negative, filterOf(filters, c));
        set.setDense(card);
        return card;
    }

    /** The candidate words {@link #candidatesOf} filled (after {@link #ensureScanBuffers}). */
    long[] candidates() {
        return candidates;
    }

    /** A word buffer for a filter's container (after {@link #ensureScanBuffers}). */
    long[] filterWords() {
        return filterWords;
    }

    private long[] filterOf(Container[] filters, int c) {
        if (filters == null) {
            return null;
        }
        ColumnBitmaps.toWords(filters[c], filterWords);
        return filterWords;
    }

    static long saturatingSubtract(long value, long base) {
        long result = value - base;
        if (((value ^ base) & (value ^ result)) < 0) {
            return value > base ? Long.MAX_VALUE : Long.MIN_VALUE;
        }
        return result;
    }

    // ------------------------------------------------------------------ aggregates

    /**
     * Adds the values of {@code shard} (among {@code filter} if not null) to {@code aggregate} (see
     * {@link PlaneAggregates#aggregate}).
     */
    public void aggregate(long shard, RoaringBitmap filter, BsiTotals aggregate) {
        aggregates().aggregate(shard, filter, aggregate);
    }

    /**
     * Adds the values of each group of {@code shard} to {@code aggregates[group]}, one pass per
     * container column for all groups (see {@link PlaneAggregates#aggregateGroups}). The groups
     * must not overlap.
     */
    public void aggregateGroups(long shard, ColumnGroups groups, BsiTotals[] aggregates) {
        aggregates().aggregateGroups(shard, groups, aggregates);
    }

    /**
     * The values of ranks {@code ranks} (0 the smallest) among {@code records[i]} of
     * {@code shards[i]}, every one of which must have a value: one descent of the planes per rank
     * ({@link PlaneRank}).
     */
    public long[] smallest(long[] shards, RoaringBitmap[] records, long... ranks) {
        PlaneRank rank = new PlaneRank(this, planes, shards, records);
        long[] values = new long[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            values[i] = rank.smallest(ranks[i], field.base());
        }
        return values;
    }

    private PlaneAggregates aggregates() {
        if (aggregates == null) {
            aggregates = new PlaneAggregates(this, planes);
        }
        return aggregates;
    }

    /** Aggregates every shard, unfiltered. */
    public BsiTotals aggregateAll() {
        BsiTotals aggregate = new BsiTotals();
        for (long shard : shards()) {
            aggregate(shard, null, aggregate);
        }
        return aggregate;
    }
}
