package dev.big.db.sql;

import dev.big.db.Aggregate;
import dev.big.db.Filter;
import dev.big.db.GroupAggregate;
import dev.big.db.GroupCount;
import dev.big.db.GroupSum;
import dev.big.db.Snapshot;
import dev.big.db.Sum;
import dev.big.db.field.ScalarKind;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.QueryEngine;
import dev.big.db.query.QueryPlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The aggregates the typed API has calls for, answered by the query engine's plans with bound
 * tables and fields (never back through {@link Snapshot}'s calls by name): without GROUP BY,
 * counts, totals and distinct counts; grouped by one keyed column, group counts and group
 * totals. Sums and means of a column no min or max of the statement reads come from the engine's
 * sums, which skip the walks for the extremes. Each plan is made once per statement (per filter
 * and ask), and each call once per column however many aggregates of the select list read it.
 * {@link AggregateRunner} decides when these calls answer a query.
 */
final class TypedApiAggregates {

    private final QueryEngine engine;
    private final TableBinding table;
    /** Plans by filter and ask, so the aggregates of one statement over one filter share theirs. */
    private final Map<Filter, Map<QueryPlan.Ask, QueryPlan>> plans = new HashMap<>();
    private final Filter where;
    private final Map<String, Aggregate> aggregates = new HashMap<>();
    private final Map<String, Sum> sums = new HashMap<>();
    private final Map<Filter, Map<String, Long>> groupCounts = new HashMap<>();
    private final Map<String, Map<String, Aggregate>> groupAggregates = new HashMap<>();
    private final Map<String, Map<String, Sum>> groupSums = new HashMap<>();
    /** The columns some min or max of the statement reads: only these are asked for extremes. */
    private Set<String> withExtremes = Set.of();

    TypedApiAggregates(Snapshot snapshot, TableBinding table, Filter where) {
        this.engine = EngineAccess.of(snapshot);
        this.table = table;
        this.where = where;
    }

    /** The value of each of {@code slots} over every matching record. */
    Object[] values(List<AggregateCall> slots) {
        withExtremes = columnsWithExtremes(slots);
        Object[] values = new Object[slots.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = globalValue(slots.get(i));
        }
        return values;
    }

    /** The plan of {@code ask} over {@code filter}, made once per statement. */
    private QueryPlan plan(Filter filter, QueryPlan.Ask ask) {
        return plans.computeIfAbsent(filter, f -> new java.util.EnumMap<>(QueryPlan.Ask.class))
                .computeIfAbsent(ask, a -> engine.plan(table.info(), filter, a));
    }

    private long count(Filter filter) {
        return engine.count(plan(filter, QueryPlan.Ask.COUNT));
    }

    private Object globalValue(AggregateCall call) {
        if (call.function() == AggregateCall.Function.COUNT_STAR) {
            return count(where);
        }
        TableBinding.BoundColumn column = table.column(call.column());
        return switch (call.function()) {
            case COUNT -> column.isId() ? count(where)
                    : column.type().isInteger() ? sum(column).count()
                    : count(withValue(column));
            case COUNT_DISTINCT -> column.isId() ? count(where)
                    : engine.countDistinct(table.name(), column.name(), where);
            case SUM, AVG -> valueOf(call.function(), column, sum(column));
            case MIN, MAX -> valueOf(call.function(), column, aggregate(column));
            default -> throw new AssertionError(call.function());
        };
    }

    private Aggregate aggregate(TableBinding.BoundColumn column) {
        return aggregates.computeIfAbsent(column.name(), name -> engine.aggregate(plan(where, QueryPlan.Ask.TOTALS),
                table.info(column)));
    }

    /** The count and sum of {@code column}: from its aggregate when the statement needs that anyway. */
    private Sum sum(TableBinding.BoundColumn column) {
        if (withExtremes.contains(column.name())) {
            return aggregate(column).countAndSum();
        }
        return sums.computeIfAbsent(column.name(), name -> engine.sum(plan(where, QueryPlan.Ask.TOTALS), table.info(column)));
    }

    private Set<String> columnsWithExtremes(List<AggregateCall> slots) {
        Set<String> columns = new HashSet<>();
        for (AggregateCall call : slots) {
            if (call.function() == AggregateCall.Function.MIN || call.function() == AggregateCall.Function.MAX) {
                columns.add(table.column(call.column()).name());
            }
        }
        return columns;
    }

    /** The filter with {@code column IS NOT NULL} added: the records count(column) counts. */
    private Filter withValue(TableBinding.BoundColumn column) {
        Filter present = Filter.isNotNull(column.name());
        return where instanceof Filter.All ? present : Filter.and(where, present);
    }

    /** An aggregate's value as its field's kind reads it (a decimal sum is a BigDecimal, a timestamp minimum an Instant). */
    static Object valueOf(AggregateCall.Function function, TableBinding.BoundColumn column, Aggregate aggregate) {
        if (aggregate == null || aggregate.count() == 0) {
            return null;
        }
        ScalarKind kind = column.scalarKind();
        return switch (function) {
            case SUM, AVG -> valueOf(function, column, aggregate.countAndSum());
            case MIN -> kind.value(aggregate.min().getAsLong());
            case MAX -> kind.value(aggregate.max().getAsLong());
            default -> throw new AssertionError(function);
        };
    }

    /** A sum's or mean's value as its field's kind reads it. */
    static Object valueOf(AggregateCall.Function function, TableBinding.BoundColumn column, Sum sum) {
        if (sum == null || sum.count() == 0) {
            return null;
        }
        ScalarKind kind = column.scalarKind();
        return switch (function) {
            case SUM -> kind.sum(sum.sum());
            case AVG -> kind.average(sum.sum(), sum.count());
            default -> throw new AssertionError(function);
        };
    }

    /** Per value of keyed field {@code key}: its key, then the value of each of {@code slots}. */
    List<Object[]> perKey(String key, List<AggregateCall> slots) {
        withExtremes = columnsWithExtremes(slots);
        // The groups come as the engine lists them; other measures look theirs up by key.
        List<GroupCount> rowsByKey = engine.groupCount(plan(where, QueryPlan.Ask.GROUP_COUNT), table.info().field(key), -1);
        List<Object[]> groups = new ArrayList<>(rowsByKey.size());
        for (GroupCount group : rowsByKey) {
            Object[] row = new Object[1 + slots.size()];
            row[0] = group.key();
            for (int i = 0; i < slots.size(); i++) {
                row[1 + i] = groupValue(slots.get(i), key, group.key(), group.count());
            }
            groups.add(row);
        }
        return groups;
    }

    private Object groupValue(AggregateCall call, String key, String group, long rows) {
        if (call.function() == AggregateCall.Function.COUNT_STAR) {
            return rows;
        }
        TableBinding.BoundColumn column = table.column(call.column());
        boolean isKey = column.name().equals(key);
        return switch (call.function()) {
            case COUNT -> column.isId() ? rows : isKey ? (group == null ? 0L : rows)
                    : groupCounts(key, withValue(column)).getOrDefault(group, 0L);
            case COUNT_DISTINCT -> column.isId() ? rows : (group == null ? 0L : 1L);
            case SUM, AVG -> valueOf(call.function(), column, withExtremes.contains(column.name())
                    ? countAndSum(groupAggregates(key, column.name()).get(group))
                    : groupSums(key, column.name()).get(group));
            case MIN, MAX -> valueOf(call.function(), column, groupAggregates(key, column.name()).get(group));
            default -> throw new AssertionError(call.function());
        };
    }

    /** Records per group among the records matching {@code filter} (groups with none are absent); the null key is the group of records without a value. */
    private Map<String, Long> groupCounts(String key, Filter filter) {
        return groupCounts.computeIfAbsent(filter, f -> {
            Map<String, Long> counts = new LinkedHashMap<>();
            for (GroupCount group : engine.groupCount(plan(filter, QueryPlan.Ask.GROUP_COUNT), table.info().field(key), -1)) {
                counts.put(group.key(), group.count());
            }
            return counts;
        });
    }

    private static Sum countAndSum(Aggregate aggregate) {
        return aggregate == null ? null : aggregate.countAndSum();
    }

    private Map<String, Sum> groupSums(String key, String field) {
        return groupSums.computeIfAbsent(field, f -> {
            Map<String, Sum> byKey = new HashMap<>();
            for (GroupSum group : engine.groupSum(plan(where, QueryPlan.Ask.GROUP_TOTALS), table.info().field(key),
                    table.info().field(field))) {
                byKey.put(group.key(), group.sum());
            }
            return byKey;
        });
    }

    private Map<String, Aggregate> groupAggregates(String key, String field) {
        return groupAggregates.computeIfAbsent(field, f -> {
            Map<String, Aggregate> byKey = new HashMap<>();
            for (GroupAggregate group : engine.groupAggregate(plan(where, QueryPlan.Ask.GROUP_TOTALS), table.info().field(key),
                    table.info().field(field))) {
                byKey.put(group.key(), group.aggregate());
            }
            return byKey;
        });
    }
}
