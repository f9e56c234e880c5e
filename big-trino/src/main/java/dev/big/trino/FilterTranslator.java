package dev.big.trino;

import io.airlift.slice.Slice;
import io.trino.spi.connector.ColumnHandle;
import io.trino.spi.expression.Call;
import io.trino.spi.expression.ConnectorExpression;
import io.trino.spi.expression.Constant;
import io.trino.spi.expression.FunctionName;
import io.trino.spi.expression.Variable;
import io.trino.spi.predicate.Domain;
import io.trino.spi.predicate.Range;
import io.trino.spi.predicate.ValueSet;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.trino.spi.expression.StandardFunctions.AND_FUNCTION_NAME;
import static io.trino.spi.expression.StandardFunctions.EQUAL_OPERATOR_FUNCTION_NAME;
import static io.trino.spi.expression.StandardFunctions.GREATER_THAN_OPERATOR_FUNCTION_NAME;
import static io.trino.spi.expression.StandardFunctions.GREATER_THAN_OR_EQUAL_OPERATOR_FUNCTION_NAME;
import static io.trino.spi.expression.StandardFunctions.IS_NULL_FUNCTION_NAME;
import static io.trino.spi.expression.StandardFunctions.LESS_THAN_OPERATOR_FUNCTION_NAME;
import static io.trino.spi.expression.StandardFunctions.LESS_THAN_OR_EQUAL_OPERATOR_FUNCTION_NAME;
import static io.trino.spi.expression.StandardFunctions.NOT_EQUAL_OPERATOR_FUNCTION_NAME;
import static io.trino.spi.expression.StandardFunctions.NOT_FUNCTION_NAME;
import static io.trino.spi.expression.StandardFunctions.OR_FUNCTION_NAME;

/**
 * Turns what Trino hands {@code applyFilter} into big filters: a column's {@link Domain} (ranges
 * and discrete values, nulls allowed or not) and the parts of the expression tree big can
 * evaluate (comparisons of a column with a constant, {@code contains(set, 'x')}, {@code IS NULL},
 * and {@code AND}, {@code OR}, {@code NOT} of those). What does not map returns empty and stays
 * with Trino.
 *
 * <p>SQL's three-valued logic carries over: a big comparison never matches a record whose field
 * is null and neither does its negation, as in Trino, so {@code NOT} and {@code <>} push as they are.
 */
final class FilterTranslator {

    private static final FunctionName CONTAINS = new FunctionName("contains");
    /** Trino's opaque copy of the whole predicate, for its own evaluator: never ours to push, never "left over". */
    static final FunctionName ENGINE_EXPRESSION = new FunctionName("$engine_expression");

    private FilterTranslator() {}

    /** The domain of one column as a big filter, if big can evaluate it exactly (not of a truncated timestamp: big filters stored values). */
    static Optional<PushedFilter> domain(BigColumnHandle column, Domain domain) {
        if (domain.isAll() || column.kind() == ColumnKind.FILE || column.truncation() != null) {
            return Optional.empty();
        }
        if (domain.isNone()) {
            return Optional.of(PushedFilter.in(column, List.of()));
        }
        PushedFilter isNull = PushedFilter.isNull(column);
        if (domain.isOnlyNull()) {
            return Optional.of(isNull);
        }
        ValueSet values = domain.getValues();
        if (values.isAll()) {
            return Optional.of(PushedFilter.not(isNull)); // not null, any value
        }
        Optional<PushedFilter> valuesFilter = values(column, values);
        if (valuesFilter.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(domain.isNullAllowed() ? PushedFilter.or(List.of(valuesFilter.get(), isNull)) : valuesFilter.get());
    }

    private static Optional<PushedFilter> values(BigColumnHandle column, ValueSet values) {
        return switch (column.kind()) {
            case ID, INT, TIMESTAMP, DECIMAL -> Optional.of(ranges(column, values.getRanges().getOrderedRanges()));
            case BOOL, KEYED -> {
                if (values.isDiscreteSet()) {
                    yield Optional.of(PushedFilter.in(column, values.getDiscreteSet().stream().map(v -> text(column, v)).toList()));
                }
                ValueSet complement = values.complement();
                if (complement.isDiscreteSet()) { // <> and NOT IN arrive as "everything but these values"
                    yield Optional.of(PushedFilter.not(PushedFilter.in(column,
                            complement.getDiscreteSet().stream().map(v -> text(column, v)).toList())));
                }
                yield Optional.empty(); // LIKE 'x%' and other string ranges: Trino keeps them
            }
            case SET, FILE -> Optional.empty();
        };
    }

    /** Ordered, disjoint ranges of an integer column: single values become one {@code in}, the rest one term each. */
    private static PushedFilter ranges(BigColumnHandle column, List<Range> ranges) {
        List<String> singles = new ArrayList<>();
        List<PushedFilter> terms = new ArrayList<>();
        for (Range range : ranges) {
            if (range.isSingleValue()) {
                singles.add(text(column, range.getSingleValue()));
                continue;
            }
            List<PushedFilter> bounds = new ArrayList<>();
            if (!range.isLowUnbounded()) {
                bounds.add(PushedFilter.compare(range.isLowInclusive() ? "ge" : "gt", column, text(column, range.getLowBoundedValue())));
            }
            if (!range.isHighUnbounded()) {
                bounds.add(PushedFilter.compare(range.isHighInclusive() ? "le" : "lt", column, text(column, range.getHighBoundedValue())));
            }
            terms.add(bounds.isEmpty() ? PushedFilter.not(PushedFilter.isNull(column)) : PushedFilter.and(bounds));
        }
        if (!singles.isEmpty()) {
            terms.add(singles.size() == 1 ? PushedFilter.compare("eq", column, singles.getFirst()) : PushedFilter.in(column, singles));
        }
        return terms.isEmpty() ? PushedFilter.in(column, List.of()) : PushedFilter.or(terms);
    }

    /** A Trino value of {@code column}'s type as the text a {@link PushedFilter} holds. */
    static String text(BigColumnHandle column, Object value) {
        return switch (column.kind()) {
            case ID, INT -> Long.toString((Long) value);
            case TIMESTAMP -> Long.toString(Math.floorDiv((Long) value, 1000L)); // TIMESTAMP(3) is epoch micros
            case DECIMAL -> BigDecimal.valueOf((Long) value, column.scale()).toPlainString(); // DECIMAL(18, s): unscaled
            case BOOL -> Boolean.toString((Boolean) value);
            case KEYED, SET, FILE -> ((Slice) value).toStringUtf8();
        };
    }

    /** The conjuncts of {@code expression}, without Trino's opaque engine copy. */
    static List<ConnectorExpression> conjuncts(ConnectorExpression expression) {
        List<ConnectorExpression> all = expression instanceof Call call && call.getFunctionName().equals(AND_FUNCTION_NAME)
                ? call.getArguments()
                : expression.equals(Constant.TRUE) ? List.of() : List.of(expression);
        return all.stream().filter(c -> !(c instanceof Call call && call.getFunctionName().equals(ENGINE_EXPRESSION))).toList();
    }

    /** {@code expression} as a big filter, if every part of it maps. */
    static Optional<PushedFilter> expression(ConnectorExpression expression, Map<String, ColumnHandle> assignments) {
        if (!(expression instanceof Call call)) {
            return Optional.empty();
        }
        FunctionName name = call.getFunctionName();
        List<ConnectorExpression> args = call.getArguments();
        if (name.equals(AND_FUNCTION_NAME) || name.equals(OR_FUNCTION_NAME)) {
            List<PushedFilter> children = new ArrayList<>();
            for (ConnectorExpression arg : args) {
                Optional<PushedFilter> child = expression(arg, assignments);
                if (child.isEmpty()) {
                    return Optional.empty();
                }
                children.add(child.get());
            }
            return Optional.of(name.equals(AND_FUNCTION_NAME) ? PushedFilter.and(children) : PushedFilter.or(children));
        }
        if (name.equals(NOT_FUNCTION_NAME) && args.size() == 1) {
            return expression(args.getFirst(), assignments).map(PushedFilter::not);
        }
        if (name.equals(IS_NULL_FUNCTION_NAME) && args.size() == 1) {
            return column(args.getFirst(), assignments).filter(c -> c.kind() != ColumnKind.FILE).map(PushedFilter::isNull);
        }
        if (name.equals(CONTAINS) && args.size() == 2) {
            Optional<BigColumnHandle> set = column(args.get(0), assignments).filter(c -> c.kind() == ColumnKind.SET);
            if (set.isPresent() && args.get(1) instanceof Constant constant && constant.getValue() instanceof Slice slice) {
                return Optional.of(PushedFilter.contains(set.get(), slice.toStringUtf8()));
            }
            return Optional.empty();
        }
        String op = comparison(name);
        if (op != null && args.size() == 2) {
            Optional<BigColumnHandle> left = column(args.get(0), assignments);
            if (left.isPresent() && args.get(1) instanceof Constant constant) {
                return compare(op, left.get(), constant);
            }
            Optional<BigColumnHandle> right = column(args.get(1), assignments);
            if (right.isPresent() && args.get(0) instanceof Constant constant) {
                return compare(flip(op), right.get(), constant);
            }
        }
        return Optional.empty();
    }

    private static Optional<PushedFilter> compare(String op, BigColumnHandle column, Constant constant) {
        if (constant.getValue() == null || !constant.getType().equals(column.type())) {
            return Optional.empty(); // a comparison with NULL, or with a value of another type (Trino casts first)
        }
        return switch (column.kind()) {
            case ID, INT, TIMESTAMP, DECIMAL -> Optional.of(PushedFilter.compare(op, column, text(column, constant.getValue())));
            case BOOL, KEYED -> op.equals("eq") || op.equals("ne")
                    ? Optional.of(PushedFilter.compare(op, column, text(column, constant.getValue())))
                    : Optional.empty();
            case SET, FILE -> Optional.empty();
        };
    }

    private static Optional<BigColumnHandle> column(ConnectorExpression expression, Map<String, ColumnHandle> assignments) {
        if (expression instanceof Variable variable && assignments.get(variable.getName()) instanceof BigColumnHandle column
                && column.truncation() == null) {
            return Optional.of(column);
        }
        return Optional.empty();
    }

    private static String comparison(FunctionName name) {
        if (name.equals(EQUAL_OPERATOR_FUNCTION_NAME)) {
            return "eq";
        }
        if (name.equals(NOT_EQUAL_OPERATOR_FUNCTION_NAME)) {
            return "ne";
        }
        if (name.equals(LESS_THAN_OPERATOR_FUNCTION_NAME)) {
            return "lt";
        }
        if (name.equals(LESS_THAN_OR_EQUAL_OPERATOR_FUNCTION_NAME)) {
            return "le";
        }
        if (name.equals(GREATER_THAN_OPERATOR_FUNCTION_NAME)) {
            return "gt";
        }
        if (name.equals(GREATER_THAN_OR_EQUAL_OPERATOR_FUNCTION_NAME)) {
            return "ge";
        }
        return null;
    }

    private static String flip(String op) {
        return switch (op) {
            case "lt" -> "gt";
            case "le" -> "ge";
            case "gt" -> "lt";
            case "ge" -> "le";
            default -> op;
        };
    }
}
