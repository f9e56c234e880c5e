package dev.big.db.sql;

import dev.big.db.Aggregate;
import dev.big.db.Filter;
import dev.big.db.Snapshot;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.GroupKey;
import dev.big.db.query.Grouping;
import dev.big.db.query.Measure;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Answers an {@link AggregateQuery}. The forms the typed API has calls for take them: without
 * GROUP BY, count(*) is {@link Snapshot#count} (record counts from the shard summaries when there
 * is no filter), sum / min / max / avg {@link Snapshot#aggregate}, count(DISTINCT keyed)
 * {@link Snapshot#countDistinct}; grouped by one keyed column, {@link Snapshot#groupCount} (cell
 * cardinalities) and {@link Snapshot#groupAggregate}. Every other form — several keys, time
 * buckets, parts, int keys, FILTER, quantiles, count(DISTINCT) of numbers — is one
 * {@link Grouping} pass. Which of these answers, and the checks against the schema, are the
 * statement's {@link AggregateShape}, made once per statement and committed state. The rows are then
 * computed ({@link ResultArithmetic}; a group already is its row when the select list is its keys and
 * aggregates in order), filtered by HAVING, sorted by ORDER BY and cut at LIMIT.
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
    /** The query bound to the table: its distinct aggregates, checked, and the calls that answer it. */
    private final AggregateShape shape;
    private final TypedApiAggregates typedApi;
    private final List<Object> parameters;

    /** Whether the parameters are the literals of a template of the statement's text (not values bound to ?). */
    private final boolean literals;

    /** A runner of {@code query}; refuses (before anything is read) what {@code table}'s schema cannot answer. */
    AggregateRunner(Snapshot snapshot, TableBinding table, AggregateQuery query, Filter where, PredicateBinder binder,
                    List<Object> parameters, boolean literals) {
        this(snapshot, table, query, table.shape(query), where, binder, parameters, literals);
    }

    /**
     * A runner of {@code query} made for one run (a join's part on its first table), whose shape
     * is made for it and not kept with the table's statements.
     */
    static AggregateRunner once(Snapshot snapshot, TableBinding table, AggregateQuery query, Filter where,
                                PredicateBinder binder, List<Object> parameters) {
        return new AggregateRunner(snapshot, table, query, AggregateShape.of(query, table), where, binder, parameters, false);
    }

    private AggregateRunner(Snapshot snapshot, TableBinding table, AggregateQuery query, AggregateShape shape, Filter where,
                            PredicateBinder binder, List<Object> parameters, boolean literals) {
        this.literals = literals;
        this.snapshot = snapshot;
        this.table = table;
        this.query = query;
        this.where = where;
        this.binder = binder;
        this.arithmetic = new ResultArithmetic(parameters);
        this.parameters = parameters;
        this.shape = shape;
        this.typedApi = new TypedApiAggregates(snapshot, table, where);
    }

    SqlResult run(int limit) {
        return answer(query, shape, arithmetic, groups(), limit, parameters, literals);
    }

    /**
     * The answer of {@code query} from its {@code groups} (per group: its key values, then its
     * aggregates' values by {@code shape}'s slots), however they were computed: each select-list
     * expression computed, the groups HAVING rejects left out, the rows sorted by ORDER BY and
     * cut at {@code limit} (negative: none). A join's groups come here too ({@link JoinRunner}).
     */
    static SqlResult answer(AggregateQuery query, AggregateShape shape, ResultArithmetic arithmetic, List<Object[]> groups,
                            int limit, List<Object> parameters, boolean literals) {
        List<Object[]> rows = shape.groupIsRow() && query.having() == null ? groups
                : rows(query, shape, arithmetic, groups);
        if (!query.orderBy().isEmpty() && rows.size() > 1) {
            rows.sort(ResultOrder.of(query.orderBy()));
        }
        int count = limit < 0 ? rows.size() : Math.min(limit, rows.size());
        int visible = query.visible();
        ResultRow[] out = new ResultRow[count];
        for (int i = 0; i < count; i++) {
            // Outputs past the visible ones only order the rows; a row without them is kept as it is.
            Object[] row = rows.get(i);
            out[i] = ResultRow.of(row.length == visible ? row : Arrays.copyOf(row, visible));
        }
        List<String> names = new ArrayList<>(query.visible());
        for (int i = 0; i < query.visible(); i++) {
            names.add(StatementTemplate.asWritten(query.outputs().get(i).name(), parameters, literals));
        }
        return new SqlResult(names, List.of(out), shape.types(parameters));
    }

    /** The output rows of {@code groups}: each select-list expression computed, and the groups HAVING rejects left out. */
    private static List<Object[]> rows(AggregateQuery query, AggregateShape shape, ResultArithmetic arithmetic,
                                       List<Object[]> groups) {
        int keys = query.keys().size();
        List<Object[]> rows = new ArrayList<>(groups.size());
        ToIntFunction<AggregateCall> slotOf = shape::slot; // one per run, not one per group and output
        int outputs = query.outputs().size();
        for (Object[] group : groups) {
            if (query.having() != null
                    && !Boolean.TRUE.equals(arithmetic.test(query.having(), group, keys, slotOf))) {
                continue;
            }
            Object[] row = new Object[outputs];
            for (int i = 0; i < row.length; i++) {
                row[i] = arithmetic.evaluate(query.outputs().get(i).value(), group, keys, slotOf);
            }
            rows.add(row);
        }
        return rows;
    }

    AggregateShape.Path path() {
        return shape.path();
    }

    /** The distinct aggregates, in the order they are computed. */
    List<AggregateCall> aggregates() {
        return shape.slots();
    }

    /** Per group: its key values, then its aggregates' values by slot. */
    private List<Object[]> groups() {
        List<AggregateCall> slots = shape.slots();
        AggregateShape.Path path = shape.path();
        if (path == AggregateShape.Path.TYPED_API) {
            return List.<Object[]>of(typedApi.values(slots));
        }
        if (path == AggregateShape.Path.TYPED_API_PER_KEY) {
            return typedApi.perKey(table.column(query.keys().getFirst().column()).name(), slots);
        }
        return grouping();
    }

    // ------------------------------------------------------------------ one Grouping pass

    private List<Object[]> grouping() {
        List<GroupKey> keys = new ArrayList<>();
        for (GroupKeyExpr key : query.keys()) {
            keys.add(key.bind(table.column(key.column())));
        }
        List<AggregateCall> slots = shape.slots();
        List<Measure> measures = new ArrayList<>();
        for (AggregateCall call : slots) {
            measures.add(measure(call));
        }
        List<Object[]> groups = new ArrayList<>();
        for (Grouping.Group group : new Grouping(EngineAccess.of(snapshot), table.name()).run(keys, where, measures)) {
            Object[] row = new Object[keys.size() + slots.size()];
            for (int k = 0; k < keys.size(); k++) {
                row[k] = group.key().get(k);
            }
            for (int i = 0; i < slots.size(); i++) {
                row[keys.size() + i] = value(slots.get(i), group.values().get(i));
            }
            groups.add(row);
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
