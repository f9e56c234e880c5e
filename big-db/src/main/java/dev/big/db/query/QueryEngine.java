package dev.big.db.query;

import dev.big.db.Aggregate;
import dev.big.db.Filter;
import dev.big.db.GroupAggregate;
import dev.big.db.GroupCount;
import dev.big.db.GroupSum;
import dev.big.db.InvalidInputException;
import dev.big.db.Order;
import dev.big.db.Sum;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.RecordCounts;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Txn;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.BsiTotals;
import dev.big.engine.bsi.RangePredicate;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
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
    private final KeyedGroups keyedGroups = new KeyedGroups(this);

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
        List<long[]> shards = shards(table);
        if (single == null) {
            // A count from cells alone (a keyed value's row) costs microseconds per shard: no helpers.
            long total = 0;
            for (long[] shard : shards) {
                long fromCells = evaluator.rowCount(filter, shard[0]);
                if (fromCells < 0) {
                    total = -1;
                    break;
                }
                total += fromCells;
            }
            if (total >= 0) {
                return total;
            }
        }
        long decided = 0;
        List<long[]> scanned = shards;
        if (single != null) {
            // Zone maps decide most shards of a narrow range at once: only the rest go to workers.
            BsiReader reader = evaluator.bsi(table.field(fieldOf(filter)));
            scanned = new ArrayList<>();
            for (long[] shard : shards) {
                long fromZones = reader.countFromZones(shard[0], single);
                if (fromZones >= 0) {
                    decided += fromZones;
                } else {
                    scanned.add(shard);
                }
            }
        }
        List<Long> counts = ShardWorkers.map(this, scanned, worker -> {
            FilterEvaluator shardEvaluator = worker.evaluator(table);
            BsiReader reader = single == null ? null : shardEvaluator.bsi(table.field(fieldOf(filter)));
            return shard -> single != null ? reader.count(shard[0], single, null)
                    : shardEvaluator.evaluate(filter, shard[0]).getLongCardinality();
        });
        return decided + counts.stream().mapToLong(Long::longValue).sum();
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
        BsiTotals aggregate = totals(tableName, fieldName, filter, BsiTotals::new);
        return new Aggregate(aggregate.count(), aggregate.sum(), aggregate.min(), aggregate.max());
    }

    /** count and sum of int or timestamp field {@code fieldName} among the matching records, no extremes. */
    public Sum sum(String tableName, String fieldName, Filter filter) {
        BsiTotals sum = totals(tableName, fieldName, filter, BsiTotals::countAndSum);
        return new Sum(sum.count(), sum.sum());
    }

    private BsiTotals totals(String tableName, String fieldName, Filter filter, Supplier<BsiTotals> newTotals) {
        TableInfo table = catalog.table(tableName);
        FieldInfo field = table.field(fieldName);
        if (!field.type().isInteger()) {
            throw new InvalidInputException("sum/min/max/avg need an int or timestamp field; '" + fieldName + "' is "
                    + field.type().label());
        }
        evaluator(table).validate(filter);
        boolean all = filter instanceof Filter.All;
        List<BsiTotals> parts = ShardWorkers.map(this, shards(table), worker -> {
            FilterEvaluator shardEvaluator = worker.evaluator(table);
            BsiReader reader = shardEvaluator.bsi(field);
            return shard -> {
                RoaringBitmap columns = all ? null : shardEvaluator.evaluate(filter, shard[0]);
                if (columns != null && columns.isEmpty()) {
                    return null;
                }
                BsiTotals part = newTotals.get();
                reader.aggregate(shard[0], columns, part);
                return part;
            };
        });
        BsiTotals totals = newTotals.get();
        for (BsiTotals part : parts) {
            if (part != null) {
                totals.addAll(part);
            }
        }
        return totals;
    }

    /**
     * Record counts per value of keyed field {@code fieldName} among the records matching
     * {@code filter}, largest first (ties by value); records with no value form a group with a
     * null key. At most {@code limit} groups (all if limit &lt; 0). See {@link KeyedGroups}.
     */
    public List<GroupCount> groupCount(String tableName, String fieldName, Filter filter, int limit) {
        return keyedGroups.groupCount(tableName, fieldName, filter, limit);
    }

    /** The number of distinct non-null values of keyed field {@code fieldName} among the matching records. */
    public long countDistinct(String tableName, String fieldName, Filter filter) {
        return keyedGroups.groupCount(tableName, fieldName, filter, -1).stream().filter(g -> g.key() != null).count();
    }

    /**
     * Per value of keyed field {@code keyField}: the record count and the aggregate of
     * {@code valueField} among the matching records (null key for records with no key value). See
     * {@link KeyedGroups}.
     */
    public List<GroupAggregate> groupAggregate(String tableName, String keyField, String valueField, Filter filter) {
        return keyedGroups.groupAggregate(tableName, keyField, valueField, filter);
    }

    /** The same with the count and sum of {@code valueField} alone, no extremes. */
    public List<GroupSum> groupSum(String tableName, String keyField, String valueField, Filter filter) {
        return keyedGroups.groupSum(tableName, keyField, valueField, filter);
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

}
