package dev.big.db.sql;

import dev.big.db.Filter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.AnyComparisonExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.ComparisonOperator;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsBooleanExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;

/**
 * Compiles a WHERE clause into a {@link Predicate}.
 * Anything that is not a condition of the subset is refused here, quoting it, before any data is
 * read. Chains of AND (and of OR) become one node with many terms, parentheses included, so the
 * evaluator sees every AND-ed term at once and can run its plane scans last.
 */
final class PredicateCompiler {

    static final String SUPPORTED = "conditions are: column op literal (=, !=, <>, <, <=, >, >=), column op column of the"
            + " same type, column [NOT] BETWEEN"
            + " literal AND literal, column [NOT] IN (literals), column IS [NOT] NULL, a bool column, "
            + "list_contains(set column, 'value'), combined with AND, OR, NOT and parentheses ("
            + SqlErrors.SEE_DOCS + ")";

    /**
     * At most this many AND, OR and NOT in one WHERE clause. The parsed condition is a tree as deep
     * as its chain of connectives, and JSqlParser's own methods (toString) as well as the repair and
     * compile steps walk it recursively: a generated WHERE of thousands of ORs would overflow the
     * stack. Many values of one field are one IN list, which has no such limit.
     */
    static final int MAX_CONNECTIVES = 1_000;

    /** The DuckDB spellings of "the list holds the value". */
    private static final Set<String> CONTAINS_FUNCTIONS = Set.of("list_contains", "list_has", "array_contains", "array_has");

    private final ExpressionReader reader;

    PredicateCompiler(ExpressionReader reader) {
        this.reader = reader;
    }

    /**
     * Refuses a condition with more than {@link #MAX_CONNECTIVES} connectives, counting them without
     * recursion (and without quoting the condition, whose toString would recurse).
     */
    static void requireFewConnectives(Expression condition) {
        int connectives = 0;
        Deque<Expression> pending = new ArrayDeque<>();
        pending.push(condition);
        while (!pending.isEmpty()) {
            switch (pending.pop()) {
                case AndExpression and -> {
                    connectives++;
                    pending.push(and.getLeftExpression());
                    pending.push(and.getRightExpression());
                }
                case OrExpression or -> {
                    connectives++;
                    pending.push(or.getLeftExpression());
                    pending.push(or.getRightExpression());
                }
                case NotExpression not -> {
                    connectives++;
                    pending.push(not.getExpression());
                }
                case ParenthesedExpressionList<?> group -> group.forEach(pending::push);
                default -> {
                    // A condition without connectives inside: nothing to count.
                }
            }
            if (connectives > MAX_CONNECTIVES) {
                throw new UnsupportedSqlException("the WHERE clause joins more than " + MAX_CONNECTIVES
                        + " conditions with AND, OR and NOT; big compiles at most " + MAX_CONNECTIVES
                        + ". Write many values of one field as field IN (v1, v2, ...), which has no such limit ("
                        + SqlErrors.SEE_DOCS + ")");
            }
        }
    }

    /**
     * A chain of NOTs, peeled in a loop: NOT NOT p is p in three-valued logic too, so the chain
     * compiles to p or NOT p. Compiling it term by term recursed once per NOT here, in the binder
     * and in the evaluator, and a chain of 953 (within {@link #MAX_CONNECTIVES}) overflowed the
     * stack of a test thread.
     */
    private Predicate negation(NotExpression not) {
        boolean negated = false;
        Expression term = not;
        while (true) {
            if (term instanceof NotExpression inner) {
                negated = !negated;
                term = inner.getExpression();
            } else if (term instanceof ParenthesedExpressionList<?> group && group.size() == 1) {
                term = group.getFirst();
            } else {
                break;
            }
        }
        Predicate positive = compile(term);
        return negated ? new Predicate.Not(positive, "NOT " + positive.sql()) : positive;
    }

    Predicate compile(Expression expression) {
        return switch (expression) {
            case ParenthesedExpressionList<?> group when group.size() == 1 -> compile(group.getFirst());
            case AndExpression and -> {
                List<Predicate> terms = new ArrayList<>();
                addTerms(and, AndExpression.class, terms);
                yield new Predicate.And(terms, and.toString());
            }
            case OrExpression or -> {
                List<Predicate> terms = new ArrayList<>();
                addTerms(or, OrExpression.class, terms);
                yield new Predicate.Or(terms, or.toString());
            }
            case NotExpression not -> negation(not);
            case ComparisonOperator comparison -> comparison(comparison);
            case Between between -> {
                ColumnRef column = requireColumn(between.getLeftExpression(), between);
                Predicate positive = new Predicate.Between(column, requireLiteral(between.getBetweenExpressionStart(), between),
                        requireLiteral(between.getBetweenExpressionEnd(), between), between.toString());
                yield between.isNot() ? new Predicate.Not(positive, between.toString()) : positive;
            }
            case InExpression in -> in(in);
            case IsNullExpression isNull -> {
                ColumnRef column = requireColumn(isNull.getLeftExpression(), isNull);
                Predicate positive = new Predicate.IsNull(column, isNull.toString());
                yield isNull.isNot() ? new Predicate.Not(positive, isNull.toString()) : positive;
            }
            case Function function -> contains(function);
            case IsBooleanExpression isBoolean -> throw SqlErrors.unsupported("IS TRUE / IS FALSE", isBoolean,
                    "compare bool columns with = true / = false, or write the column alone");
            case LikeExpression like -> throw SqlErrors.unsupported("LIKE", like, "keyed columns are compared with = and IN");
            default -> {
                ColumnRef column = reader.column(expression);
                if (column != null) {
                    yield new Predicate.BoolColumn(column, expression.toString());
                }
                throw SqlErrors.unsupported("unsupported condition", expression, SUPPORTED);
            }
        };
    }

    private void addTerms(Expression expression, Class<? extends Expression> connective, List<Predicate> terms) {
        Expression inner = expression;
        while (inner instanceof ParenthesedExpressionList<?> group && group.size() == 1) {
            inner = group.getFirst();
        }
        if (connective.isInstance(inner)) {
            var binary = (net.sf.jsqlparser.expression.BinaryExpression) inner;
            addTerms(binary.getLeftExpression(), connective, terms);
            addTerms(binary.getRightExpression(), connective, terms);
        } else {
            terms.add(compile(inner));
        }
    }

    private Predicate comparison(ComparisonOperator comparison) {
        Filter.Op op = switch (comparison) {
            case EqualsTo ignored -> Filter.Op.EQ;
            case NotEqualsTo notEquals when notEquals.getStringExpression().equals("!=")
                    || notEquals.getStringExpression().equals("<>") -> Filter.Op.NE;
            case GreaterThan ignored -> Filter.Op.GT;
            case GreaterThanEquals ignored -> Filter.Op.GE;
            case MinorThan ignored -> Filter.Op.LT;
            case MinorThanEquals ignored -> Filter.Op.LE;
            default -> throw SqlErrors.unsupported("unsupported operator " + comparison.getStringExpression(), comparison,
                    SUPPORTED);
        };
        if (comparison.getOldOracleJoinSyntax() != 0) {
            throw SqlErrors.unsupported("Oracle join syntax", comparison, SUPPORTED);
        }
        Expression left = comparison.getLeftExpression();
        Expression right = comparison.getRightExpression();
        if (isAnyOrAll(left) || isAnyOrAll(right)) {
            throw SqlErrors.unsupported("ANY / ALL", comparison, "test a set column with list_contains(column, 'value')");
        }
        ColumnRef leftColumn = reader.column(left);
        ColumnRef rightColumn = reader.column(right);
        if (leftColumn != null && rightColumn != null) {
            return new Predicate.ColumnComparison(leftColumn, op, rightColumn, comparison.toString());
        }
        ColumnRef column = leftColumn != null ? leftColumn : rightColumn;
        Literal literal = leftColumn != null ? reader.literal(right) : rightColumn != null ? reader.literal(left) : null;
        if (column == null || literal == null) {
            boolean literalSide = reader.literal(left) != null || reader.literal(right) != null || column != null;
            throw SqlErrors.unsupported(literalSide ? "comparison with an expression" : "comparison without a column",
                    comparison, "compare one column with one literal (integer, 'string', true/false, TIMESTAMP '...');"
                            + " arithmetic and functions are not supported");
        }
        if (leftColumn == null) {
            op = flip(op);
        }
        return new Predicate.Comparison(column, op, literal, comparison.toString());
    }

    /** {@code x = ANY(list)}: JSqlParser reads ANY(column) as a function and ANY(subquery) as its own node. */
    private static boolean isAnyOrAll(Expression expression) {
        return expression instanceof AnyComparisonExpression
                || (expression instanceof Function f && f.getName() != null
                    && (f.getName().equalsIgnoreCase("any") || f.getName().equalsIgnoreCase("all")));
    }

    /** {@code a op column} as {@code column op' a}. */
    private static Filter.Op flip(Filter.Op op) {
        return switch (op) {
            case EQ, NE -> op;
            case LT -> Filter.Op.GT;
            case LE -> Filter.Op.GE;
            case GT -> Filter.Op.LT;
            case GE -> Filter.Op.LE;
        };
    }

    private Predicate in(InExpression in) {
        ColumnRef column = requireColumn(in.getLeftExpression(), in);
        if (!(in.getRightExpression() instanceof ExpressionList<?> list) || in.isGlobal()) {
            throw SqlErrors.unsupported("IN with something other than a list of literals", in,
                    "write column IN (literal, literal, ...); subqueries are not supported");
        }
        List<Literal> values = new ArrayList<>();
        for (Expression item : list) {
            values.add(requireLiteral(item, in));
        }
        Predicate positive = new Predicate.InList(column, values, in.toString());
        return in.isNot() ? new Predicate.Not(positive, in.toString()) : positive;
    }

    private Predicate contains(Function function) {
        String name = function.getName() == null ? "" : function.getName().toLowerCase(Locale.ROOT);
        var parameters = function.getParameters();
        if (!CONTAINS_FUNCTIONS.contains(name) || parameters == null || parameters.size() != 2 || function.isDistinct()
                || function.isAllColumns()) {
            throw SqlErrors.unsupported("function " + function.getName() + " in a condition", function,
                    "the only function in conditions is list_contains(set column, 'value') (also list_has, array_contains,"
                            + " array_has)");
        }
        ColumnRef column = requireColumn(parameters.get(0), function);
        return new Predicate.Contains(column, requireLiteral(parameters.get(1), function), function.toString());
    }

    private ColumnRef requireColumn(Expression expression, Expression context) {
        ColumnRef column = reader.column(expression);
        if (column == null) {
            throw SqlErrors.unsupported("\"" + expression + "\" where a column was expected", context, SUPPORTED);
        }
        return column;
    }

    private Literal requireLiteral(Expression expression, Expression context) {
        Literal literal = reader.literal(expression);
        if (literal == null) {
            throw SqlErrors.unsupported("\"" + expression + "\" where a literal was expected", context,
                    "literals are integers, 'strings', true/false and TIMESTAMP '...'");
        }
        return literal;
    }
}
