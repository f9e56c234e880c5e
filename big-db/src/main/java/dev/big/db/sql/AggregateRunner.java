package dev.big.db.sql;

import dev.big.db.Aggregate;
import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.Snapshot;
import dev.big.db.field.FieldKinds;
import dev.big.db.field.ScalarKind;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.GroupKey;
import dev.big.db.query.Grouping;
import dev.big.db.query.Measure;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.ToIntFunction;

/**
 * Answers an {@link AggregateQuery}. The forms the typed API has calls for take them: without
 * GROUP BY, count(*) is {@link Snapshot#count} (record counts from the shard summaries when there
 * is no filter), sum / min / max / avg {@link Snapshot#aggregate}, count(DISTINCT keyed)
 * {@link Snapshot#countDistinct}; grouped by one keyed column, {@link Snapshot#groupCount} (cell
 * cardinalities) and {@link Snapshot#groupAggregate}. Every other form — several keys, time
 * buckets, parts, int keys, FILTER, quantiles, count(DISTINCT) of numbers — is one
 * {@link Grouping} pass. The rows are then computed ({@link ResultArithmetic}), filtered by
 * HAVING, sorted by ORDER BY and cut at LIMIT.
 *
 * <p>Result types follow DuckDB: counts are Long (0 over no rows), sums BigInteger, averages and
 * medians of ints Double, min, max and quantile_disc Long or Instant; every aggregate but count is
 * NULL over no values.
 */
final class AggregateRunner {

    private final Snapshot snapshot;
    private final TableBinding table;
    private final AggregateQuery query;
    private final Filter where;
    private final PredicateBinder binder;
    private final ResultArithmetic arithmetic;
    /** The distinct aggregates of the query, each computed once. */
    private final List<AggregateCall> slots = new ArrayList<>();
    private final TypedApiAggregates typedApi;
    private final List<Object> parameters;

    /** Whether the parameters are the literals of a template of the statement's text (not values bound to ?). */
    private final boolean literals;

    AggregateRunner(Snapshot snapshot, TableBinding table, AggregateQuery query, Filter where, PredicateBinder binder,
                    List<Object> parameters, boolean literals) {
        this.literals = literals;
        this.snapshot = snapshot;
        this.table = table;
        this.query = query;
        this.where = where;
        this.binder = binder;
        this.arithmetic = new ResultArithmetic(parameters);
        this.parameters = parameters;
        this.typedApi = new TypedApiAggregates(snapshot, table, where);
        for (AggregateQuery.Output output : query.outputs()) {
            collect(output.value());
        }
        if (query.having() != null) {
            collect(query.having());
        }
    }

    private void collect(ResultExpr expression) {
        switch (expression) {
            case ResultExpr.Aggregate aggregate -> {
                if (slot(aggregate.call()) < 0) {
                    slots.add(aggregate.call());
                }
            }
            case ResultExpr.Arithmetic a -> {
                collect(a.left());
                collect(a.right());
            }
            case ResultExpr.Negate n -> collect(n.operand());
            case ResultExpr.Round r -> collect(r.operand());
            default -> { }
        }
    }

    private void collect(ResultCondition condition) {
        switch (condition) {
            case ResultCondition.Compare c -> {
                collect(c.left());
                collect(c.right());
            }
            case ResultCondition.IsNull n -> collect(n.operand());
            case ResultCondition.Not n -> collect(n.term());
            case ResultCondition.And a -> a.terms().forEach(this::collect);
            case ResultCondition.Or o -> o.terms().forEach(this::collect);
        }
    }

    private int slot(AggregateCall call) {
        for (int i = 0; i < slots.size(); i++) {
            if (slots.get(i).sameAs(call)) {
                return i;
            }
        }
        return -1;
    }

    /** Checks every key and aggregate against the schema before anything is read. */
    void validate() {
        for (int k = 0; k < query.keys().size(); k++) {
            GroupKeyExpr key = query.keys().get(k);
            String alias = query.keyAliases().get(k);
            if (alias != null && table.fields().stream().anyMatch(f -> f.name().equalsIgnoreCase(alias))) {
                throw SqlErrors.invalid("GROUP BY " + alias + " names both a column and a select alias, and DuckDB"
                        + " groups by the column; write the expression or its position instead", "GROUP BY " + alias);
            }
            TableBinding.BoundColumn column = table.column(key.column());
            if (column.isId() || !key.accepts(column.type())) {
                throw SqlErrors.invalid((key.needs() == null ? "GROUP BY needs a keyed, bool, int, timestamp or decimal column"
                        : IntegerDivisionText.restore(key.sql()) + " needs " + key.needs()) + "; " + column.name() + " is "
                        + column.typeLabel(), IntegerDivisionText.restore(key.sql()));
            }
        }
        for (AggregateCall call : slots) {
            if (call.column() == null) {
                continue;
            }
            TableBinding.BoundColumn column = table.column(call.column());
            String name = call.function().name().toLowerCase(Locale.ROOT);
            String problem = switch (call.function()) {
                case COUNT_STAR, COUNT -> null;
                case COUNT_DISTINCT -> column.isId() || column.type() != FieldType.SET ? null
                        : "count(DISTINCT ...) needs a keyed, bool, int, timestamp or decimal column";
                case SUM, AVG -> column.scalarKind() != null && column.scalarKind().summable() ? null
                        : name + " needs " + FieldKinds.labels(kind -> kind instanceof ScalarKind s && s.summable()) + " column";
                case MIN, MAX, QUANTILE_DISC -> column.scalarKind() != null ? null
                        : name + " needs " + FieldKinds.labels(kind -> kind instanceof ScalarKind) + " column";
                // The interpolated median of a decimal is a DECIMAL in DuckDB, not answered yet.
                case MEDIAN -> !column.isId() && (column.type() == FieldType.INT || column.type() == FieldType.TIMESTAMP) ? null
                        : name + " needs an int or timestamp column";
            };
            if (problem != null) {
                throw SqlErrors.invalid(problem + "; " + column.name() + " is " + column.typeLabel(), call.sql());
            }
        }
        for (AggregateQuery.Output output : query.outputs()) {
            numeric(output.value());
        }
    }

    /**
     * Whether {@code expression} is a number, refusing arithmetic on anything else (keys and
     * aggregates of keyed, bool or timestamp columns) before any data is read, as DuckDB's binder does.
     */
    private boolean numeric(ResultExpr expression) {
        return switch (expression) {
            case ResultExpr.Key key -> {
                GroupKeyExpr k = query.keys().get(key.key());
                yield k instanceof GroupKeyExpr.Divide || k instanceof GroupKeyExpr.Part
                        || (k instanceof GroupKeyExpr.Column && table.column(k.column()).type() == FieldType.INT);
            }
            case ResultExpr.Aggregate aggregate -> switch (aggregate.call().function()) {
                case COUNT_STAR, COUNT, COUNT_DISTINCT, SUM, AVG -> true;
                case MIN, MAX, MEDIAN, QUANTILE_DISC -> table.column(aggregate.call().column()).type() == FieldType.INT;
            };
            case ResultExpr.IntegerNumber n -> true;
            case ResultExpr.DecimalNumber n -> true;
            case ResultExpr.DoubleNumber n -> true;
            case ResultExpr.Negate negate -> requireNumber(negate.operand(), negate.sql());
            case ResultExpr.Round round -> requireNumber(round.operand(), round.sql());
            case ResultExpr.Arithmetic a -> requireNumber(a.left(), a.sql()) && requireNumber(a.right(), a.sql());
        };
    }

    private boolean requireNumber(ResultExpr operand, String sql) {
        if (!numeric(operand)) {
            throw SqlErrors.invalid("arithmetic needs numbers; " + IntegerDivisionText.restore(operand.sql())
                    + " is not one", sql);
        }
        return true;
    }

    SqlResult run(int limit) {
        List<Object[][]> groups = groups();
        List<Object[]> rows = new ArrayList<>(groups.size());
        ToIntFunction<AggregateCall> slotOf = this::slot; // one per run, not one per group and output
        int outputs = query.outputs().size();
        for (Object[][] group : groups) {
            Object[] keys = group[0];
            Object[] values = group[1];
            if (query.having() != null
                    && !Boolean.TRUE.equals(arithmetic.test(query.having(), keys, values, slotOf))) {
                continue;
            }
            Object[] row = new Object[outputs];
            for (int i = 0; i < row.length; i++) {
                row[i] = arithmetic.evaluate(query.outputs().get(i).value(), keys, values, slotOf);
            }
            rows.add(row);
        }
        if (!query.orderBy().isEmpty()) {
            rows.sort(ResultOrder.of(query.orderBy()));
        }
        int count = limit < 0 ? rows.size() : Math.min(limit, rows.size());
        int visible = query.visible();
        List<List<Object>> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            // Outputs past the visible ones only order the rows; a row without them is kept as it is.
            Object[] row = rows.get(i);
            out.add(Collections.unmodifiableList(Arrays.asList(row.length == visible ? row : Arrays.copyOf(row, visible))));
        }
        List<String> names = new ArrayList<>(query.visible());
        for (int i = 0; i < query.visible(); i++) {
            names.add(StatementTemplate.asWritten(query.outputs().get(i).name(), parameters, literals));
        }
        return new SqlResult(names, out, ResultTypes.of(query, table, parameters));
    }

    /** Which calls answer the query: the typed API's without or with one keyed key, or one {@link Grouping} pass. */
    enum Path { TYPED_API, TYPED_API_PER_KEY, GROUPING }

    Path path() {
        if (query.keys().isEmpty() && slots.stream().allMatch(this::typedApiAnswers)) {
            return Path.TYPED_API;
        }
        if (query.keys().size() == 1 && query.keys().getFirst() instanceof GroupKeyExpr.Column key
                && table.column(key.column()).type() == FieldType.KEYED
                && slots.stream().allMatch(call -> typedApiAnswersPerGroup(call, key.column()))) {
            return Path.TYPED_API_PER_KEY;
        }
        return Path.GROUPING;
    }

    /** The distinct aggregates, in the order they are computed. */
    List<AggregateCall> aggregates() {
        return List.copyOf(slots);
    }

    /** Per group: its key values and its aggregates' values by slot. */
    private List<Object[][]> groups() {
        Path path = path();
        if (path == Path.TYPED_API) {
            return List.<Object[][]>of(new Object[][] {new Object[0], typedApi.values(slots)});
        }
        if (path == Path.TYPED_API_PER_KEY) {
            return typedApi.perKey(table.column(query.keys().getFirst().column()).name(), slots);
        }
        return grouping();
    }

    /** Whether the calls of the typed API answer {@code call} without GROUP BY. */
    private boolean typedApiAnswers(AggregateCall call) {
        if (call.filter() != null) {
            return false;
        }
        return switch (call.function()) {
            case COUNT_STAR, COUNT, SUM, MIN, MAX, AVG -> true;
            case COUNT_DISTINCT -> table.column(call.column()).isId() || table.column(call.column()).type() == FieldType.KEYED;
            case MEDIAN, QUANTILE_DISC -> false;
        };
    }

    private boolean typedApiAnswersPerGroup(AggregateCall call, ColumnRef key) {
        if (call.filter() != null) {
            return false;
        }
        return switch (call.function()) {
            case COUNT_STAR, COUNT, SUM, MIN, MAX, AVG -> true;
            case COUNT_DISTINCT -> table.column(call.column()).isId() || call.column().sameColumn(key);
            case MEDIAN, QUANTILE_DISC -> false;
        };
    }

    // ------------------------------------------------------------------ one Grouping pass

    private List<Object[][]> grouping() {
        List<GroupKey> keys = new ArrayList<>();
        for (GroupKeyExpr key : query.keys()) {
            keys.add(key.bind(table.column(key.column())));
        }
        List<Measure> measures = new ArrayList<>();
        for (AggregateCall call : slots) {
            measures.add(measure(call));
        }
        List<Object[][]> groups = new ArrayList<>();
        for (Grouping.Group group : new Grouping(EngineAccess.of(snapshot), table.name()).run(keys, where, measures)) {
            Object[] values = new Object[slots.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = value(slots.get(i), group.values().get(i));
            }
            groups.add(new Object[][] {group.key().toArray(), values});
        }
        return groups;
    }

    private Measure measure(AggregateCall call) {
        Filter filter = call.filter() == null ? Filter.all() : binder.bind(call.filter());
        TableBinding.BoundColumn column = call.column() == null ? null : table.column(call.column());
        return switch (call.function()) {
            case COUNT_STAR -> new Measure.CountRecords(filter);
            case COUNT -> column.isId() ? new Measure.CountRecords(filter) : new Measure.CountValues(column.name(), filter);
            case COUNT_DISTINCT -> new Measure.CountDistinct(column.name(), filter);
            case SUM, MIN, MAX, AVG -> new Measure.Stats(column.name(), filter);
            case MEDIAN -> new Measure.Quantile(column.name(), 0.5, true, filter);
            case QUANTILE_DISC -> new Measure.Quantile(column.name(), call.fraction(), false, filter);
        };
    }

    private Object value(AggregateCall call, Object measured) {
        return switch (call.function()) {
            case SUM, MIN, MAX, AVG -> TypedApiAggregates.valueOf(call.function(), table.column(call.column()), (Aggregate) measured);
            default -> measured;
        };
    }
}
