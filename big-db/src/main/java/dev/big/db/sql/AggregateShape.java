package dev.big.db.sql;

import dev.big.db.FieldType;
import dev.big.db.field.FieldKinds;
import dev.big.db.field.ScalarKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An aggregate query bound to its table: its distinct aggregates (the slots, each computed once
 * however often the select list and HAVING name it), checked against the schema before anything
 * is read, and the calls that answer it ({@link Path}). It depends on the statement and the
 * table's schema alone, so {@link TableBinding} keeps one per statement for the committed state it
 * binds: a statement run again on the same state neither collects, checks nor chooses anew.
 */
final class AggregateShape {

    /** Which calls answer the query: the typed API's without or with one keyed key, or one {@code Grouping} pass. */
    enum Path { TYPED_API, TYPED_API_PER_KEY, GROUPING }

    private final ColumnScope table;
    private final AggregateQuery query;
    private final List<AggregateCall> slots;
    private final Path path;
    /** Whether the select list is the keys and then the distinct aggregates, each once and in order. */
    private final boolean groupIsRow;
    /** The result types of a statement without parameters, once asked (racing threads make equal lists). */
    private volatile List<ColumnType> typesWithoutParameters;

    /** {@code query} bound to {@code table} and checked; refuses what the schema cannot answer. */
    static AggregateShape of(AggregateQuery query, ColumnScope table) {
        return new AggregateShape(query, table);
    }

    private AggregateShape(AggregateQuery query, ColumnScope table) {
        this.table = table;
        this.query = query;
        List<AggregateCall> distinct = new ArrayList<>();
        for (AggregateQuery.Output output : query.outputs()) {
            collect(output.value(), distinct);
        }
        if (query.having() != null) {
            collect(query.having(), distinct);
        }
        this.slots = List.copyOf(distinct);
        validate();
        this.path = choosePath();
        this.groupIsRow = groupIsRow(query, slots);
    }

    /**
     * Whether a group's array (its keys, then its aggregates by slot) is already its output row:
     * the select list names the keys and then each distinct aggregate once, in that order, and
     * nothing else ({@code SELECT type, count(*) ... GROUP BY type}), so nothing is computed per row.
     */
    boolean groupIsRow() {
        return groupIsRow;
    }

    private static boolean groupIsRow(AggregateQuery query, List<AggregateCall> slots) {
        int keys = query.keys().size();
        if (query.outputs().size() != keys + slots.size()) {
            return false;
        }
        for (int i = 0; i < query.outputs().size(); i++) {
            ResultExpr value = query.outputs().get(i).value();
            boolean direct = i < keys ? value instanceof ResultExpr.Key key && key.key() == i
                    : value instanceof ResultExpr.Aggregate aggregate && aggregate.call() == slots.get(i - keys);
            if (!direct) {
                return false;
            }
        }
        return true;
    }

    /** The distinct aggregates, in the order they are computed (immutable). */
    List<AggregateCall> slots() {
        return slots;
    }

    Path path() {
        return path;
    }

    /**
     * The declared types of the result's columns ({@link ResultTypes}) for the parameters'
     * {@code values}: made once for a statement without any, which all runs share.
     */
    List<ColumnType> types(List<Object> values) {
        if (!values.isEmpty()) {
            return ResultTypes.of(query, table, values);
        }
        List<ColumnType> types = typesWithoutParameters;
        if (types == null) {
            types = List.copyOf(ResultTypes.of(query, table, values));
            typesWithoutParameters = types;
        }
        return types;
    }

    /** The slot of {@code call}: the index of the distinct aggregate it is the same as. */
    int slot(AggregateCall call) {
        return slot(call, slots);
    }

    private static int slot(AggregateCall call, List<AggregateCall> slots) {
        for (int i = 0; i < slots.size(); i++) {
            if (slots.get(i).sameAs(call)) {
                return i;
            }
        }
        return -1;
    }

    /** Adds the aggregates of {@code expression} that {@code slots} does not hold yet. */
    private static void collect(ResultExpr expression, List<AggregateCall> slots) {
        switch (expression) {
            case ResultExpr.Aggregate aggregate -> {
                if (slot(aggregate.call(), slots) < 0) {
                    slots.add(aggregate.call());
                }
            }
            case ResultExpr.Arithmetic a -> {
                collect(a.left(), slots);
                collect(a.right(), slots);
            }
            case ResultExpr.Negate n -> collect(n.operand(), slots);
            case ResultExpr.Round r -> collect(r.operand(), slots);
            default -> { }
        }
    }

    private static void collect(ResultCondition condition, List<AggregateCall> slots) {
        switch (condition) {
            case ResultCondition.Compare c -> {
                collect(c.left(), slots);
                collect(c.right(), slots);
            }
            case ResultCondition.IsNull n -> collect(n.operand(), slots);
            case ResultCondition.Not n -> collect(n.term(), slots);
            case ResultCondition.And a -> a.terms().forEach(term -> collect(term, slots));
            case ResultCondition.Or o -> o.terms().forEach(term -> collect(term, slots));
        }
    }

    /** Checks every key and aggregate against the schema before anything is read. */
    private void validate() {
        for (int k = 0; k < query.keys().size(); k++) {
            GroupKeyExpr key = query.keys().get(k);
            String alias = query.keyAliases().get(k);
            if (alias != null && table.hasField(alias)) {
                throw SqlErrors.invalid("GROUP BY " + alias + " names both a column and a select alias, and DuckDB"
                        + " groups by the column; write the expression or its position instead", "GROUP BY " + alias);
            }
            TableBinding.BoundColumn column = table.column(key.column());
            // A join groups its joined rows by a table's ids as by any column (a dimension's id is what
            // its rows are told apart by); one table's records are never grouped one per id.
            boolean idKey = column.isId() && !(table instanceof JoinBinding && key instanceof GroupKeyExpr.Column);
            if (idKey || !key.accepts(column.type())) {
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

    private Path choosePath() {
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
}
