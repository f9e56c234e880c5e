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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
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
    List<GroupCount> groupCount(String tableName, String fieldName, Filter filter, int limit) {
        TableInfo table = engine.catalog().table(tableName);
        FieldInfo field = keyedField(table, fieldName);
        FilterEvaluator evaluator = engine.evaluator(table);
        evaluator.validate(filter);
        Map<Long, Long> counts = new HashMap<>();
        long nulls = 0;
        boolean all = filter instanceof Filter.All;
        for (long[] shard : engine.shards(table)) {
            RoaringBitmap columns = all ? null : evaluator.evaluate(filter, shard[0]);
            if (columns != null && columns.isEmpty()) {
                continue;
            }
            Container[] byColumn = columns == null ? null : ColumnBitmaps.byContainerColumn(columns);
            Fragment tree = engine.txn().fragment(field.rowsFragment(shard[0]));
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

    /**
     * Per value of keyed field {@code keyField}: the record count and the aggregate of
     * {@code valueField} among the matching records (null key for records with no key value).
     *
     * <p>One pass per shard: the key's rows are walked once, each cell intersected with the filter
     * into its group's records for that container column, and then each container column's value
     * planes are read once for every group ({@link BsiReader#aggregateGroups}). Answering group by
     * group instead cost a descent per group per shard and a pass over the planes per group.
     */
    List<GroupAggregate> groupAggregate(String tableName, String keyField, String valueField, Filter filter) {
        List<GroupAggregate> result = new ArrayList<>();
        groupTotals(tableName, keyField, valueField, filter, BsiTotals::new, (key, rows, a) ->
                result.add(new GroupAggregate(key, rows, new Aggregate(a.count(), a.sum(), a.min(), a.max()))));
        result.sort(Comparator.comparing(GroupAggregate::key, Comparator.nullsLast(Comparator.naturalOrder())));
        return result;
    }

    /** {@link #groupAggregate} with the count and sum alone: no walks for the min and max. */
    List<GroupSum> groupSum(String tableName, String keyField, String valueField, Filter filter) {
        List<GroupSum> result = new ArrayList<>();
        groupTotals(tableName, keyField, valueField, filter, BsiTotals::countAndSum, (key, rows, a) ->
                result.add(new GroupSum(key, rows, new Sum(a.count(), a.sum()))));
        result.sort(Comparator.comparing(GroupSum::key, Comparator.nullsLast(Comparator.naturalOrder())));
        return result;
    }

    /** What {@link #groupTotals} hands over per group: its key (null for no value), records and totals. */
    private interface GroupTotals {
        void accept(String key, long rows, BsiTotals totals);
    }

    private void groupTotals(String tableName, String keyField, String valueField, Filter filter,
                             Supplier<BsiTotals> newTotals, GroupTotals out) {
        TableInfo table = engine.catalog().table(tableName);
        FieldInfo key = keyedField(table, keyField);
        FieldInfo value = table.field(valueField);
        if (!value.type().isInteger()) {
            throw new InvalidInputException("sum/min/max/avg need an int or timestamp field; '" + valueField + "' is "
                    + value.type().label());
        }
        FilterEvaluator evaluator = engine.evaluator(table);
        evaluator.validate(filter);
        BsiReader reader = evaluator.bsi(value);
        // Group index 0 is the null key; dictionary id d is group index d + 1.
        Map<Long, Integer> indexOfRow = new HashMap<>();
        List<Long> rowOfIndex = new ArrayList<>(List.of(-1L));
        List<BsiTotals> aggregates = new ArrayList<>(List.of(newTotals.get()));
        List<long[]> rows = new ArrayList<>(List.of(new long[1]));
        ColumnGroups groups = new ColumnGroups();
        for (long[] shard : engine.shards(table)) {
            RoaringBitmap columns = filter instanceof Filter.All ? evaluator.all(shard[0]) : evaluator.evaluate(filter, shard[0]);
            if (columns.isEmpty()) {
                continue;
            }
            Container[] matching = ColumnBitmaps.byContainerColumn(columns);
            int[] withKey = new int[Coords.CONTAINERS_PER_ROW];
            groups.clear();
            engine.txn().fragment(key.rowsFragment(shard[0])).forEachCell(0, -1L, view -> {
                int c = Coords.containerColumnOfKey(view.key());
                if (matching[c] == null) {
                    return true;
                }
                // A full column (every record of it matches, as under no filter) would only be copied by the and.
                Container records = matching[c].isFull() ? view.toContainer() : view.toContainer().and(matching[c]);
                if (records.isEmpty()) {
                    return true;
                }
                long row = Coords.rowOfKey(view.key());
                int index = indexOfRow.computeIfAbsent(row, r -> {
                    rowOfIndex.add(r);
                    aggregates.add(newTotals.get());
                    rows.add(new long[1]);
                    return rowOfIndex.size() - 1;
                });
                rows.get(index)[0] += records.getCardinality();
                groups.add(c, index, records);
                withKey[c] += records.getCardinality();
                return true;
            });
            for (int c = 0; c < Coords.CONTAINERS_PER_ROW; c++) {
                if (matching[c] == null) {
                    continue;
                }
                if (withKey[c] == matching[c].getCardinality()) {
                    continue; // a keyed field has one value per record: every matching record has a key
                }
                Container nulls = matching[c].andNot(union(groups, c));
                if (!nulls.isEmpty()) {
                    rows.get(0)[0] += nulls.getCardinality();
                    groups.add(c, 0, nulls);
                }
            }
            reader.aggregateGroups(shard[0], groups, aggregates.toArray(BsiTotals[]::new));
        }
        Dictionary dictionary = evaluator.dictionary(key);
        for (int index = 0; index < rowOfIndex.size(); index++) {
            long count = rows.get(index)[0];
            if (count > 0) {
                out.accept(index == 0 ? null : dictionary.value(rowOfIndex.get(index)), count, aggregates.get(index));
            }
        }
    }

    /** The records of every group in container column {@code c}, or an empty container when there are none. */
    private static Container union(ColumnGroups groups, int c) {
        Container union = new ArrayContainer();
        for (int i = 0; i < groups.size(c); i++) {
            union = union.ior(groups.records(c, i));
        }
        return union;
    }

    private static FieldInfo keyedField(TableInfo table, String fieldName) {
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
