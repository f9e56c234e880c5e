package dev.big.db.query;

import dev.big.db.Aggregate;
import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.GroupAggregate;
import dev.big.db.GroupCount;
import dev.big.db.GroupSum;
import dev.big.db.InvalidInputException;
import dev.big.db.Order;
import dev.big.db.Sum;
import dev.big.db.TimeGroup;
import dev.big.db.TimeTruncation;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.RecordCounts;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Txn;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.BsiTotals;
import dev.big.engine.bsi.OrderIndex;
import dev.big.engine.bsi.RangePredicate;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.coords.Coords;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * Answers queries on one committed state: counts, aggregates, group-bys and id listings (record
 * reads are {@link RecordReader}'s), shard by shard, from rows and bit planes. Each question is
 * planned first ({@link #plan}: the path, and per shard what the summaries decide before any
 * record is read) and then runs that plan; the by-name calls do both, and EXPLAIN prints the same
 * plan. Cheap paths first: a count with no filter adds up the record counts kept with the
 * existence fragments; a count with one integer comparison goes to the zone maps and plane scans
 * without materialising anything; a count of one keyed value adds up its row's cell
 * cardinalities; a group count without a filter adds up cell cardinalities.
 *
 * <p>One engine per thread (it reuses buffers).
 */
public final class QueryEngine {

    private final Txn txn;
    private final Catalog catalog;
    private final Map<String, FilterEvaluator> evaluators = new HashMap<>();
    private final RecordReader records;
    private final KeyedGroups keyedGroups = new KeyedGroups(this);
    private QueryPlan lastPlan;

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

    /**
     * A value computed once per committed state and shared by every snapshot of it (what a
     * statement binds to the schema, say); {@code key} must be a value of the caller's own type.
     */
    public <T> T perState(Object key, java.util.function.Function<Object, T> compute) {
        return txn.cached(key, compute);
    }

    FilterEvaluator evaluator(TableInfo table) {
        FilterEvaluator evaluator = evaluators.get(table.name());
        if (evaluator == null) { // not computeIfAbsent: its capturing lambda cost an allocation per count
            evaluator = new FilterEvaluator(txn, table);
            evaluators.put(table.name(), evaluator);
        }
        return evaluator;
    }

    /** Which container columns of a shard a filter on {@code table} can match (the rule plans are made by). */
    public ColumnPruning pruning(TableInfo table) {
        return evaluator(table).pruning();
    }

    private record ShardsKey(int existsFieldId) {}

    private record RecordCountsKey(int existsFieldId) {}

    private record GroupCountsKey(int existsFieldId) {}

    /** The shards holding records of {@code table} with their record counts, ascending. */
    public List<long[]> shards(TableInfo table) {
        return txn.cached(new ShardsKey(table.existsFieldId()), k -> {
            List<long[]> shards = new ArrayList<>();
            txn.forEachFragment(table.firstExistsFragment(), table.lastExistsFragment(), (key, summary) -> {
                long count = RecordCounts.count(txn, key, summary);
                if (count > 0) {
                    shards.add(new long[] {Coords.shardOf(key), count});
                }
                return true;
            });
            return List.copyOf(shards);
        });
    }

    /**
     * How the question {@code ask} about the records of {@code table} matching {@code filter}
     * runs on this state: the path, and per shard the container columns the filter can match and
     * whether the shard is decided before reading (see {@link QueryPlan}). Checks the filter
     * against the schema; reads only summaries (record counts, zone maps), never a container.
     *
     * <p>Paths, cheapest first: a count without a filter adds up the record counts kept with the
     * existence fragments; a count of one integer comparison lets the zone maps decide each shard
     * they can and plane-scans the rest without materialising anything; a count of one keyed value
     * or bool adds up its row's cell cardinalities; a group count without a filter adds up cell
     * cardinalities. Everything else evaluates the filter per shard, skipping the shards where no
     * container column can match.
     */
    public QueryPlan plan(TableInfo table, Filter filter, QueryPlan.Ask ask) {
        if (filter instanceof Filter.All) {
            // Nothing to check and every shard to read: the plans of the state's counts are kept with it, and
            // a kept one is found without making this snapshot's evaluator.
            QueryPlan.Path path = pathOf(ask, filter, false, null);
            if (path == QueryPlan.Path.RECORD_COUNTS) {
                // Made once per committed state: a count of every record costs a lookup, not a plan.
                return txn.cached(new RecordCountsKey(table.existsFieldId()), k -> {
                    List<ShardPlan> plans = new ArrayList<>();
                    for (long[] shard : shards(table)) {
                        plans.add(new ShardPlan(shard[0], shard[1], ColumnPruning.ALL_COLUMNS, shard[1], List.of()));
                    }
                    return new QueryPlan(table, filter, ask, path, null, plans);
                });
            }
            if (path == QueryPlan.Path.CELL_CARDINALITIES) {
                // Group counts of every record: the same plan for every ask of this state.
                return txn.cached(new GroupCountsKey(table.existsFieldId()),
                        k -> shardPlans(table, filter, ask, path, null, evaluator(table)));
            }
            return shardPlans(table, filter, ask, path, null, evaluator(table));
        }
        FilterEvaluator evaluator = evaluator(table);
        evaluator.validate(filter);
        QueryPlan.Comparison comparison = ask == QueryPlan.Ask.COUNT ? singleComparison(evaluator, filter) : null;
        QueryPlan.Path path = pathOf(ask, filter, comparison != null, evaluator);
        if (path == QueryPlan.Path.ZONE_MAPS && comparison.field().def().orderIndex()) {
            return new QueryPlan(table, filter, ask, QueryPlan.Path.ORDER_INDEX, comparison, List.of());
        }
        if (path == QueryPlan.Path.CELL_COUNTS) {
            // One row's count is asked again and again (a dashboard's tiles): its plan is kept with the state.
            return StateCounts.plan(txn, table, filter, () -> shardPlans(table, filter, ask, path, null, evaluator));
        }
        return shardPlans(table, filter, ask, path, comparison, evaluator);
    }

    /** A plan on {@code path}: per shard, the container columns {@code filter} can match and what is decided before reading. */
    private QueryPlan shardPlans(TableInfo table, Filter filter, QueryPlan.Ask ask, QueryPlan.Path path,
                                 QueryPlan.Comparison comparison, FilterEvaluator evaluator) {
        List<long[]> shards = shards(table);
        ShardPlan[] plans = new ShardPlan[shards.size()];
        ColumnPruning pruning = evaluator.pruning();
        List<TermColumns> shardFree = null;
        for (int i = 0; i < plans.length; i++) {
            long[] shard = shards.get(i);
            List<TermColumns> terms = shardFree != null ? shardFree : pruning.terms(filter, shard[0]);
            if (i == 0 && plans.length > 1 && readsNoSummary(terms)) {
                shardFree = terms; // the same for every shard
            }
            int columns = ColumnPruning.containerColumns(terms);
            long decided = columns == 0 ? 0 : -1;
            if (path == QueryPlan.Path.ZONE_MAPS && terms.getFirst().zones().verdict().decided()) {
                decided = terms.getFirst().zones().wholeCount();
            }
            plans[i] = new ShardPlan(shard[0], shard[1], columns, decided, terms);
        }
        return new QueryPlan(table, filter, ask, path, comparison, List.of(plans));
    }

    /** Whether no term reads a shard's summaries (none is decided by id ranges or zone maps). */
    private static boolean readsNoSummary(List<TermColumns> terms) {
        for (TermColumns term : terms) {
            if (term.by() != TermColumns.By.NONE) {
                return false;
            }
        }
        return true;
    }

    /** The cheapest path that answers {@code ask} about the records matching {@code filter}. */
    private static QueryPlan.Path pathOf(QueryPlan.Ask ask, Filter filter, boolean oneComparison, FilterEvaluator evaluator) {
        if (filter instanceof Filter.All) {
            return switch (ask) {
                case COUNT -> QueryPlan.Path.RECORD_COUNTS;
                case GROUP_COUNT -> QueryPlan.Path.CELL_CARDINALITIES;
                case TOTALS, GROUP_TOTALS, RECORDS -> QueryPlan.Path.EVERY_RECORD;
            };
        }
        if (oneComparison) {
            return QueryPlan.Path.ZONE_MAPS;
        }
        return ask == QueryPlan.Ask.COUNT && evaluator.countsFromCells(filter) ? QueryPlan.Path.CELL_COUNTS
                : QueryPlan.Path.FILTER_BITMAP;
    }

    /** The plan this engine last ran (what EXPLAIN prints for it), or null before the first. */
    public QueryPlan lastPlan() {
        return lastPlan;
    }

    private QueryPlan ran(QueryPlan plan, QueryPlan.Ask ask) {
        if (plan.ask() != ask) {
            throw new IllegalArgumentException("a plan made for " + plan.ask() + " cannot answer " + ask);
        }
        lastPlan = plan;
        return plan;
    }

    public long count(String tableName, Filter filter) {
        return count(plan(catalog.table(tableName), filter, QueryPlan.Ask.COUNT));
    }

    /** Runs a count plan: what its decided shards contribute, plus its path's count of the rest. */
    public long count(QueryPlan plan) {
        ran(plan, QueryPlan.Ask.COUNT);
        if (plan.path() == QueryPlan.Path.ORDER_INDEX) {
            return OrderIndex.of(txn, plan.comparison().field().bsi()).count(plan.comparison().predicate());
        }
        long total = plan.decidedCount();
        List<ShardPlan> toRead = plan.toRead();
        if (toRead.isEmpty()) {
            return total;
        }
        TableInfo table = plan.table();
        Filter filter = plan.filter();
        if (plan.path() == QueryPlan.Path.CELL_COUNTS) {
            // A count from cells costs microseconds per shard: no helpers; and it is kept with the state.
            long decided = total;
            return StateCounts.count(txn, table, filter, () -> {
                FilterEvaluator evaluator = evaluator(table);
                long counted = decided;
                for (ShardPlan shard : toRead) {
                    counted += evaluator.cellCount(filter, shard.shard());
                }
                return counted;
            });
        }
        List<Long> counts = switch (plan.path()) {
            case ZONE_MAPS -> ShardWorkers.map(this, toRead, worker -> {
                BsiReader reader = worker.evaluator(table).bsi(plan.comparison().field());
                RangePredicate predicate = plan.comparison().predicate();
                return shard -> reader.count(shard.shard(), predicate, null);
            });
            case FILTER_BITMAP -> ShardWorkers.map(this, toRead, worker -> {
                FilterEvaluator shardEvaluator = worker.evaluator(table);
                return shard -> shardEvaluator.count(filter, shard);
            });
            default -> throw new IllegalStateException("a count plan on path " + plan.path() + " left shards to read");
        };
        for (long count : counts) {
            total += count;
        }
        return total;
    }

    /** The one integer comparison a filter consists of (its field and stored range), or null. */
    private static QueryPlan.Comparison singleComparison(FilterEvaluator evaluator, Filter filter) {
        if (!evaluator.pruning().isRange(filter)) {
            return null;
        }
        FieldInfo field = evaluator.pruning().rangeField(filter);
        return new QueryPlan.Comparison(field, evaluator.predicate(field, filter));
    }

    /** count, sum, min and max of an int or timestamp field over the records matching {@code filter}. */
    public Aggregate aggregate(String tableName, String fieldName, Filter filter) {
        TableInfo table = catalog.table(tableName);
        FieldInfo field = integerField(table, fieldName);
        return aggregate(plan(table, filter, QueryPlan.Ask.TOTALS), field);
    }

    /** Runs a totals plan: count, sum, min and max of {@code field} over its matching records. */
    public Aggregate aggregate(QueryPlan plan, FieldInfo field) {
        BsiTotals aggregate = totals(plan, field, BsiTotals::new);
        return new Aggregate(aggregate.count(), aggregate.sum(), aggregate.min(), aggregate.max());
    }

    /** count and sum of int or timestamp field {@code fieldName} among the matching records, no extremes. */
    public Sum sum(String tableName, String fieldName, Filter filter) {
        TableInfo table = catalog.table(tableName);
        FieldInfo field = integerField(table, fieldName);
        return sum(plan(table, filter, QueryPlan.Ask.TOTALS), field);
    }

    /** Runs a totals plan for the count and sum of {@code field} alone, no extremes. */
    public Sum sum(QueryPlan plan, FieldInfo field) {
        BsiTotals sum = totals(plan, field, BsiTotals::countAndSum);
        return new Sum(sum.count(), sum.sum());
    }

    private static FieldInfo integerField(TableInfo table, String fieldName) {
        FieldInfo field = table.field(fieldName);
        if (!field.type().isInteger()) {
            throw new InvalidInputException("sum/min/max/avg need an int or timestamp field; '" + fieldName + "' is "
                    + field.type().label());
        }
        return field;
    }

    private BsiTotals totals(QueryPlan plan, FieldInfo field, Supplier<BsiTotals> newTotals) {
        ran(plan, QueryPlan.Ask.TOTALS);
        TableInfo table = plan.table();
        Filter filter = plan.filter();
        boolean all = plan.path() == QueryPlan.Path.EVERY_RECORD;
        List<BsiTotals> parts = ShardWorkers.map(this, plan.toRead(), worker -> {
            FilterEvaluator shardEvaluator = worker.evaluator(table);
            BsiReader reader = shardEvaluator.bsi(field);
            return shard -> {
                RoaringBitmap columns = all ? null : shardEvaluator.evaluate(filter, shard);
                if (columns != null && columns.isEmpty()) {
                    return null;
                }
                BsiTotals part = newTotals.get();
                reader.aggregate(shard.shard(), columns, part);
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
        TableInfo table = catalog.table(tableName);
        FieldInfo field = KeyedGroups.keyedField(table, fieldName);
        return groupCount(plan(table, filter, QueryPlan.Ask.GROUP_COUNT), field, limit);
    }

    /** Runs a group-count plan: record counts per value of keyed field {@code field}, as {@link #groupCount(String, String, Filter, int)}. */
    public List<GroupCount> groupCount(QueryPlan plan, FieldInfo field, int limit) {
        return keyedGroups.groupCount(ran(plan, QueryPlan.Ask.GROUP_COUNT), field, limit);
    }

    /** The number of distinct non-null values of keyed field {@code fieldName} among the matching records. */
    public long countDistinct(String tableName, String fieldName, Filter filter) {
        return groupCount(tableName, fieldName, filter, -1).stream().filter(g -> g.key() != null).count();
    }

    /**
     * Per value of keyed field {@code keyField}: the record count and the aggregate of
     * {@code valueField} among the matching records (null key for records with no key value). See
     * {@link KeyedGroups}.
     */
    public List<GroupAggregate> groupAggregate(String tableName, String keyField, String valueField, Filter filter) {
        TableInfo table = catalog.table(tableName);
        FieldInfo key = KeyedGroups.keyedField(table, keyField);
        FieldInfo value = integerField(table, valueField);
        return groupAggregate(plan(table, filter, QueryPlan.Ask.GROUP_TOTALS), key, value);
    }

    /** Per unit of timestamp field {@code timeField}: its matching records and the aggregates of {@code valueFields} ({@link dev.big.db.Snapshot#timeGroups}). */
    public List<TimeGroup> timeGroups(String tableName, String timeField, TimeTruncation unit, Filter filter, List<String> valueFields) {
        TableInfo table = catalog.table(tableName);
        FieldInfo time = table.field(timeField);
        if (time.type() != FieldType.TIMESTAMP) {
            throw new InvalidInputException("grouping by date_trunc needs a timestamp field; '" + timeField + "' is " + time.type().label());
        }
        List<Measure> measures = new ArrayList<>(List.of(new Measure.CountRecords(Filter.all())));
        for (String value : valueFields) {
            measures.add(new Measure.Stats(integerField(table, value).name(), Filter.all()));
        }
        List<TimeGroup> groups = new ArrayList<>();
        for (Grouping.Group group : new Grouping(this, tableName).run(List.of(new GroupKey.Buckets(timeField, Bucketing.of(unit))), filter, measures)) {
            List<Aggregate> aggregates = new ArrayList<>(valueFields.size());
            for (int v = 1; v < measures.size(); v++) {
                aggregates.add((Aggregate) group.values().get(v));
            }
            groups.add(new TimeGroup(startOf(group.key().getFirst()), (Long) group.values().getFirst(), aggregates));
        }
        groups.sort(Comparator.comparing(TimeGroup::start, Comparator.nullsLast(Comparator.naturalOrder())));
        return groups;
    }

    /** A bucket's label (a day or longer is a date) as the instant it starts, or null for no timestamp. */
    private static Instant startOf(Object label) {
        return switch (label) {
            case null -> null;
            case Instant instant -> instant;
            case LocalDate date -> date.atStartOfDay(ZoneOffset.UTC).toInstant();
            default -> throw new IllegalStateException("a time bucket labelled " + label);
        };
    }

    /** Runs a group-totals plan: per value of {@code key}, the record count and the aggregate of {@code value}. */
    public List<GroupAggregate> groupAggregate(QueryPlan plan, FieldInfo key, FieldInfo value) {
        return keyedGroups.groupAggregate(ran(plan, QueryPlan.Ask.GROUP_TOTALS), key, value);
    }

    /** The same with the count and sum of {@code valueField} alone, no extremes. */
    public List<GroupSum> groupSum(String tableName, String keyField, String valueField, Filter filter) {
        TableInfo table = catalog.table(tableName);
        FieldInfo key = KeyedGroups.keyedField(table, keyField);
        FieldInfo value = integerField(table, valueField);
        return groupSum(plan(table, filter, QueryPlan.Ask.GROUP_TOTALS), key, value);
    }

    /** Runs a group-totals plan for the count and sum of {@code value} alone, no extremes. */
    public List<GroupSum> groupSum(QueryPlan plan, FieldInfo key, FieldInfo value) {
        return keyedGroups.groupSum(ran(plan, QueryPlan.Ask.GROUP_TOTALS), key, value);
    }

    /**
     * Ids of the records matching {@code filter}, in {@code order}, at most {@code limit}, after
     * {@code cursor} in that order (ids greater than it for ASC, smaller for DESC) when not null.
     */
    public long[] ids(String tableName, Filter filter, Order order, int limit, Long cursor) {
        return ids(catalog.table(tableName), filter, order, limit, cursor);
    }

    /** {@link #ids(String, Filter, Order, int, Long)} of a table already bound. */
    public long[] ids(TableInfo table, Filter filter, Order order, int limit, Long cursor) {
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
        forEachId(catalog.table(tableName), filter, consumer);
    }

    /** {@link #forEachId(String, Filter, java.util.function.LongConsumer)} of a table already bound. */
    public void forEachId(TableInfo table, Filter filter, java.util.function.LongConsumer consumer) {
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
