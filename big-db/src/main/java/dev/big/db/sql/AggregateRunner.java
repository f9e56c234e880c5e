package dev.big.db.sql;

import dev.big.db.Aggregate;
import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.GroupAggregate;
import dev.big.db.GroupCount;
import dev.big.db.Snapshot;
import dev.big.db.field.FieldKinds;
import dev.big.db.field.ScalarKind;
import dev.big.db.sql.AggregateQuery.AggregateCall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Answers an {@link AggregateQuery} with the typed API, one call per distinct aggregate: count(*)
 * is {@link Snapshot#count} (or {@link Snapshot#groupCount} per group), count(column) the same
 * with {@code column IS NOT NULL} added, count(DISTINCT keyed) {@link Snapshot#countDistinct},
 * and sum / min / max / avg {@link Snapshot#aggregate} (or {@link Snapshot#groupAggregate}). The
 * rows are then sorted by ORDER BY and cut at LIMIT.
 *
 * <p>Result types follow DuckDB: counts are Long (0 over no rows), sums BigInteger, averages
 * Double, min and max Long or Instant; every aggregate but count is NULL over no values.
 */
final class AggregateRunner {

    private final Snapshot snapshot;
    private final TableBinding table;
    private final AggregateQuery query;
    private final Filter where;
    private final Map<String, Aggregate> aggregates = new HashMap<>();
    private final Map<Filter, Map<String, Long>> groupCounts = new HashMap<>();
    private final Map<String, Map<String, Aggregate>> groupAggregates = new HashMap<>();

    AggregateRunner(Snapshot snapshot, TableBinding table, AggregateQuery query, Filter where) {
        this.snapshot = snapshot;
        this.table = table;
        this.query = query;
        this.where = where;
    }

    /** Checks every aggregate against the schema before anything is read. */
    void validate() {
        TableBinding.BoundColumn key = query.groupBy() == null ? null : table.column(query.groupBy());
        if (key != null && key.type() != FieldType.KEYED) {
            throw SqlErrors.invalid("GROUP BY needs a keyed column; " + key.name() + " is " + key.typeLabel(),
                    "GROUP BY " + query.groupBy().sql());
        }
        for (AggregateQuery.Output output : query.outputs()) {
            if (output.value() instanceof AggregateCall call && call.column() != null) {
                TableBinding.BoundColumn column = table.column(call.column());
                boolean isKey = key != null && column.name().equals(key.name());
                String problem = switch (call.function()) {
                    case COUNT_STAR, COUNT -> null;
                    case COUNT_DISTINCT -> column.isId() || column.type() == FieldType.KEYED ? null
                            : "count(DISTINCT ...) needs a keyed column";
                    case SUM, AVG -> scalar(column) != null && scalar(column).summable() ? null
                            : call.function().name().toLowerCase(java.util.Locale.ROOT) + " needs "
                                    + FieldKinds.labels(kind -> kind instanceof ScalarKind s && s.summable()) + " column";
                    case MIN, MAX -> scalar(column) != null ? null
                            : call.function().name().toLowerCase(java.util.Locale.ROOT) + " needs "
                                    + FieldKinds.labels(kind -> kind instanceof ScalarKind) + " column";
                };
                if (problem == null && key != null && call.function() == AggregateCall.Function.COUNT_DISTINCT
                        && !isKey && !column.isId()) {
                    problem = "count(DISTINCT ...) per group only counts the GROUP BY column";
                }
                if (problem != null) {
                    throw SqlErrors.invalid(problem + "; " + column.name() + " is " + column.typeLabel(), call.sql());
                }
            }
        }
    }

    SqlResult run(int limit) {
        List<Object[]> rows = query.groupBy() == null ? List.<Object[]>of(globalRow()) : groupRows();
        if (!query.orderBy().isEmpty()) {
            rows = new ArrayList<>(rows);
            rows.sort(ResultOrder.of(query.orderBy()));
        }
        int count = limit < 0 ? rows.size() : Math.min(limit, rows.size());
        List<List<Object>> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(Collections.unmodifiableList(Arrays.asList(Arrays.copyOf(rows.get(i), query.visible()))));
        }
        List<String> names = new ArrayList<>(query.visible());
        for (int i = 0; i < query.visible(); i++) {
            names.add(query.outputs().get(i).name());
        }
        return new SqlResult(names, out);
    }

    // ------------------------------------------------------------------ one row over all matches

    private Object[] globalRow() {
        Object[] row = new Object[query.outputs().size()];
        for (int i = 0; i < row.length; i++) {
            row[i] = globalValue((AggregateCall) query.outputs().get(i).value());
        }
        return row;
    }

    private Object globalValue(AggregateCall call) {
        if (call.function() == AggregateCall.Function.COUNT_STAR) {
            return snapshot.count(table.name(), where);
        }
        TableBinding.BoundColumn column = table.column(call.column());
        return switch (call.function()) {
            case COUNT_STAR -> throw new AssertionError();
            case COUNT -> column.isId() ? snapshot.count(table.name(), where)
                    : column.type().isInteger() ? aggregate(column).count()
                    : snapshot.count(table.name(), withValue(column));
            case COUNT_DISTINCT -> column.isId() ? snapshot.count(table.name(), where)
                    : snapshot.countDistinct(table.name(), column.name(), where);
            case SUM, MIN, MAX, AVG -> valueOf(call.function(), column, aggregate(column));
        };
    }

    private Aggregate aggregate(TableBinding.BoundColumn column) {
        return aggregates.computeIfAbsent(column.name(), name -> snapshot.aggregate(table.name(), name, where));
    }

    /** The filter with {@code column IS NOT NULL} added: the records count(column) counts. */
    private Filter withValue(TableBinding.BoundColumn column) {
        Filter present = Filter.isNotNull(column.name());
        return where instanceof Filter.All ? present : Filter.and(where, present);
    }

    /** An aggregate's value as its field's kind reads it (a decimal sum is a BigDecimal, a timestamp minimum an Instant). */
    private static Object valueOf(AggregateCall.Function function, TableBinding.BoundColumn column, Aggregate aggregate) {
        if (aggregate == null || aggregate.count() == 0) {
            return null;
        }
        ScalarKind kind = scalar(column);
        return switch (function) {
            case SUM -> kind.sum(aggregate.sum());
            case AVG -> kind.average(aggregate.sum(), aggregate.count());
            case MIN -> kind.value(aggregate.min().getAsLong());
            case MAX -> kind.value(aggregate.max().getAsLong());
            default -> throw new AssertionError(function);
        };
    }

    /** The column's kind when its values are bit-sliced numbers, else null. */
    private static ScalarKind scalar(TableBinding.BoundColumn column) {
        return !column.isId() && FieldKinds.of(column.field()) instanceof ScalarKind kind ? kind : null;
    }

    // ------------------------------------------------------------------ one row per group

    private List<Object[]> groupRows() {
        String key = table.column(query.groupBy()).name();
        Map<String, Long> rowsByKey = groupCounts(key, where);
        List<Object[]> rows = new ArrayList<>(rowsByKey.size());
        for (Map.Entry<String, Long> group : rowsByKey.entrySet()) {
            Object[] row = new Object[query.outputs().size()];
            for (int i = 0; i < row.length; i++) {
                row[i] = groupValue(query.outputs().get(i).value(), key, group.getKey(), group.getValue());
            }
            rows.add(row);
        }
        return rows;
    }

    private Object groupValue(AggregateQuery.Value value, String key, String group, long rows) {
        if (value instanceof AggregateQuery.GroupKey) {
            return group;
        }
        AggregateCall call = (AggregateCall) value;
        if (call.function() == AggregateCall.Function.COUNT_STAR) {
            return rows;
        }
        TableBinding.BoundColumn column = table.column(call.column());
        boolean isKey = column.name().equals(key);
        return switch (call.function()) {
            case COUNT_STAR -> throw new AssertionError();
            case COUNT -> column.isId() ? rows : isKey ? (group == null ? 0L : rows)
                    : groupCounts(key, withValue(column)).getOrDefault(group, 0L);
            case COUNT_DISTINCT -> column.isId() ? rows : (group == null ? 0L : 1L);
            case SUM, MIN, MAX, AVG -> valueOf(call.function(), column, groupAggregates(key, column.name()).get(group));
        };
    }

    /**
     * Record counts per group among the records matching {@code filter} (groups with none are absent); the
     * null key is the group of records without a value.
     */
    private Map<String, Long> groupCounts(String key, Filter filter) {
        return groupCounts.computeIfAbsent(filter, f -> {
            Map<String, Long> counts = new LinkedHashMap<>();
            for (GroupCount group : snapshot.groupCount(table.name(), key, filter, -1)) {
                counts.put(group.key(), group.count());
            }
            return counts;
        });
    }

    private Map<String, Aggregate> groupAggregates(String key, String field) {
        return groupAggregates.computeIfAbsent(field, f -> {
            Map<String, Aggregate> byKey = new HashMap<>();
            for (GroupAggregate group : snapshot.groupAggregate(table.name(), key, field, where)) {
                byKey.put(group.key(), group.aggregate());
            }
            return byKey;
        });
    }
}
