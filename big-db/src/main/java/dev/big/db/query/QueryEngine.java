package dev.big.db.query;

import dev.big.db.Aggregate;
import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.GroupAggregate;
import dev.big.db.GroupCount;
import dev.big.db.InvalidInputException;
import dev.big.db.Order;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.RecordCounts;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Fragment;
import dev.big.engine.Txn;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.BsiTotals;
import dev.big.engine.bsi.ColumnGroups;
import dev.big.engine.bsi.RangePredicate;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.roaringbitmap.Container;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * Answers queries on one committed state: counts, aggregates, group-bys and id listings (record
 * reads are {@link RecordReader}'s), shard by shard, from rows and bit planes. Cheap paths first: a count with no filter adds
 * up the record counts kept with the existence fragments; a count with one integer comparison
 * goes to the zone maps and plane scans without materialising anything; a group count without a
 * filter adds up cell cardinalities.
 *
 * <p>One engine per thread (it reuses buffers).
 */
public final class QueryEngine {

    private final Txn txn;
    private final Catalog catalog;
    private final Map<String, FilterEvaluator> evaluators = new HashMap<>();
    private final RecordReader records;

    public QueryEngine(Txn txn) {
        this.txn = txn;
        this.catalog = Catalog.of(txn);
        this.records = new RecordReader(this, txn, catalog);
    }

    public Catalog catalog() {
        return catalog;
    }

    /** Reads of single records (point reads) on the same state. */
    public RecordReader records() {
        return records;
    }

    /** The state this engine reads, for the other query classes of the package. */
    Txn txn() {
        return txn;
    }

    FilterEvaluator evaluator(TableInfo table) {
        return evaluators.computeIfAbsent(table.name(), n -> new FilterEvaluator(txn, table));
    }

    private record ShardsKey(int existsFieldId) {}

    /** The shards holding records of {@code table} with their record counts, ascending. */
    public List<long[]> shards(TableInfo table) {
        return txn.cached(new ShardsKey(table.existsFieldId()), k -> {
            List<long[]> shards = new ArrayList<>();
            txn.forEachFragment(table.firstExistsFragment(), table.lastExistsFragment(), (key, summary) -> {
                long count = RecordCounts.decode(summary);
                if (count > 0) {
                    shards.add(new long[] {Coords.shardOf(key), count});
                }
                return true;
            });
            return List.copyOf(shards);
        });
    }

    public long count(String tableName, Filter filter) {
        TableInfo table = catalog.table(tableName);
        FilterEvaluator evaluator = evaluator(table);
        evaluator.validate(filter);
        if (filter instanceof Filter.All) {
            return shards(table).stream().mapToLong(s -> s[1]).sum();
        }
        RangePredicate single = singleIntegerPredicate(table, filter);
        long total = 0;
        for (long[] shard : shards(table)) {
            long fromCells = single == null ? evaluator.rowCount(filter, shard[0]) : -1;
            total += fromCells >= 0 ? fromCells
                    : single != null ? evaluator.bsi(table.field(fieldOf(filter))).count(shard[0], single, null)
                    : evaluator.evaluate(filter, shard[0]).getLongCardinality();
        }
        return total;
    }

    /** The one integer comparison a filter consists of, as a range predicate, or null. */
    private RangePredicate singleIntegerPredicate(TableInfo table, Filter filter) {
        String field = fieldOf(filter);
        if (field == null || FilterEvaluator.isId(field) || !table.field(field).type().isInteger()) {
            return null;
        }
        return evaluator(table).predicate(table.field(field), filter);
    }

    private static String fieldOf(Filter filter) {
        return switch (filter) {
            case Filter.Compare c -> c.field();
            case Filter.Between b -> b.field();
            default -> null;
        };
    }

    /** count, sum, min and max of an int or timestamp field over the records matching {@code filter}. */
    public Aggregate aggregate(String tableName, String fieldName, Filter filter) {
        TableInfo table = catalog.table(tableName);
        FieldInfo field = table.field(fieldName);
        if (!field.type().isInteger()) {
            throw new InvalidInputException("sum/min/max/avg need an int or timestamp field; '" + fieldName + "' is "
                    + field.type().label());
        }
        FilterEvaluator evaluator = evaluator(table);
        evaluator.validate(filter);
        BsiReader reader = evaluator.bsi(field);
        BsiTotals aggregate = new BsiTotals();
        boolean all = filter instanceof Filter.All;
        for (long[] shard : shards(table)) {
            RoaringBitmap columns = all ? null : evaluator.evaluate(filter, shard[0]);
            if (columns != null && columns.isEmpty()) {
                continue;
            }
            reader.aggregate(shard[0], columns, aggregate);
        }
        return new Aggregate(aggregate.count(), aggregate.sum(), aggregate.min(), aggregate.max());
    }

    /**
     * Record counts per value of keyed field {@code fieldName} among the records matching
     * {@code filter}, largest first (ties by value); records with no value form a group with a
     * null key. At most {@code limit} groups (all if limit &lt; 0).
     */
    public List<GroupCount> groupCount(String tableName, String fieldName, Filter filter, int limit) {
        TableInfo table = catalog.table(tableName);
        FieldInfo field = keyedField(table, fieldName);
        FilterEvaluator evaluator = evaluator(table);
        evaluator.validate(filter);
        Map<Long, Long> counts = new HashMap<>();
        long nulls = 0;
        boolean all = filter instanceof Filter.All;
        for (long[] shard : shards(table)) {
            RoaringBitmap columns = all ? null : evaluator.evaluate(filter, shard[0]);
            if (columns != null && columns.isEmpty()) {
                continue;
            }
            Container[] byColumn = columns == null ? null : dev.big.engine.bsi.ColumnBitmaps.byContainerColumn(columns);
            Fragment tree = txn.fragment(field.rowsFragment(shard[0]));
            // Keys sort by row, then column: a row's cells come one after another, so they are
            // added up before the row's total goes into the map (one map update per row, not per cell).
            RowTotals rows = new RowTotals(counts);
            tree.forEachCell(0, -1L, view -> {
                int c = Coords.containerColumnOfKey(view.key());
                long n = byColumn == null ? view.cardinality()
                        : byColumn[c] == null ? 0 : view.toContainer().andCardinality(byColumn[c]);
                rows.add(Coords.rowOfKey(view.key()), n);
                return true;
            });
            long present = rows.finish();
            nulls += (columns == null ? shard[1] : columns.getLongCardinality()) - present;
        }
        Dictionary dictionary = evaluator.dictionary(field);
        List<GroupCount> groups = new ArrayList<>();
        for (var e : counts.entrySet()) {
            groups.add(new GroupCount(dictionary.value(e.getKey()), e.getValue()));
        }
        if (nulls > 0) {
            groups.add(new GroupCount(null, nulls));
        }
        groups.sort(Comparator.comparingLong(GroupCount::count).reversed()
                .thenComparing(GroupCount::key, Comparator.nullsLast(Comparator.naturalOrder())));
        return limit >= 0 && groups.size() > limit ? List.copyOf(groups.subList(0, limit)) : groups;
    }

    /** The number of distinct non-null values of keyed field {@code fieldName} among the matching records. */
    public long countDistinct(String tableName, String fieldName, Filter filter) {
        return groupCount(tableName, fieldName, filter, -1).stream().filter(g -> g.key() != null).count();
    }

    /**
     * Per value of keyed field {@code keyField}: the record count and the aggregate of
     * {@code valueField} among the matching records (null key for records with no key value).
     *
     * <p>One pass per shard: the key's rows are walked once, each cell intersected with the filter
     * into its group's records for that container column, and then each container column's value
     * planes are read once for every group ({@link BsiReader#aggregateGroups}). Answering group by
     * group instead cost a descent per group per shard and a pass over the planes per group.
     */
    public List<GroupAggregate> groupAggregate(String tableName, String keyField, String valueField, Filter filter) {
        TableInfo table = catalog.table(tableName);
        FieldInfo key = keyedField(table, keyField);
        FieldInfo value = table.field(valueField);
        if (!value.type().isInteger()) {
            throw new InvalidInputException("sum/min/max/avg need an int or timestamp field; '" + valueField + "' is "
                    + value.type().label());
        }
        FilterEvaluator evaluator = evaluator(table);
        evaluator.validate(filter);
        BsiReader reader = evaluator.bsi(value);
        // Group index 0 is the null key; dictionary id d is group index d + 1.
        Map<Long, Integer> indexOfRow = new HashMap<>();
        List<Long> rowOfIndex = new ArrayList<>(List.of(-1L));
        List<BsiTotals> aggregates = new ArrayList<>(List.of(new BsiTotals()));
        List<long[]> rows = new ArrayList<>(List.of(new long[1]));
        ColumnGroups groups = new ColumnGroups();
        for (long[] shard : shards(table)) {
            RoaringBitmap columns = filter instanceof Filter.All ? evaluator.all(shard[0]) : evaluator.evaluate(filter, shard[0]);
            if (columns.isEmpty()) {
                continue;
            }
            Container[] matching = dev.big.engine.bsi.ColumnBitmaps.byContainerColumn(columns);
            Container[] withKey = new Container[Coords.CONTAINERS_PER_ROW];
            groups.clear();
            txn.fragment(key.rowsFragment(shard[0])).forEachCell(0, -1L, view -> {
                int c = Coords.containerColumnOfKey(view.key());
                if (matching[c] == null) {
                    return true;
                }
                Container records = view.toContainer().and(matching[c]);
                if (records.isEmpty()) {
                    return true;
                }
                long row = Coords.rowOfKey(view.key());
                int index = indexOfRow.computeIfAbsent(row, r -> {
                    rowOfIndex.add(r);
                    aggregates.add(new BsiTotals());
                    rows.add(new long[1]);
                    return rowOfIndex.size() - 1;
                });
                rows.get(index)[0] += records.getCardinality();
                groups.add(c, index, records);
                withKey[c] = withKey[c] == null ? records.clone() : withKey[c].ior(records);
                return true;
            });
            for (int c = 0; c < Coords.CONTAINERS_PER_ROW; c++) {
                if (matching[c] == null) {
                    continue;
                }
                Container nulls = withKey[c] == null ? matching[c] : matching[c].andNot(withKey[c]);
                if (!nulls.isEmpty()) {
                    rows.get(0)[0] += nulls.getCardinality();
                    groups.add(c, 0, nulls);
                }
            }
            reader.aggregateGroups(shard[0], groups, aggregates.toArray(BsiTotals[]::new));
        }
        Dictionary dictionary = evaluator.dictionary(key);
        List<GroupAggregate> result = new ArrayList<>();
        for (int index = 0; index < rowOfIndex.size(); index++) {
            long count = rows.get(index)[0];
            if (count == 0) {
                continue;
            }
            BsiTotals a = aggregates.get(index);
            result.add(new GroupAggregate(index == 0 ? null : dictionary.value(rowOfIndex.get(index)), count,
                    new Aggregate(a.count(), a.sum(), a.min(), a.max())));
        }
        result.sort(Comparator.comparing(GroupAggregate::key, Comparator.nullsLast(Comparator.naturalOrder())));
        return result;
    }

    private static FieldInfo keyedField(TableInfo table, String fieldName) {
        FieldInfo field = table.field(fieldName);
        if (field.type() != FieldType.KEYED) {
            throw new InvalidInputException("group by needs a keyed field; '" + fieldName + "' is " + field.type().label());
        }
        return field;
    }

    /**
     * Ids of the records matching {@code filter}, in {@code order}, at most {@code limit}, after
     * {@code cursor} in that order (ids greater than it for ASC, smaller for DESC) when not null.
     */
    public long[] ids(String tableName, Filter filter, Order order, int limit, Long cursor) {
        TableInfo table = catalog.table(tableName);
        FilterEvaluator evaluator = evaluator(table);
        evaluator.validate(filter);
        // Ids are non-negative: every id is above a negative cursor, none below one at or under 0.
        if (cursor != null && cursor < 0) {
            if (order == Order.DESC) {
                return new long[0];
            }
            cursor = null;
        }
        // Grown as ids are found, so a huge limit costs nothing until that many records match.
        long[] out = new long[Math.max(0, Math.min(limit, 1024))];
        int n = 0;
        List<long[]> shards = new ArrayList<>(shards(table));
        if (order == Order.DESC) {
            java.util.Collections.reverse(shards);
        }
        for (long[] entry : shards) {
            if (n == limit) {
                break;
            }
            long shard = entry[0];
            if (cursor != null && (order == Order.ASC ? Coords.recordId(shard, (int) Coords.SHARD_WIDTH - 1) <= cursor
                    : Coords.recordId(shard, 0) >= cursor)) {
                continue;
            }
            RoaringBitmap columns = filter instanceof Filter.All ? evaluator.all(shard) : evaluator.evaluate(filter, shard);
            if (order == Order.ASC) {
                long from = cursor == null || Coords.shard(cursor) < shard ? 0 : Coords.column(cursor) + 1L;
                long next = columns.nextValue((int) Math.min(from, Coords.SHARD_WIDTH));
                while (next >= 0 && from < Coords.SHARD_WIDTH && n < limit) {
                    if (n == out.length) {
                        out = java.util.Arrays.copyOf(out, (int) Math.min(limit, 2L * out.length));
                    }
                    out[n++] = Coords.recordId(shard, (int) next);
                    next = next + 1 < Coords.SHARD_WIDTH ? columns.nextValue((int) next + 1) : -1;
                }
            } else {
                long from = cursor == null || Coords.shard(cursor) > shard ? Coords.SHARD_WIDTH - 1 : Coords.column(cursor) - 1L;
                long previous = from < 0 ? -1 : columns.previousValue((int) from);
                while (previous >= 0 && n < limit) {
                    if (n == out.length) {
                        out = java.util.Arrays.copyOf(out, (int) Math.min(limit, 2L * out.length));
                    }
                    out[n++] = Coords.recordId(shard, (int) previous);
                    previous = previous > 0 ? columns.previousValue((int) previous - 1) : -1;
                }
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /**
     * The zone map of an int or timestamp field in one shard: count, min and max per container
     * column, as the commit recorded them (for plans and diagnostics).
     */
    public ZoneMap zoneMap(String tableName, String fieldName, long shard) {
        TableInfo table = catalog.table(tableName);
        FieldInfo field = table.field(fieldName);
        if (!field.type().isInteger()) {
            throw new InvalidInputException("zone maps exist for int and timestamp fields; '" + fieldName + "' is "
                    + field.type().label());
        }
        return evaluator(table).bsi(field).zone(shard);
    }

    /** Walks every matching id in ascending order (for exports and full scans). */
    public void forEachId(String tableName, Filter filter, java.util.function.LongConsumer consumer) {
        TableInfo table = catalog.table(tableName);
        FilterEvaluator evaluator = evaluator(table);
        for (long[] shard : shards(table)) {
            RoaringBitmap columns = filter instanceof Filter.All ? evaluator.all(shard[0]) : evaluator.evaluate(filter, shard[0]);
            IntIterator it = columns.getIntIterator();
            while (it.hasNext()) {
                consumer.accept(Coords.recordId(shard[0], it.next()));
            }
        }
    }

    /** Adds up the cells of each row as they arrive in key order, into per-row totals. */
    private static final class RowTotals {

        private final Map<Long, Long> totals;
        private long row = -1;
        private long count;
        private long added;

        RowTotals(Map<Long, Long> totals) {
            this.totals = totals;
        }

        void add(long cellRow, long n) {
            if (cellRow != row) {
                flush();
                row = cellRow;
            }
            count += n;
        }

        /** Puts the last row's total in; returns the sum of every total this added. */
        long finish() {
            flush();
            return added;
        }

        private void flush() {
            if (count > 0) {
                totals.merge(row, count, Long::sum);
                added += count;
            }
            count = 0;
        }
    }
}
