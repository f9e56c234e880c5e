package dev.big.db.sql;

import dev.big.db.FieldType;
import dev.big.db.Snapshot;
import dev.big.db.Sum;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A join's aggregates computed from the bitmaps: for aggregates over the first table's columns
 * (count, sum, min, max, avg, each with any FILTER on that table) of a star join (every key
 * compared with a column of the first table). The first table's part is a one-table aggregate
 * statement, grouped by the statement's keys on that table and by the join keys
 * ({@link AggregateRunner}, on its best path: stored counts per key, the typed API's sums, or one
 * grouping pass; no record is read); each of its rows is then mapped through the joined tables'
 * hash maps by its key values and added into the statement's groups. A dimension key found twice
 * adds the row twice, as the join's rows would; an average is asked as its sum and count, which
 * add up across the rows.
 */
final class JoinGroupBy {

    private final Snapshot snapshot;
    private final JoinQuery query;
    private final JoinBinding binding;
    private final AggregateShape shape;
    private final JoinedRows joined;
    private final List<Object> parameters;
    private final int tables;

    JoinGroupBy(Snapshot snapshot, JoinBinding binding, AggregateShape shape, JoinedRows joined, List<Object> parameters) {
        this.snapshot = snapshot;
        this.query = binding.query();
        this.binding = binding;
        this.shape = shape;
        this.joined = joined;
        this.parameters = parameters;
        this.tables = query.sources().size();
    }

    /** EXPLAIN's line for this strategy: what the first table is aggregated by, on which path. */
    String strategy(JoinedRows.Build build) {
        ProbeAggregate probe = probeAggregate();
        List<String> keys = probe.query().keys().stream().map(key -> IntegerDivisionText.restore(key.sql())).toList();
        String path = switch (probe.runner(build).path()) {
            case TYPED_API, TYPED_API_PER_KEY -> "the typed API's counts and sums per key";
            case GROUPING -> "one grouping pass";
        };
        return "strategy: bitmap group-by: " + query.table() + " aggregated by " + String.join(", ", keys) + " (" + path
                + ", from its bitmaps and planes, no record read), each row mapped through the joined tables by its keys and"
                + " added into the result's groups";
    }

    /** Whether the bitmap group-by answers {@code shape}'s aggregates of {@code binding}'s join (see the class comment). */
    static boolean answers(JoinBinding binding, AggregateShape shape) {
        int tables = binding.tables().size();
        for (int t = 1; t < tables; t++) {
            TableBinding.BoundColumn key = binding.other(t).column();
            if (binding.otherTable(t) != 0 || key.isId() || key.type() == FieldType.SET) {
                return false;
            }
        }
        for (GroupKeyExpr key : binding.query().aggregate().keys()) {
            JoinBinding.Bound column = binding.resolve(key.column());
            if (column.table() == 0 && column.column().isId()) {
                return false; // the first table's records grouped one per id: no bitmap saves anything there
            }
        }
        for (AggregateCall call : shape.slots()) {
            boolean mergeable = switch (call.function()) {
                case COUNT_STAR, COUNT, SUM, MIN, MAX, AVG -> true;
                default -> false;
            };
            if (!mergeable || (call.column() != null && binding.resolve(call.column()).table() != 0)
                    || (call.filter() != null && !onlyFirstTable(binding, call.filter()))) {
                return false;
            }
        }
        return true;
    }

    private static boolean onlyFirstTable(JoinBinding binding, Predicate predicate) {
        BitSet on = binding.tablesOf(predicate);
        return on.cardinality() == 1 && on.get(0);
    }

    /**
     * The bitmap group-by: the first table's part is a one-table aggregate statement, answered by
     * {@link AggregateRunner} on its best path (stored counts per key, the typed API's sums, or one
     * grouping pass), grouped by the statement's keys on that table and by the join keys; each of its
     * rows is then mapped through the joined tables and added into the statement's groups. An
     * average is asked as its sum and count, which add up across the rows.
     */
    List<Object[]> groups(JoinedRows.Build build) {
        List<AggregateCall> slots = shape.slots();
        List<GroupKeyExpr> queryKeys = query.aggregate().keys();
        ProbeAggregate probe = probeAggregate();
        int[] joinKeyAt = probe.joinKeyAt();
        Merging merging = probe.merging();
        Map<List<Object>, Object[]> merged = new LinkedHashMap<>();
        if (!build.empty()) {
            SqlResult probeRows = probe.runner(build).run(-1);
            for (List<Object> row : probeRows.rows()) {
                List<List<Object[]>> choices = new ArrayList<>();
                choices.add(List.of());
                boolean dropped = false;
                for (int t = 1; t < tables && !dropped; t++) {
                    List<Object[]> rows = joined.joined(build, t, joined.matches(build, t, row.get(joinKeyAt[t])));
                    choices.add(rows);
                    dropped = rows.isEmpty();
                }
                if (!dropped) {
                    combine(row, choices, new Object[tables][], 1, merging, merged);
                }
            }
        }
        if (queryKeys.isEmpty() && merged.isEmpty()) {
            merged.put(List.of(), new Object[2 * slots.size()]);
        }
        List<Object[]> groups = new ArrayList<>(merged.size());
        for (Map.Entry<List<Object>, Object[]> entry : merged.entrySet()) {
            Object[] row = new Object[queryKeys.size() + slots.size()];
            for (int k = 0; k < queryKeys.size(); k++) {
                row[k] = entry.getKey().get(k);
            }
            Object[] values = entry.getValue();
            for (int i = 0; i < slots.size(); i++) {
                AggregateCall call = slots.get(i);
                Object value = values[2 * i];
                row[queryKeys.size() + i] = switch (call.function()) {
                    case COUNT_STAR, COUNT -> value == null ? 0L : value;
                    case AVG -> {
                        TableBinding.BoundColumn column = binding.column(call.column());
                        long count = values[2 * i + 1] == null ? 0 : (Long) values[2 * i + 1];
                        yield value == null || count == 0 ? null : TypedApiAggregates.valueOf(call.function(), column,
                                new Sum(count, value instanceof BigDecimal decimal ? decimal.unscaledValue() : (BigInteger) value));
                    }
                    default -> value;
                };
            }
            groups.add(row);
        }
        return groups;
    }

    /**
     * The first table's part of the bitmap group-by, as a one-table aggregate statement: grouped by
     * the statement's keys on that table, then by the join keys not among them ({@code joinKeyAt}:
     * per joined table, the column of the rows its key is in); per slot an output, an average as its
     * sum and its count ({@code merging} says where each stands).
     */
    private record ProbeAggregate(AggregateQuery query, int[] joinKeyAt, Merging merging, Snapshot snapshot, TableBinding table,
                                  PredicateBinder binder, List<Object> parameters) {

        /** The runner of the part over the first table's records that {@code build} lets through. */
        AggregateRunner runner(JoinedRows.Build build) {
            return AggregateRunner.once(snapshot, table, query, build.probe(), binder, parameters);
        }
    }

    private ProbeAggregate probeAggregate() {
        List<AggregateCall> slots = shape.slots();
        List<GroupKeyExpr> queryKeys = query.aggregate().keys();
        List<GroupKeyExpr> keys = new ArrayList<>();
        int[] keyAt = new int[queryKeys.size()];
        for (int k = 0; k < queryKeys.size(); k++) {
            keyAt[k] = -1;
            if (binding.resolve(queryKeys.get(k).column()).table() == 0) {
                keyAt[k] = keys.size();
                keys.add(queryKeys.get(k));
            }
        }
        int[] joinKeyAt = new int[tables];
        for (int t = 1; t < tables; t++) {
            String name = binding.other(t).column().name();
            joinKeyAt[t] = -1;
            for (int k = 0; k < keys.size(); k++) {
                if (keys.get(k) instanceof GroupKeyExpr.Column c && binding.table(0).column(c.column()).name().equals(name)) {
                    joinKeyAt[t] = k;
                }
            }
            if (joinKeyAt[t] < 0) {
                joinKeyAt[t] = keys.size();
                keys.add(new GroupKeyExpr.Column(new ColumnRef(null, name, name), name));
            }
        }
        List<AggregateQuery.Output> outputs = new ArrayList<>();
        List<String> aliases = new ArrayList<>();
        for (int k = 0; k < keys.size(); k++) {
            outputs.add(new AggregateQuery.Output("k" + k, new ResultExpr.Key(k, keys.get(k).sql())));
            aliases.add(null);
        }
        int[] valueAt = new int[slots.size()];
        int[] countAt = new int[slots.size()];
        for (int i = 0; i < slots.size(); i++) {
            AggregateCall call = slots.get(i);
            countAt[i] = -1;
            if (call.function() == AggregateCall.Function.AVG) {
                valueAt[i] = add(outputs, new AggregateCall(AggregateCall.Function.SUM, call.column(), call.fraction(), call.filter(),
                        "sum of " + call.sql()));
                countAt[i] = add(outputs, new AggregateCall(AggregateCall.Function.COUNT, call.column(), call.fraction(),
                        call.filter(), "count of " + call.sql()));
            } else {
                valueAt[i] = add(outputs, call);
            }
        }
        AggregateQuery probeQuery = new AggregateQuery(binding.table(0).name(), keys, aliases, outputs, outputs.size(), null, null,
                List.of(), null);
        List<JoinBinding.Bound> keyColumns = queryKeys.stream().map(key -> binding.resolve(key.column())).toList();
        return new ProbeAggregate(probeQuery, joinKeyAt, new Merging(slots, keyAt, keyColumns, valueAt, countAt), snapshot,
                binding.table(0), joined.binder(0), parameters);
    }

    /** Adds {@code call} as an output of {@code outputs}; its index. */
    private static int add(List<AggregateQuery.Output> outputs, AggregateCall call) {
        outputs.add(new AggregateQuery.Output("a" + outputs.size(), new ResultExpr.Aggregate(call)));
        return outputs.size() - 1;
    }

    /**
     * Adds the first table's {@code row} into {@code merged} once per combination of the joined
     * tables' rows in {@code choices} (a key found twice adds the row twice). Per slot,
     * {@code merged} holds two values: the slot's (an average: its sum) and an average's count.
     */
    private void combine(List<Object> row, List<List<Object[]>> choices, Object[][] rows, int t, Merging merging,
                         Map<List<Object>, Object[]> merged) {
        if (t == tables) {
            List<GroupKeyExpr> queryKeys = query.aggregate().keys();
            Object[] key = new Object[queryKeys.size()];
            for (int k = 0; k < key.length; k++) {
                if (merging.keyAt[k] >= 0) {
                    key[k] = row.get(merging.keyAt[k]);
                } else {
                    JoinBinding.Bound column = merging.keyColumns.get(k);
                    key[k] = queryKeys.get(k).valueOf(column.column(), joined.value(rows, column));
                }
            }
            Object[] values = merged.computeIfAbsent(Arrays.asList(key), k -> new Object[2 * merging.valueAt.length]);
            for (int i = 0; i < merging.valueAt.length; i++) {
                values[2 * i] = merge(merging.slots.get(i).function(), values[2 * i], row.get(merging.valueAt[i]));
                if (merging.countAt[i] >= 0) {
                    values[2 * i + 1] = merge(AggregateCall.Function.COUNT, values[2 * i + 1], row.get(merging.countAt[i]));
                }
            }
            return;
        }
        for (Object[] match : choices.get(t)) {
            rows[t] = match;
            combine(row, choices, rows, t + 1, merging, merged);
        }
    }

    /**
     * Where the first table's rows hold what the statement's groups need: per statement key, its
     * column in the rows (-1: a joined table's column, {@code keyColumns}' entry); per slot, its
     * value's column (an average: its sum's) and an average's count's column (-1 otherwise).
     */
    private record Merging(List<AggregateCall> slots, int[] keyAt, List<JoinBinding.Bound> keyColumns, int[] valueAt, int[] countAt) {}

    /** Two values of one aggregate over disjoint rows, combined: counts and sums add, extremes compare; NULL is no value. */
    private static Object merge(AggregateCall.Function function, Object into, Object value) {
        if (into == null) {
            return value;
        }
        if (value == null) {
            return into;
        }
        return switch (function) {
            case COUNT_STAR, COUNT -> (Long) into + (Long) value;
            case SUM, AVG -> into instanceof BigDecimal decimal ? decimal.add((BigDecimal) value) : ((BigInteger) into).add((BigInteger) value);
            case MIN -> ResultOrder.compareValues(value, into) < 0 ? value : into;
            case MAX -> ResultOrder.compareValues(value, into) > 0 ? value : into;
            default -> throw new IllegalStateException(function + " is not merged");
        };
    }
}
