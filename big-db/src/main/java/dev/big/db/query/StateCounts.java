package dev.big.db.query;

import dev.big.db.Filter;
import dev.big.db.GroupCount;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Txn;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Counts that hold for one committed state, kept with it ({@link Txn#cached}) so that a question
 * asked again before the next commit is a lookup rather than a walk of every shard's cells: the
 * plan and the count of a filter that is one row (a keyed value, a bool, a set member: the {@link
 * QueryPlan.Path#CELL_COUNTS} path), and a keyed field's record count per value without a filter
 * (the {@link QueryPlan.Path#CELL_CARDINALITIES} path). These are the table-level totals of issue
 * 32, computed once per commit state from what the shards keep; the first ask after a commit pays
 * what the question always cost.
 *
 * <p>A write transaction keeps nothing ({@code cached} computes every time there: its state changes
 * as it writes). At most {@link #MAX_FILTERS} one-row filters are kept per table and state; past
 * that a count is computed each time, so a long-lived state asked about a million distinct values
 * holds no more than a few thousand answers.
 */
final class StateCounts {

    /** How many one-row filters of a table a state keeps the plan and count of. */
    static final int MAX_FILTERS = 4096;

    private record FilterPlansKey(int existsFieldId) {}

    private record FilterCountsKey(int existsFieldId) {}

    private record GroupCountsKey(int fieldId) {}

    /** The plan of one-row filter {@code filter} on {@code table}, made by {@code make} on the first ask. */
    static QueryPlan plan(Txn txn, TableInfo table, Filter filter, Supplier<QueryPlan> make) {
        Map<Filter, QueryPlan> plans = txn.cached(new FilterPlansKey(table.existsFieldId()), k -> new ConcurrentHashMap<>());
        return kept(plans, filter, f -> make.get());
    }

    /** The count of one-row filter {@code filter} on {@code table}, counted by {@code count} on the first ask. */
    static long count(Txn txn, TableInfo table, Filter filter, LongSupplier count) {
        Map<Filter, Long> counts = txn.cached(new FilterCountsKey(table.existsFieldId()), k -> new ConcurrentHashMap<>());
        return kept(counts, filter, f -> count.getAsLong());
    }

    /**
     * The groups of keyed field {@code field} over every record, as {@code KeyedGroups} sorts
     * them (immutable), counted by {@code count} on the first ask.
     */
    static List<GroupCount> groupCounts(Txn txn, FieldInfo field, Supplier<List<GroupCount>> count) {
        return txn.cached(new GroupCountsKey(field.fieldId()), k -> count.get());
    }

    private static <V> V kept(Map<Filter, V> kept, Filter filter, Function<Filter, V> compute) {
        V value = kept.get(filter);
        if (value == null) {
            value = compute.apply(filter);
            if (kept.size() < MAX_FILTERS) {
                kept.putIfAbsent(filter, value);
            }
        }
        return value;
    }

    private StateCounts() {}
}
