package dev.big.db.query;

import dev.big.db.Aggregate;
import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.GroupAggregate;
import dev.big.db.GroupCount;
import dev.big.db.GroupSum;
import dev.big.db.InvalidInputException;
import dev.big.db.Sum;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Fragment;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.BsiTotals;
import dev.big.engine.bsi.ColumnBitmaps;
import dev.big.engine.bsi.ColumnGroups;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import dev.big.engine.rows.RowCounts;
import dev.big.page.MetaPage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.Container;
import org.roaringbitmap.RoaringBitmap;

/**
 * Group-bys over one keyed field, read from its rows: a count per key and, with a value field,
 * an aggregate per key. Each walks the key's rows once per shard in key order (row, then column),
 * so a row's cells arrive one after another; keys come back as dictionary values, with a null key
 * for the records that have none. The general grouping (several keys, buckets) is {@link Grouping}.
 */
final class KeyedGroups {

    private final QueryEngine engine;

    KeyedGroups(QueryEngine engine) {
        this.engine = engine;
    }

    /**
     * Record counts per value of keyed field {@code fieldName} among the records matching
     * {@code filter}, largest first (ties by value); records with no value form a group with a
     * null key. At most {@code limit} groups (all if limit &lt; 0).
     */
    List<GroupCount> groupCount(QueryPlan plan, FieldInfo field, int limit) {
        // Without a filter the groups hold until the next commit: kept with the state. The dictionary is
        // read only when they are counted, so a kept answer costs no dictionary per snapshot.
        List<GroupCount> groups = plan.path() == QueryPlan.Path.CELL_CARDINALITIES
                ? StateCounts.groupCounts(engine.txn(), field, () -> sorted(counts(plan, field, null), dictionary(plan, field)))
                : sorted(counts(plan, field, plan.filter()), dictionary(plan, field));
        return limit >= 0 && groups.size() > limit ? groups.subList(0, limit) : groups;
    }

    private Dictionary dictionary(QueryPlan plan, FieldInfo field) {
        return engine.evaluator(plan.table()).dictionary(field);
    }

    /** The groups of {@code counts} (per row, {@link #NULL_KEY} for no value), largest first, ties by value; immutable. */
    private static List<GroupCount> sorted(Map<Long, Long> counts, Dictionary dictionary) {
        List<GroupCount> groups = new ArrayList<>(counts.size());
        for (var e : counts.entrySet()) {
            if (e.getKey() != NULL_KEY) {
                groups.add(new GroupCount(dictionary.value(e.getKey()), e.getValue()));
            } else if (e.getValue() > 0) {
                groups.add(new GroupCount(null, e.getValue()));
            }
        }
        groups.sort(Comparator.comparingLong(GroupCount::count).reversed()
                .thenComparing(GroupCount::key, Comparator.nullsLast(Comparator.naturalOrder())));
        return List.copyOf(groups);
    }

    /**
     * The record count per row of keyed field {@code field} among the records of {@code plan}'s
     * shards matching {@code filter} (null: all), with {@link #NULL_KEY} for those without a value.
     */
    private Map<Long, Long> counts(QueryPlan plan, FieldInfo field, Filter filter) {
        TableInfo table = plan.table();
        // Counts its fragments keep cost a lookup per shard: handing shards to helper threads costs more.
        int threads = filter == null && engine.txn().formatVersion() >= MetaPage.VERSION_ROW_COUNTS ? 1 : ShardWorkers.THREADS;
        List<Map<Long, Long>> shardCounts = ShardWorkers.map(engine, plan.toRead(), threads, worker -> {
            FilterEvaluator shardEvaluator = worker.evaluator(table);
            return shard -> shardCounts(worker, shard, field, filter, shardEvaluator);
        });
        Map<Long, Long> counts = new HashMap<>();
        for (Map<Long, Long> shard : shardCounts) {
            if (shard != null) {
                shard.forEach((row, count) -> counts.merge(row, count, Long::sum));
            }
        }
        return counts;
    }

    /**
     * One shard's record count per row of keyed field {@code field} among the records matching
     * {@code filter} (null: all, read from the row counts the fragment keeps, else from its cells), with {@link #NULL_KEY} for the
     * records without a value; null when no record matches.
     */
    private static Map<Long, Long> shardCounts(QueryEngine worker, ShardPlan shard, FieldInfo field, Filter filter,
                                               FilterEvaluator evaluator) {
        RoaringBitmap columns = filter == null ? null : evaluator.evaluate(filter, shard);
        if (columns != null && columns.isEmpty()) {
            return null;
        }
        Map<Long, Long> counts = new HashMap<>();
        RowCounts kept = columns == null ? RowCounts.of(worker.txn(), field.rowsFragment(shard.shard())) : null;
        if (kept != null) {
            long present = 0;
            for (int i = 0; i < kept.rows(); i++) {
                counts.put(kept.row(i), kept.countAt(i));
                present += kept.countAt(i);
            }
            if (shard.records() > present) {
                counts.put(NULL_KEY, shard.records() - present);
            }
            return counts;
        }
        Container[] byColumn = columns == null ? null : ColumnBitmaps.byContainerColumn(columns);
        Fragment tree = worker.txn().fragment(field.rowsFragment(shard.shard()));
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
        long nulls = (columns == null ? shard.records() : columns.getLongCardinality()) - present;
        if (nulls > 0) {
            counts.put(NULL_KEY, nulls);
        }
        return counts;
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
    List<GroupAggregate> groupAggregate(QueryPlan plan, FieldInfo key, FieldInfo value) {
        List<GroupAggregate> result = new ArrayList<>();
        groupTotals(plan, key, value, BsiTotals::new, (k, rows, a) ->
                result.add(new GroupAggregate(k, rows, new Aggregate(a.count(), a.sum(), a.min(), a.max()))));
        result.sort(Comparator.comparing(GroupAggregate::key, Comparator.nullsLast(Comparator.naturalOrder())));
        return result;
    }

    /** {@link #groupAggregate} with the count and sum alone: no walks for the min and max. */
    List<GroupSum> groupSum(QueryPlan plan, FieldInfo key, FieldInfo value) {
        List<GroupSum> result = new ArrayList<>();
        groupTotals(plan, key, value, BsiTotals::countAndSum, (k, rows, a) ->
                result.add(new GroupSum(k, rows, new Sum(a.count(), a.sum()))));
        result.sort(Comparator.comparing(GroupSum::key, Comparator.nullsLast(Comparator.naturalOrder())));
        return result;
    }

    /** What {@link #groupTotals} hands over per group: its key (null for no value), records and totals. */
    private interface GroupTotals {
        void accept(String key, long rows, BsiTotals totals);
    }

    private void groupTotals(QueryPlan plan, FieldInfo key, FieldInfo value, Supplier<BsiTotals> newTotals, GroupTotals out) {
        TableInfo table = plan.table();
        Filter filter = plan.filter();
        FilterEvaluator evaluator = engine.evaluator(table);
        List<Map<Long, KeyTotals>> shardTotals = ShardWorkers.map(engine, plan.toRead(), worker -> {
            FilterEvaluator shardEvaluator = worker.evaluator(table);
            BsiReader reader = shardEvaluator.bsi(value);
            ColumnGroups groups = new ColumnGroups();
            return shard -> shardTotals(worker, shard, key, filter, shardEvaluator, reader, groups, newTotals);
        });
        // Merged in shard order, so keys come in the order their rows were first met.
        Map<Long, KeyTotals> totals = new LinkedHashMap<>();
        for (Map<Long, KeyTotals> shard : shardTotals) {
            if (shard != null) {
                shard.forEach((row, part) -> totals.merge(row, part, KeyTotals::addAll));
            }
        }
        Dictionary dictionary = evaluator.dictionary(key);
        KeyTotals nulls = totals.remove(NULL_KEY);
        if (nulls != null) {
            out.accept(null, nulls.rows, nulls.totals);
        }
        totals.forEach((row, part) -> out.accept(dictionary.value(row), part.rows, part.totals));
    }

    /** The row standing for the records without a key value in {@link #shardTotals}' maps (no dictionary id is negative). */
    private static final long NULL_KEY = -1;

    /** One key's record count and value totals. */
    private static final class KeyTotals {
        long rows;
        final BsiTotals totals;

        KeyTotals(BsiTotals totals) {
            this.totals = totals;
        }

        KeyTotals addAll(KeyTotals other) {
            rows += other.rows;
            totals.addAll(other.totals);
            return this;
        }
    }

    /**
     * One shard's part of {@link #groupTotals}: the key's rows are walked once, each cell
     * intersected with the filter into its group's records for that container column, then each
     * column's value planes are read once for all groups. Keyed by dictionary id ({@link #NULL_KEY}
     * for no value); null when no record matches.
     */
    private Map<Long, KeyTotals> shardTotals(QueryEngine worker, ShardPlan plan, FieldInfo key, Filter filter,
                                             FilterEvaluator evaluator, BsiReader reader, ColumnGroups groups,
                                             Supplier<BsiTotals> newTotals) {
        long shard = plan.shard();
        RoaringBitmap columns = filter instanceof Filter.All ? evaluator.all(shard) : evaluator.evaluate(filter, plan);
        if (columns.isEmpty()) {
            return null;
        }
        Container[] matching = ColumnBitmaps.byContainerColumn(columns);
        boolean everyRecord = filter instanceof Filter.All;
        int[] withKey = new int[Coords.CONTAINERS_PER_ROW];
        // Group index 0 is the records without a key value; rows get the next indexes as they are met.
        Map<Long, Integer> indexOfRow = new HashMap<>();
        List<Long> rowOfIndex = new ArrayList<>(List.of(NULL_KEY));
        List<KeyTotals> parts = new ArrayList<>(List.of(new KeyTotals(newTotals.get())));
        groups.clear();
        worker.txn().fragment(key.rowsFragment(shard)).forEachCell(0, -1L, view -> {
            int c = Coords.containerColumnOfKey(view.key());
            if (matching[c] == null) {
                return true;
            }
            // Without a filter, or where every record of the column matches, the and would only copy:
            // a keyed row holds only records of the table (a deleted record leaves no bit; check() verifies it).
            Container records = everyRecord || matching[c].isFull() ? view.toContainer() : view.toContainer().and(matching[c]);
            if (records.isEmpty()) {
                return true;
            }
            int index = indexOfRow.computeIfAbsent(Coords.rowOfKey(view.key()), r -> {
                rowOfIndex.add(r);
                parts.add(new KeyTotals(newTotals.get()));
                return rowOfIndex.size() - 1;
            });
            parts.get(index).rows += records.getCardinality();
            groups.add(c, index, records);
            withKey[c] += records.getCardinality();
            return true;
        });
        for (int c = 0; c < Coords.CONTAINERS_PER_ROW; c++) {
            if (matching[c] == null || withKey[c] == matching[c].getCardinality()) {
                continue; // a keyed field has one value per record: every matching record has a key
            }
            Container nulls = matching[c].andNot(union(groups, c));
            if (!nulls.isEmpty()) {
                parts.getFirst().rows += nulls.getCardinality();
                groups.add(c, 0, nulls);
            }
        }
        reader.aggregateGroups(shard, groups, parts.stream().map(p -> p.totals).toArray(BsiTotals[]::new));
        Map<Long, KeyTotals> totals = new LinkedHashMap<>();
        for (int index = 0; index < parts.size(); index++) {
            if (parts.get(index).rows > 0) {
                totals.put(rowOfIndex.get(index), parts.get(index));
            }
        }
        return totals;
    }

    /** The records of every group in container column {@code c}, or an empty container when there are none. */
    private static Container union(ColumnGroups groups, int c) {
        Container union = new ArrayContainer();
        for (int i = 0; i < groups.size(c); i++) {
            union = union.ior(groups.records(c, i));
        }
        return union;
    }

    /** Field {@code fieldName} of {@code table}, which must be keyed to group by. */
    static FieldInfo keyedField(TableInfo table, String fieldName) {
        FieldInfo field = table.field(fieldName);
        if (field.type() != FieldType.KEYED) {
            throw new InvalidInputException("group by needs a keyed field; '" + fieldName + "' is " + field.type().label());
        }
        return field;
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
