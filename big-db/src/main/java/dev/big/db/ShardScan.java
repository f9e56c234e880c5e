package dev.big.db;

import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.RecordCounts;
import dev.big.db.catalog.TableInfo;
import dev.big.db.query.FilterEvaluator;
import dev.big.engine.Txn;
import dev.big.engine.bsi.BsiLayout;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import dev.big.engine.dict.SetIds;
import dev.big.engine.rows.RowReader;
import dev.big.engine.rows.SetRows;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * One table of a {@link Snapshot}, read a shard at a time and a column at a time: the ids of a
 * shard that match a filter, then the values of one field for a whole batch of those ids. What a
 * scan that hands records on in batches (a query engine's page of rows) needs instead of a point
 * read per record and field.
 *
 * <p>A batch must be ids of one table in ascending order. Integer values of one container column
 * (65,536 records) are decoded plane by plane once for the column; bool values from
 * the shard's two rows, fetched once per shard; set values from each distinct set's members, read
 * once per scan. Like its snapshot, a scan belongs to one thread at a time and is valid while the
 * snapshot is open.
 */
public final class ShardScan {

    private final Txn txn;
    private final TableInfo table;
    private final FilterEvaluator evaluator;
    private final Map<String, BsiReader> bsiReaders = new HashMap<>();
    private final Map<String, Dictionary> dictionaries = new HashMap<>();
    private final Map<String, SetIds> setIds = new HashMap<>();
    private final Map<String, long[]> boolShard = new HashMap<>();
    private final Map<String, RoaringBitmap[]> boolRows = new HashMap<>();
    private final Map<String, PlaneColumn> planeColumns = new HashMap<>();
    private final RowReader rows = new RowReader();

    ShardScan(Txn txn, TableInfo table) {
        this.txn = txn;
        this.table = table;
        this.evaluator = new FilterEvaluator(txn, table);
    }

    /** The table's definition. */
    public TableDef table() {
        return table.def();
    }

    /** Checks {@code filter} against the table (fields, constant types) without reading data. */
    public void validate(Filter filter) {
        evaluator.validate(filter);
    }

    /** How many records of {@code shard} match {@code filter} (from kept counts or cells where it can be). */
    public long count(Filter filter, long shard) {
        if (filter instanceof Filter.All) {
            // The shard's record count, kept beside its existence fragment: no bit is read.
            long fragment = table.existsFragment(shard);
            return RecordCounts.count(txn, fragment, txn.summary(fragment));
        }
        long fromCells = evaluator.rowCount(filter, shard);
        if (fromCells >= 0) {
            return fromCells;
        }
        return evaluator.evaluate(filter, shard).getLongCardinality();
    }

    /**
     * How many records of the table each container column (65,536 ids) of {@code shard} holds,
     * from the table's existence row: what a planner cuts a shard into work units by.
     */
    public long[] recordsPerColumn(long shard) {
        RoaringBitmap records = evaluator.all(shard);
        long[] counts = new long[Coords.CONTAINERS_PER_ROW];
        long width = Coords.SHARD_WIDTH / Coords.CONTAINERS_PER_ROW;
        for (int c = 0; c < counts.length; c++) {
            counts[c] = records.rangeCardinality(c * width, (c + 1) * width);
        }
        return counts;
    }

    /**
     * How many records of each container column of {@code shard} {@code filter} can match: the
     * container column's records, or 0 where the filter cannot match there, decided before any
     * record is read (an id range by arithmetic, an integer comparison or IN list by its zone map)
     * by the rule the query engine and EXPLAIN use. What a planner makes work units of.
     */
    public long[] recordsPerColumn(Filter filter, long shard) {
        evaluator.validate(filter);
        int columns = evaluator.pruning().containerColumns(filter, shard);
        if (columns == 0) {
            return new long[Coords.CONTAINERS_PER_ROW];
        }
        long[] counts = recordsPerColumn(shard);
        for (int c = 0; c < counts.length; c++) {
            if ((columns & (1 << c)) == 0) {
                counts[c] = 0;
            }
        }
        return counts;
    }

    /** The ids of {@code shard} matching {@code filter}, ascending. */
    public long[] ids(Filter filter, long shard) {
        RoaringBitmap columns = filter instanceof Filter.All ? evaluator.all(shard) : evaluator.evaluate(filter, shard);
        // toArray fills container by container; an IntIterator's call per id was 5% of the CPU of big's scans under Trino (issue 39)
        int[] positions = columns.toArray();
        long[] ids = new long[positions.length];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = Coords.recordId(shard, positions[i]);
        }
        return ids;
    }

    /**
     * How many records of {@code shard} matching {@code filter} hold each value of keyed or bool
     * field {@code field}, counted from the value's row without reading a record: {@code counts[v]}
     * for dictionary id {@code v} (for a bool, 0 false and 1 true), and at the end the matching
     * records without a value. The rows are fetched only in the container columns the matches
     * reach. A row per value is fetched, so this suits fields with few values (see
     * {@link #dictionarySize}).
     */
    public long[] valueCounts(String field, Filter filter, long shard) {
        FieldInfo info = table.field(field);
        long values = switch (info.type()) {
            case KEYED -> info.nextDictId();
            case BOOL -> 2;
            default -> throw new InvalidInputException("field '" + field + "' is " + info.type().label()
                    + "; values are counted for keyed and bool fields");
        };
        RoaringBitmap matching = filter instanceof Filter.All ? evaluator.all(shard) : evaluator.evaluate(filter, shard);
        long[] counts = new long[Math.toIntExact(values + 1)];
        counts[counts.length - 1] = matching.getLongCardinality();
        if (matching.isEmpty()) {
            return counts;
        }
        int mask = 0;
        long width = Coords.SHARD_WIDTH / Coords.CONTAINERS_PER_ROW;
        for (int c = 0; c < Coords.CONTAINERS_PER_ROW; c++) {
            if (matching.intersects(c * width, (c + 1) * width)) {
                mask |= 1 << c;
            }
        }
        var fragment = txn.fragment(info.rowsFragment(shard));
        for (int v = 0; v < values; v++) {
            counts[v] = RoaringBitmap.andCardinality(rows.row(fragment, v, mask), matching);
            counts[counts.length - 1] -= counts[v];
        }
        return counts;
    }

    /**
     * The stored numbers of {@code field} for {@code ids[0..count)}: the value of an int field, the
     * epoch millis of a timestamp, the dictionary id of a keyed field ({@link #dictionaryValue}).
     * {@code present[i]} says whether record {@code ids[i]} has a value ({@code values[i]} is 0 when not).
     */
    public void readNumbers(String field, long[] ids, int count, long[] values, boolean[] present) {
        FieldInfo info = table.field(field);
        if (!info.type().isInteger() && info.type() != FieldType.KEYED) {
            throw new InvalidInputException("field '" + field + "' is " + info.type().label()
                    + "; numbers are read from int, timestamp and keyed fields");
        }
        read(planeColumns.computeIfAbsent(field, f -> new PlaneColumn(info)), ids, count, values, present);
    }

    /** {@link #readNumbers} of one bit-sliced column: each container column's records decoded whole or gathered. */
    private static void read(PlaneColumn column, long[] ids, int count, long[] values, boolean[] present) {
        int from = 0;
        while (from < count) {
            long shard = Coords.shard(ids[from]);
            int containerColumn = Coords.containerColumn(Coords.column(ids[from]));
            // container columns start at multiples of 2^16 ids: the batch's ids in this one end before the next start
            long nextColumn = ((ids[from] >>> Coords.CONTAINER_BITS) + 1) << Coords.CONTAINER_BITS;
            int to = java.util.Arrays.binarySearch(ids, from + 1, count, nextColumn);
            to = to < 0 ? -to - 1 : to;
            if (!column.isLoaded(shard, containerColumn) && PlaneColumn.gathers(ids, from, to)) {
                column.gather(ids, from, to, values, present);
            } else {
                column.decode(ids, from, to, values, present);
            }
            from = to;
        }
    }

    /**
     * One container column (65,536 records) of a bit-sliced field, decoded plane by plane: each
     * plane's row is fetched once and turned into values with the others, eight planes and eight
     * records at a time ({@link ColumnValues}), rather than a bit test per plane per record.
     * Measured on the standard events when a column's set bits were walked one by one (a
     * 1,000,000-record shard, batches of 8,192 ids, 3 warm rounds): a 20-plane int cost 300 to
     * 450 ns a record by point reads ({@code BsiReader.read}) and 50 to 80 ns this way; a
     * timestamp 650 to 950 ns and 100 to 175 ns; a keyed field 70 to 115 ns and 20 to 60 ns.
     *
     * <p>A batch that asks for few records of a column ({@link #gathers}) gathers only
     * theirs ({@link #gather}): each plane's row is intersected with the requested records, so
     * the cost follows the records asked for, not the 65,536 a decode of the column pays for.
     * Measured reading an int field of 3.3M standard events in batches of 8,192 (medians of 15
     * rounds after 10, decoding only against this): 1.4% of the records 111 -> 10 ms, 3.5% 111 ->
     * 29 ms, 63% 124 -> 128 ms, all of them 135-145 -> 139-153 ms (noise). A gathered record
     * costs about 200 ns against 40 for a decoded one, so gathering every batch would make reading
     * every record five times slower; and gathering by a batch's count alone (under 4,096) made
     * the 63% read 15% slower, from the records at batches' edges gathered before their column
     * was decoded anyway, which the density test avoids.
     */
    private final class PlaneColumn {
        /** A column expected to be asked for fewer records than this has them gathered instead of decoded whole. */
        static final int GATHER_BELOW = 4_096;
        /** So few records are gathered whatever their density: decoding 65,536 for them never pays. */
        static final int ALWAYS_GATHER_BELOW = 64;

        /**
         * Whether ids[from..to), the batch's records of one column, should be gathered: when the
         * column, at the density these records have over the ids they span, holds fewer than
         * {@link #GATHER_BELOW} requested records. A dense run at a batch's edge is thus decoded
         * with its column, not gathered before the next batch decodes the column anyway.
         */
        static boolean gathers(long[] ids, int from, int to) {
            int records = to - from;
            long span = ids[to - 1] - ids[from] + 1;
            return records < ALWAYS_GATHER_BELOW || records * (1L << COLUMN_BITS) / span < GATHER_BELOW;
        }
        private static final int COLUMN_BITS = 16;
        private static final int LOW_MASK = (1 << COLUMN_BITS) - 1;
        private final FieldInfo info;
        /** The loaded column's values ({@link #load}). */
        private final ColumnValues column = new ColumnValues();
        /** One row of the loaded column, a bit per record ({@link #copyWords}). */
        private final long[] words = new long[ColumnValues.WORDS];
        /** Up to eight plane rows of the loaded column, handed to {@link ColumnValues#addPlanes} together. */
        private final long[][] planeGroup = new long[Byte.SIZE][ColumnValues.WORDS];
        private long loadedShard = -1;
        private int loadedColumn = -1;

        PlaneColumn(FieldInfo info) {
            this.info = info;
        }

        /** The values of {@code ids[from..to)}, ascending ids of one container column, from the column decoded whole. */
        void decode(long[] ids, int from, int to, long[] out, boolean[] present) {
            load(Coords.shard(ids[from]), Coords.containerColumn(Coords.column(ids[from])));
            for (int i = from; i < to; i++) {
                int low = Coords.column(ids[i]) & LOW_MASK;
                present[i] = column.has(low);
                out[i] = present[i] ? column.value(low) : 0;
            }
        }

        boolean isLoaded(long shard, int column) {
            return shard == loadedShard && column == loadedColumn;
        }

        /** The field's zone map of {@code shard}: which container columns hold values, and how many planes. */
        private ZoneMap zone(long shard) {
            return bsiReaders.computeIfAbsent(info.name(), f -> new BsiReader(txn, info.bsi())).zone(shard);
        }

        /**
         * The values of {@code ids[from..to)}, ascending ids of one container column, into
         * {@code values} and {@code present} at the same indexes: each plane's row intersected
         * with those records, its set bits OR-ed into theirs. Leaves the decoded column as it was.
         */
        void gather(long[] ids, int from, int to, long[] out, boolean[] present) {
            long shard = Coords.shard(ids[from]);
            int column = Coords.containerColumn(Coords.column(ids[from]));
            int[] positions = new int[to - from];
            for (int i = from; i < to; i++) {
                positions[i - from] = Coords.column(ids[i]);
                out[i] = 0;
                present[i] = false;
            }
            ZoneMap zone = zone(shard);
            if (zone.isEmpty() || zone.count(column) == 0) {
                return;
            }
            RoaringBitmap requested = RoaringBitmap.bitmapOf(positions);
            int mask = 1 << column;
            var fragment = txn.fragment(info.bsiFragment(shard));
            forEachRequested(RoaringBitmap.and(rows.row(fragment, BsiLayout.EXISTS_ROW, mask), requested), positions, from,
                    i -> present[i] = true);
            for (int bit = 0; bit < zone.depth(); bit++) {
                long plane = 1L << bit;
                forEachRequested(RoaringBitmap.and(rows.row(fragment, BsiLayout.planeRow(bit), mask), requested), positions, from,
                        i -> out[i] |= plane);
            }
            forEachRequested(RoaringBitmap.and(rows.row(fragment, BsiLayout.SIGN_ROW, mask), requested), positions, from,
                    i -> out[i] = -out[i]);
            long base = info.bsi().base();
            for (int i = from; i < to; i++) {
                out[i] = present[i] ? out[i] + base : 0;
            }
        }

        /** Calls {@code action} with the index (offset by {@code from}) of each of {@code hits}, a subset of the ascending {@code positions}. */
        private static void forEachRequested(RoaringBitmap hits, int[] positions, int from, java.util.function.IntConsumer action) {
            IntIterator set = hits.getIntIterator();
            int at = 0;
            while (set.hasNext()) {
                int position = set.next();
                while (positions[at] != position) {
                    at++;
                }
                action.accept(from + at);
            }
        }

        /**
         * Sets {@code into} to the bits of {@code row}, a row of one container column, a bit per
         * record of the column ({@link ColumnValues} decodes words): a bitmap container's words
         * copied whole, an array or run container's bits set.
         */
        private static void copyWords(RoaringBitmap row, long[] into) {
            org.roaringbitmap.ContainerPointer container = row.getContainerPointer();
            if (container.getContainer() == null || !container.isBitmapContainer()) {
                java.util.Arrays.fill(into, 0); // a bitmap container's copy covers every word; the others set only their bits
            }
            if (container.getContainer() != null) {
                container.getContainer().copyBitmapTo(into, 0);
            }
        }

        private void load(long shard, int containerColumn) {
            if (shard == loadedShard && containerColumn == loadedColumn) {
                return;
            }
            loadedShard = shard;
            loadedColumn = containerColumn;
            int mask = 1 << containerColumn;
            ZoneMap zone = zone(shard);
            if (zone.isEmpty() || zone.count(containerColumn) == 0) {
                column.clear();
                return;
            }
            var fragment = txn.fragment(info.bsiFragment(shard));
            copyWords(rows.row(fragment, BsiLayout.EXISTS_ROW, mask), words);
            column.reset(words);
            for (int first = 0; first < zone.depth(); first += Byte.SIZE) {
                int planes = Math.min(Byte.SIZE, zone.depth() - first);
                for (int p = 0; p < planes; p++) {
                    copyWords(rows.row(fragment, BsiLayout.planeRow(first + p), mask), planeGroup[p]);
                }
                column.addPlanes(planeGroup, planes, first);
            }
            copyWords(rows.row(fragment, BsiLayout.SIGN_ROW, mask), words);
            column.finish(words, info.bsi().base());
        }
    }

    /** The values of bool field {@code field} for {@code ids[0..count)} (1 true, 0 false), with {@code present} as in {@link #readNumbers}. */
    public void readBools(String field, long[] ids, int count, byte[] values, boolean[] present) {
        FieldInfo info = table.field(field);
        if (info.type() != FieldType.BOOL) {
            throw new InvalidInputException("field '" + field + "' is " + info.type().label() + ", not bool");
        }
        long[] shardHeld = boolShard.computeIfAbsent(field, f -> new long[] {-1});
        RoaringBitmap[] rows = boolRows.computeIfAbsent(field, f -> new RoaringBitmap[2]);
        RowReader reader = new RowReader();
        for (int i = 0; i < count; i++) {
            long shard = Coords.shard(ids[i]);
            if (shard != shardHeld[0]) {
                var fragment = txn.fragment(info.rowsFragment(shard));
                rows[0] = reader.row(fragment, 0);
                rows[1] = reader.row(fragment, 1);
                shardHeld[0] = shard;
            }
            int column = Coords.column(ids[i]);
            boolean isTrue = rows[1].contains(column);
            present[i] = isTrue || rows[0].contains(column);
            values[i] = (byte) (isTrue ? 1 : 0);
        }
    }

    /**
     * The values of set field {@code field} for {@code ids[0..count)}, each as the dictionary ids
     * of its members, ascending ({@link #dictionaryValue}); null for a record with no value, an
     * empty array for the empty set. Arrays may be shared between records holding the same set:
     * do not change them.
     */
    public long[][] readSets(String field, long[] ids, int count) {
        FieldInfo info = table.field(field);
        if (info.type() != FieldType.SET) {
            throw new InvalidInputException("field '" + field + "' is " + info.type().label() + ", not set");
        }
        long[][] sets = new long[count][];
        if (info.hasSetIds()) {
            PlaneColumn setIdColumn = planeColumns.computeIfAbsent(field, f -> new PlaneColumn(info));
            SetIds members = setIds.computeIfAbsent(field, f -> new SetIds(txn, info.dict()));
            long[] setIdsRead = new long[count];
            boolean[] present = new boolean[count];
            read(setIdColumn, ids, count, setIdsRead, present);
            for (int i = 0; i < count; i++) {
                sets[i] = present[i] ? members.members(setIdsRead[i]) : null;
            }
            return sets;
        }
        for (int i = 0; i < count; i++) {
            List<Long> rows = SetRows.of(txn, info.nextDictId(), info.rowsFragment(Coords.shard(ids[i])), Coords.column(ids[i]));
            sets[i] = rows.isEmpty() ? null : rows.stream().mapToLong(Long::longValue).toArray();
        }
        return sets;
    }

    /** How many values the dictionary of keyed or set field {@code field} holds (ids 0 to this, exclusive). */
    public long dictionarySize(String field) {
        return table.field(field).nextDictId();
    }

    /** The string with dictionary id {@code id} in keyed or set field {@code field}. */
    public String dictionaryValue(String field, long id) {
        FieldInfo info = table.field(field);
        if (!info.type().hasDictionary()) {
            throw new InvalidInputException("field '" + field + "' is " + info.type().label() + " and has no dictionary");
        }
        return dictionaries.computeIfAbsent(field, f -> new Dictionary(txn, info.dict())).value(id);
    }
}
