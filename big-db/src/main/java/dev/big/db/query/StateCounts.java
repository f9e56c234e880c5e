package dev.big.db.query;

import dev.big.db.Filter;
import dev.big.db.GroupCount;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Txn;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Counts that hold for one committed state, kept with it ({@link Txn#cached}) so that a question
 * asked again before the next commit is a lookup rather than a walk of every shard's cells: the
 * plan and the count of a filter that is one row (a keyed value, a bool, a set member: the {@link
 * QueryPlan.Path#CELL_COUNTS} path), and a keyed field's record count per value without a filter
 * (the {@link QueryPlan.Path#CELL_CARDINALITIES} path, up to {@link #MAX_GROUPS} values). These
 * are table-level totals, computed once per commit state from what the shards keep; the first ask
 * after a commit pays what the question always cost.
 *
 * <p>A write transaction keeps nothing ({@code cached} computes every time there: its state changes
 * as it writes). At most {@link #MAX_FILTERS} one-row filters are kept per table and state; past
 * that a count is computed each time, so a long-lived state asked about a million distinct values
 * holds no more than a few thousand answers; plans, which hold a part per shard, are kept fewer on
 * a table of many shards.
 */
final class StateCounts {

    /** How many one-row filters of a table a state keeps the plan and count of. */
    static final int MAX_FILTERS = 4096;

    /** The most groups of a keyed field a state keeps. */
    static final int MAX_GROUPS = 65_536;

    /** How many shard parts of one-row plans a table's state keeps, over all its kept plans. */
    static final int MAX_SHARD_PLANS = 65_536;

    private record FilterPlansKey(int existsFieldId) {}

    private record FilterCountsKey(int existsFieldId) {}

    private record GroupCountsKey(int fieldId) {}

    /**
     * The plan of one-row filter {@code filter} on {@code table}, made by {@code make} on the first
     * ask. A plan holds a part per shard, so fewer are kept the more shards the table has: at most
     * {@link #MAX_SHARD_PLANS} shard parts in all (a table of 1,000 shards keeps 65 plans).
     */
    static QueryPlan plan(Txn txn, TableInfo table, Filter filter, Supplier<QueryPlan> make) {
        Map<Filter, QueryPlan> plans = txn.cached(new FilterPlansKey(table.existsFieldId()), k -> new ConcurrentHashMap<>());
        QueryPlan plan = plans.get(filter);
        if (plan == null) {
            plan = make.get();
            if (plans.size() < Math.min(MAX_FILTERS, MAX_SHARD_PLANS / Math.max(1, plan.shards().size()))) {
                plans.putIfAbsent(filter, plan);
            }
        }
        return plan;
    }

    /** The count of one-row filter {@code filter} on {@code table}, counted by {@code count} on the first ask. */
    static long count(Txn txn, TableInfo table, Filter filter, LongSupplier count) {
        Map<Filter, Long> counts = txn.cached(new FilterCountsKey(table.existsFieldId()), k -> new ConcurrentHashMap<>());
        Long kept = counts.get(filter);
        if (kept != null) {
            return kept;
        }
        long counted = count.getAsLong();
        if (counts.size() < MAX_FILTERS) {
            counts.putIfAbsent(filter, counted);
        }
        return counted;
    }

    /**
     * The groups of keyed field {@code field} over every record, as {@code KeyedGroups} sorts
     * them (immutable), counted by {@code count} on the first ask. A field of more than {@link
     * #MAX_GROUPS} values is counted each time rather than kept.
     */
    static List<GroupCount> groupCounts(Txn txn, FieldInfo field, Supplier<List<GroupCount>> count) {
        AtomicReference<List<GroupCount>> kept = txn.cached(new GroupCountsKey(field.fieldId()), k -> new AtomicReference<>());
        List<GroupCount> groups = kept.get();
        if (groups == null) {
            groups = count.get();
            if (groups.size() <= MAX_GROUPS) {
                kept.compareAndSet(null, groups);
            }
        }
        return groups;
    }

    private StateCounts() {}
}
