package dev.big.db.sql;

import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;

/**
 * Restores SQL precedence around {@code IN (...)} in conditions parsed by JSqlParser 5.3.
 *
 * <p>JSqlParser 5.3 parses {@code a = 1 AND x IN (1, 2) OR z = 1} as
 * {@code a = 1 AND x IN ((1, 2) OR z = 1)}: after {@code IN} it reads the whole rest of the
 * condition as the right-hand side (upstream issues 2244, 2246, 2282, 2356; fixed after 5.3).
 * Answering that tree would be a wrong answer, not an error. A local fix of the IN node is not
 * enough, because the text after it was grouped wrongly too; so a condition holding such a node
 * is flattened into the sequence it was written as (operands and the connectives AND, OR, NOT,
 * with parenthesised groups as operands, repaired on their own) and regrouped with SQL's
 * precedence: NOT binds tighter than AND, AND tighter than OR, all left-associative.
 *
 * <p>A condition without a misparsed IN is returned unchanged, so a parser that gets precedence
 * right makes this a no-op.
 */
final class InListRepair {

    private enum Connective { AND, OR, NOT }

    /** {@code condition} with SQL precedence restored (the same object when there was nothing to repair). */
    static Expression repair(Expression condition) {
        if (condition == null || !containsMisparsedIn(condition)) {
            return condition;
        }
        List<Object> sequence = new ArrayList<>();
        flatten(condition, sequence);
        Regrouping regrouping = new Regrouping(sequence);
        Expression result = regrouping.or();
        if (!regrouping.atEnd()) {
            throw new IllegalStateException("regrouping left input over: " + sequence);
        }
        return result;
    }

    /** An IN whose right-hand side is not a list swallowed the text after it. */
    private static boolean isMisparsed(InExpression in) {
        return !(in.getRightExpression() instanceof ExpressionList<?>)
                && (in.getRightExpression() instanceof AndExpression || in.getRightExpression() instanceof OrExpression);
    }

    private static boolean containsMisparsedIn(Expression expression) {
        return switch (expression) {
            case AndExpression and -> containsMisparsedIn(and.getLeftExpression()) || containsMisparsedIn(and.getRightExpression());
            case OrExpression or -> containsMisparsedIn(or.getLeftExpression()) || containsMisparsedIn(or.getRightExpression());
            case NotExpression not -> containsMisparsedIn(not.getExpression());
            case InExpression in -> isMisparsed(in);
            case ParenthesedExpressionList<?> group -> group.stream().anyMatch(InListRepair::containsMisparsedIn);
            default -> false;
        };
    }

    private static void flatten(Expression expression, List<Object> out) {
        switch (expression) {
            case AndExpression and -> {
                flatten(and.getLeftExpression(), out);
                out.add(Connective.AND);
                flatten(and.getRightExpression(), out);
            }
            case OrExpression or -> {
                flatten(or.getLeftExpression(), out);
                out.add(Connective.OR);
                flatten(or.getRightExpression(), out);
            }
            case NotExpression not -> {
                out.add(Connective.NOT);
                flatten(not.getExpression(), out);
            }
            case InExpression in when isMisparsed(in) -> {
                // The right-hand side was parsed from "(list) <rest of the condition>": its first
                // operand is the list, and the IN belongs around that operand alone.
                List<Object> rest = new ArrayList<>();
                flatten(in.getRightExpression(), rest);
                if (rest.getFirst() instanceof ExpressionList<?> list) {
                    InExpression fixed = new InExpression(in.getLeftExpression(), list);
                    fixed.setNot(in.isNot());
                    rest.set(0, fixed);
                    out.addAll(rest);
                } else {
                    out.add(in);
                }
            }
            case ParenthesedExpressionList<?> group when group.size() == 1 && containsMisparsedIn(group.getFirst()) ->
                    out.add(new ParenthesedExpressionList<>(repair(group.getFirst())));
            default -> out.add(expression);
        }
    }

    /** or := and (OR and)*; and := not (AND not)*; not := NOT not | operand. */
    private static final class Regrouping {
        private final List<Object> sequence;
        private int position;

        Regrouping(List<Object> sequence) {
            this.sequence = sequence;
        }

        boolean atEnd() {
            return position == sequence.size();
        }

        private boolean next(Connective connective) {
            if (position < sequence.size() && sequence.get(position) == connective) {
                position++;
                return true;
            }
            return false;
        }

        Expression or() {
            Expression left = and();
            while (next(Connective.OR)) {
                left = new OrExpression(left, and());
            }
            return left;
        }

        private Expression and() {
            Expression left = not();
            while (next(Connective.AND)) {
                left = new AndExpression(left, not());
            }
            return left;
        }

        private Expression not() {
            if (next(Connective.NOT)) {
                return new NotExpression(not());
            }
            if (position >= sequence.size() || !(sequence.get(position) instanceof Expression operand)) {
                throw new IllegalStateException("expected an operand at " + position + " of " + sequence);
            }
            position++;
            return operand;
        }
    }

    private InListRepair() {}
}
