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
 * Reads one bit-sliced integer field at one transaction's state, one container column at a time:
 * it selects the shard's fragment and loads columns through cached directories, and hands the
 * work to its rooms over the same loaded columns: records' values to {@link RecordValues}, range
 * counts and bitmaps to {@link PlaneRanges} (zone maps first, then plane scans), sums, min and max
 * to {@link PlaneAggregates}, ranks to {@link PlaneRank}.
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
    private long[] candidates;
    private long[] filterWords;
    private PlaneRanges ranges;
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

    /** Whether record {@code id} has a value: its exists bit, without reading the planes. */
    public boolean has(long id) {
        return values().has(id);
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
        return ranges().evaluate(shard, predicate, filter, null);
    }

    /** The columns of {@code shard} whose values satisfy {@code predicate} (among {@code filter} if not null). */
    public RoaringBitmap matches(long shard, RangePredicate predicate, RoaringBitmap filter) {
        RoaringBitmap result = new RoaringBitmap();
        ranges().evaluate(shard, predicate, filter, result);
        return result;
    }

    /** The columns of {@code shard} that have a value (among {@code filter} if not null). */
    public RoaringBitmap existing(long shard, RoaringBitmap filter) {
        return ranges().existing(shard, filter);
    }

    /**
     * How many records of {@code shard} satisfy {@code predicate} when its zone map alone decides
     * (the fragment's, or every column's, [min, max] lies inside or outside the range), or -1 when
     * some column must be scanned. Lets a caller count the decided shards at once and spread only
     * the scans over threads: waking a helper costs more than such a shard.
     */
    public long countFromZones(long shard, RangePredicate predicate) {
        return ranges().countFromZones(shard, predicate);
    }

    private PlaneRanges ranges() {
        if (ranges == null) {
            ranges = new PlaneRanges(this, planes);
        }
        return ranges;
    }

    /** Makes the word buffers the range scans, aggregates and ranks share, on first use. */
    void ensureScanBuffers() {
        if (candidates == null) {
            candidates = new long[WordKernels.WORDS];
            filterWords = new long[WordKernels.WORDS];
        }
    }

    /** exists ∩ filter ∩ (sign or not sign) of the loaded column into {@link #candidates}. */
    int candidatesOf(Container[] filters, int c, boolean negative) {
        ensureScanBuffers();
        return WordKernels.candidates(candidates, planes.words(0), planes.words(1), negative, filterOf(filters, c));
    }

    /** The candidate words {@link #candidatesOf} filled (after {@link #ensureScanBuffers}). */
    long[] candidates() {
        return candidates;
    }

    /** A word buffer for a filter's container (after {@link #ensureScanBuffers}). */
    long[] filterWords() {
        return filterWords;
    }

    /** The words of {@code filters[c]} in the filter buffer, or null when there is no filter. */
    long[] filterOf(Container[] filters, int c) {
        if (filters == null) {
            return null;
        }
        ColumnBitmaps.toWords(filters[c], filterWords);
        return filterWords;
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
