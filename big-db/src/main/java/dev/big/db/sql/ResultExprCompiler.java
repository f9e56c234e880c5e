package dev.big.db.sql;

import dev.big.db.Filter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.AnalyticType;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.JdbcNamedParameter;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.operators.arithmetic.Addition;
import net.sf.jsqlparser.expression.operators.arithmetic.Division;
import net.sf.jsqlparser.expression.operators.arithmetic.IntegerDivision;
import net.sf.jsqlparser.expression.operators.arithmetic.Modulo;
import net.sf.jsqlparser.expression.operators.arithmetic.Multiplication;
import net.sf.jsqlparser.expression.operators.arithmetic.Subtraction;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.select.AllColumns;

/**
 * Compiles the expressions of an aggregate query: GROUP BY keys ({@link GroupKeyExpr}), result
 * columns ({@link ResultExpr}: keys, aggregates with FILTER, numbers, arithmetic, round) and
 * HAVING ({@link ResultCondition}). Refuses anything else by name, quoting it: window functions and
 * general expressions on columns point to the Trino connector.
 */
final class ResultExprCompiler {

    static final String AGGREGATES = "aggregates are count(*), count(column), count(DISTINCT column), sum, avg, min,"
            + " max, median(column) and quantile_disc(column, q), each optionally with FILTER (WHERE condition)";
    static final String KEYS = "GROUP BY keys are columns, date_trunc('minute'|'hour'|'day'|'week'|'month'|'quarter'|'year', ts),"
            + " time_bucket(INTERVAL 'n minutes|hours|days|weeks', ts), extract(part FROM ts) (also date_part and hour(ts),"
            + " ...), and v // k for a positive integer k";
    static final String TRINO = "window functions and general expressions on columns: use big's Trino connector (big-trino)";

    private static final Set<String> AGGREGATE_NAMES = Set.of("count", "sum", "min", "max", "avg", "median", "quantile_disc");

    private final ExpressionReader reader;
    private final List<GroupKeyExpr> keys;
    private final GroupKeyCompiler keyCompiler;

    /** @param keys the GROUP BY keys result columns may refer to */
    ResultExprCompiler(ExpressionReader reader, List<GroupKeyExpr> keys) {
        this.reader = reader;
        this.keys = keys;
        this.keyCompiler = new GroupKeyCompiler(reader);
    }

    /** Whether {@code expression} holds an aggregate call anywhere (which makes the query an aggregate query). */
    static boolean holdsAggregate(Expression expression) {
        return switch (expression) {
            case AnalyticExpression analytic -> true;
            case Function function -> {
                String name = function.getName() == null ? "" : function.getName().toLowerCase(Locale.ROOT);
                yield AGGREGATE_NAMES.contains(name) || (function.getParameters() != null
                        && function.getParameters().stream().anyMatch(p -> p instanceof Expression e && holdsAggregate(e)));
            }
            case net.sf.jsqlparser.expression.BinaryExpression binary ->
                    holdsAggregate(binary.getLeftExpression()) || holdsAggregate(binary.getRightExpression());
            case SignedExpression signed -> holdsAggregate(signed.getExpression());
            case ParenthesedExpressionList<?> group -> group.stream().anyMatch(ResultExprCompiler::holdsAggregate);
            default -> false;
        };
    }

    /** The group key {@code expression} writes, or null when it is no key form. */
    GroupKeyExpr key(Expression expression) {
        return keyCompiler.key(expression);
    }

    // ------------------------------------------------------------------ result columns

    /** A result column. Refers to keys by their canonical form; a column outside GROUP BY and aggregates is refused. */
    ResultExpr result(Expression expression) {
        String sql = expression.toString();
        switch (expression) {
            case ParenthesedExpressionList<?> group when group.size() == 1 -> {
                return result(group.getFirst());
            }
            case AnalyticExpression analytic -> {
                return new ResultExpr.Aggregate(filteredAggregate(analytic));
            }
            case Function function when AGGREGATE_NAMES.contains(lower(function.getName())) -> {
                return new ResultExpr.Aggregate(aggregate(function, null));
            }
            case Function function when lower(function.getName()).equals("round") -> {
                List<Expression> parameters = parameters(function);
                if (parameters.isEmpty() || parameters.size() > 2) {
                    throw SqlErrors.unsupported("round with " + parameters.size() + " arguments", function,
                            "round(x) or round(x, digits)");
                }
                Literal.IntLiteral digits = Literal.IntLiteral.constant(java.math.BigInteger.ZERO, "0");
                if (parameters.size() == 2) {
                    if (!(reader.literal(parameters.get(1)) instanceof Literal.IntLiteral integer)) {
                        throw SqlErrors.unsupported("round digits that are not an integer", function, "round(x, digits)");
                    }
                    digits = integer;
                }
                return new ResultExpr.Round(result(parameters.getFirst()), digits, sql);
            }
            case LongValue value -> {
                return new ResultExpr.IntegerNumber((Literal.IntLiteral) reader.literal(value), sql);
            }
            case JdbcNamedParameter parameter when reader.literal(parameter) instanceof Literal.IntLiteral integer -> {
                return new ResultExpr.IntegerNumber(integer, sql);
            }
            case DoubleValue decimal -> {
                String text = decimal.toString();
                if (text.contains("e") || text.contains("E")) {
                    return new ResultExpr.DoubleNumber(decimal.getValue(), sql);
                }
                BigDecimal value = new BigDecimal(text);
                if (value.precision() > 18) {
                    throw SqlErrors.unsupported("decimal literal of more than 18 digits", decimal, "write at most 18 digits");
                }
                return new ResultExpr.DecimalNumber(value, sql);
            }
            case SignedExpression signed when signed.getSign() == '-' && (unwrap(signed.getExpression()) instanceof LongValue
                    || unwrap(signed.getExpression()) instanceof JdbcNamedParameter) -> {
                // A negative literal as one number, so that -9223372036854775808 is a BIGINT.
                return new ResultExpr.IntegerNumber((Literal.IntLiteral) reader.literal(signed), sql);
            }
            case SignedExpression signed when signed.getSign() == '-' -> {
                return new ResultExpr.Negate(result(signed.getExpression()), sql);
            }
            case SignedExpression signed when signed.getSign() == '+' -> {
                return result(signed.getExpression());
            }
            case Addition a -> {
                return arithmetic(ResultExpr.Operator.ADD, a.getLeftExpression(), a.getRightExpression(), sql);
            }
            case Subtraction a -> {
                return arithmetic(ResultExpr.Operator.SUBTRACT, a.getLeftExpression(), a.getRightExpression(), sql);
            }
            case Multiplication a -> {
                return arithmetic(ResultExpr.Operator.MULTIPLY, a.getLeftExpression(), a.getRightExpression(), sql);
            }
            case Division a -> {
                return arithmetic(ResultExpr.Operator.DIVIDE, a.getLeftExpression(), a.getRightExpression(), sql);
            }
            case Modulo a -> {
                return arithmetic(ResultExpr.Operator.MODULO, a.getLeftExpression(), a.getRightExpression(), sql);
            }
            case IntegerDivision a when key(a) == null || keyIndex(key(a)) < 0 -> {
                return arithmetic(ResultExpr.Operator.INTEGER_DIVIDE, a.getLeftExpression(), a.getRightExpression(), sql);
            }
            default -> {
                GroupKeyExpr key = key(expression);
                int index = key == null ? -1 : keyIndex(key);
                if (index >= 0) {
                    return new ResultExpr.Key(index, sql);
                }
                if (key instanceof GroupKeyExpr.Column column) {
                    GroupKeyExpr.Column spelled = otherwiseQualified(column.column());
                    if (spelled != null) {
                        // A join's column, qualified in one place and not (or otherwise) in the other.
                        throw SqlErrors.unsupported("column " + column.column().sql() + " neither in GROUP BY nor inside an"
                                + " aggregate", expression, "GROUP BY has " + spelled.sql() + ": where that is the column"
                                + " meant, write it the same way in both");
                    }
                    throw SqlErrors.unsupported("column " + column.column().name() + " neither in GROUP BY nor inside an"
                            + " aggregate", expression, keys.isEmpty() ? "add GROUP BY " + column.column().name()
                            + ", or aggregate it" : "select the GROUP BY keys, aggregates and arithmetic of them");
                }
                if (key != null) {
                    throw SqlErrors.unsupported(IntegerDivisionText.restore(sql) + " is not a GROUP BY key", expression,
                            "group by it (GROUP BY " + IntegerDivisionText.restore(sql) + ", or its alias or position)");
                }
                throw SqlErrors.unsupported(expression instanceof Function f ? "function " + f.getName() : "expression",
                        expression, AGGREGATES + ", GROUP BY keys, numbers, + - * / // %"
                        + " and round(x, n) of them; " + TRINO);
            }
        }
    }

    private ResultExpr arithmetic(ResultExpr.Operator operator, Expression left, Expression right, String sql) {
        return new ResultExpr.Arithmetic(operator, result(left), result(right), sql);
    }

    /** A GROUP BY key naming a column of {@code column}'s name with another qualifier (or none), or null. */
    private GroupKeyExpr.Column otherwiseQualified(ColumnRef column) {
        for (GroupKeyExpr key : keys) {
            if (key instanceof GroupKeyExpr.Column other && other.column().name().equalsIgnoreCase(column.name())) {
                return other;
            }
        }
        return null;
    }

    int keyIndex(GroupKeyExpr key) {
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i).canonical().equals(key.canonical())) {
                return i;
            }
        }
        return -1;
    }

    private static String lower(String name) {
        return name == null ? "" : name.toLowerCase(Locale.ROOT);
    }

    /** {@code aggregate(...) FILTER (WHERE p)}; window functions (OVER) are refused. */
    private AggregateCall filteredAggregate(AnalyticExpression analytic) {
        if (analytic.getType() != AnalyticType.FILTER_ONLY || analytic.getWindowElement() != null
                || (analytic.getPartitionExpressionList() != null && !analytic.getPartitionExpressionList().isEmpty())
                || (analytic.getOrderByElements() != null && !analytic.getOrderByElements().isEmpty())
                || analytic.getWindowName() != null || analytic.isIgnoreNulls() || analytic.getKeep() != null) {
            throw SqlErrors.unsupported("window function", analytic, TRINO);
        }
        Function function = new Function();
        function.setName(analytic.getName());
        function.setDistinct(analytic.isDistinct());
        List<Expression> parameters = new ArrayList<>();
        if (analytic.getExpression() != null) {
            parameters.add(analytic.getExpression());
        }
        if (analytic.getOffset() != null) {
            parameters.add(analytic.getOffset());
        }
        if (analytic.getDefaultValue() != null) {
            parameters.add(analytic.getDefaultValue());
        }
        function.setParameters(new net.sf.jsqlparser.expression.operators.relational.ExpressionList<>(parameters));
        if (analytic.isAllColumns()) {
            function.setAllColumns(true);
        }
        Expression condition = analytic.getFilterExpression();
        PredicateCompiler.requireFewConnectives(condition);
        return aggregate(function, new PredicateCompiler(reader).compile(condition), analytic.toString());
    }

    AggregateCall aggregate(Function function, Predicate filter) {
        return aggregate(function, filter, function.toString());
    }

    private AggregateCall aggregate(Function function, Predicate filter, String sql) {
        String name = lower(function.getName());
        boolean modified = function.getOrderByElements() != null || function.getKeep() != null
                || function.getNullHandling() != null || function.isIgnoreNulls() || function.getHavingClause() != null
                || function.getLimit() != null || function.getAttribute() != null || function.getNamedParameters() != null
                || function.isUnique() || function.getExtraKeyword() != null || function.getOnOverflowTruncate() != null
                || (function.getMultipartName() != null && function.getMultipartName().size() > 1);
        if (modified) {
            throw SqlErrors.unsupported("aggregate with modifiers", function, AGGREGATES);
        }
        List<Expression> parameters = parameters(function);
        boolean star = function.isAllColumns() || (parameters.size() == 1 && parameters.getFirst() instanceof AllColumns);
        AggregateCall.Function kind = switch (name) {
            case "count" -> star ? AggregateCall.Function.COUNT_STAR
                    : function.isDistinct() ? AggregateCall.Function.COUNT_DISTINCT : AggregateCall.Function.COUNT;
            case "sum" -> AggregateCall.Function.SUM;
            case "min" -> AggregateCall.Function.MIN;
            case "max" -> AggregateCall.Function.MAX;
            case "avg" -> AggregateCall.Function.AVG;
            case "median" -> AggregateCall.Function.MEDIAN;
            case "quantile_disc" -> AggregateCall.Function.QUANTILE_DISC;
            default -> throw SqlErrors.unsupported("function " + function.getName(), function, AGGREGATES);
        };
        if (kind == AggregateCall.Function.COUNT_STAR) {
            if (function.isDistinct()) {
                throw SqlErrors.unsupported("count(DISTINCT *)", function, AGGREGATES);
            }
            return new AggregateCall(kind, null, 0, filter, sql);
        }
        if (function.isDistinct() && kind != AggregateCall.Function.COUNT_DISTINCT) {
            throw SqlErrors.unsupported(name + "(DISTINCT ...)", function, AGGREGATES);
        }
        int arguments = kind == AggregateCall.Function.QUANTILE_DISC ? 2 : 1;
        ColumnRef column = parameters.size() != arguments ? null : reader.column(unwrap(parameters.getFirst()));
        if (column == null) {
            throw SqlErrors.unsupported(name + " of something other than " + (arguments == 2 ? "a column and a fraction"
                    : "one column"), function, AGGREGATES + "; " + TRINO);
        }
        double fraction = kind == AggregateCall.Function.MEDIAN ? 0.5
                : kind == AggregateCall.Function.QUANTILE_DISC ? fraction(parameters.get(1), function) : 0;
        return new AggregateCall(kind, column, fraction, filter, sql);
    }

    private static double fraction(Expression expression, Expression where) {
        Expression e = unwrap(expression);
        double q = e instanceof DoubleValue d ? d.getValue()
                : e instanceof LongValue l && l.getBigIntegerValue().bitLength() < 8 ? l.getBigIntegerValue().doubleValue() : -1;
        if (!(q >= 0 && q <= 1)) {
            throw SqlErrors.unsupported("quantile that is not a constant between 0 and 1", where,
                    "quantile_disc(column, q) with 0 <= q <= 1, e.g. quantile_disc(value, 0.99)");
        }
        return q;
    }

    // ------------------------------------------------------------------ HAVING

    ResultCondition condition(Expression expression) {
        String sql = expression.toString();
        return switch (expression) {
            case ParenthesedExpressionList<?> group when group.size() == 1 -> condition(group.getFirst());
            case AndExpression and -> new ResultCondition.And(List.of(condition(and.getLeftExpression()),
                    condition(and.getRightExpression())), sql);
            case OrExpression or -> new ResultCondition.Or(List.of(condition(or.getLeftExpression()),
                    condition(or.getRightExpression())), sql);
            case NotExpression not -> new ResultCondition.Not(condition(not.getExpression()), sql);
            case IsNullExpression isNull -> {
                ResultCondition positive = new ResultCondition.IsNull(result(isNull.getLeftExpression()), sql);
                yield isNull.isNot() ? new ResultCondition.Not(positive, sql) : positive;
            }
            case ComparisonOperator comparison -> new ResultCondition.Compare(result(comparison.getLeftExpression()),
                    op(comparison), result(comparison.getRightExpression()), sql);
            default -> throw SqlErrors.unsupported("HAVING condition", expression,
                    "HAVING compares aggregates, keys and numbers with = <> < <= > >=, combined with AND, OR, NOT and IS [NOT] NULL");
        };
    }

    private static Filter.Op op(ComparisonOperator comparison) {
        return switch (comparison) {
            case EqualsTo e -> Filter.Op.EQ;
            case NotEqualsTo e -> Filter.Op.NE;
            case GreaterThan e -> Filter.Op.GT;
            case GreaterThanEquals e -> Filter.Op.GE;
            case MinorThan e -> Filter.Op.LT;
            case MinorThanEquals e -> Filter.Op.LE;
            default -> throw SqlErrors.unsupported("comparison operator", comparison, "compare with = <> < <= > >=");
        };
    }

    static Expression unwrap(Expression expression) {
        Expression e = expression;
        while (e instanceof ParenthesedExpressionList<?> group && group.size() == 1) {
            e = group.getFirst();
        }
        return e;
    }

    static List<Expression> parameters(Function function) {
        List<Expression> list = new ArrayList<>();
        if (function.getParameters() != null) {
            for (Object parameter : function.getParameters()) {
                list.add((Expression) parameter);
            }
        }
        return list;
    }
}
