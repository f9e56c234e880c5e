package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.statement.select.PlainSelect;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * JSqlParser 5.3 parsed {@code x IN (1, 2) AND y} as {@code x IN ((1, 2) AND y)} (big regrouped
 * such trees until 5.4 fixed it): conditions around IN lists must group with SQL precedence. Trees
 * are compared in a fully parenthesised rendering.
 */
class InListPrecedenceTest {

    private static Expression where(String condition) {
        PlainSelect select = (PlainSelect) SqlParser.parse("SELECT count(*) FROM t WHERE " + condition);
        return select.getWhere();
    }

    /** Every operator with its operands in parentheses, so the rendering shows the grouping. */
    private static String grouping(Expression expression) {
        return switch (expression) {
            case BinaryExpression binary when binary.getStringExpression().equals("AND")
                    || binary.getStringExpression().equals("OR") ->
                    "(" + grouping(binary.getLeftExpression()) + " " + binary.getStringExpression() + " "
                            + grouping(binary.getRightExpression()) + ")";
            case NotExpression not -> "(NOT " + grouping(not.getExpression()) + ")";
            case ParenthesedExpressionList<?> group when group.size() == 1 -> grouping(group.getFirst());
            case InExpression in -> "[" + in + "]";
            default -> "[" + expression + "]";
        };
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            x IN (1, 2) AND y = 3 | ([x IN (1, 2)] AND [y = 3])
            a = 1 AND x IN (1, 2) OR z = 1 | (([a = 1] AND [x IN (1, 2)]) OR [z = 1])
            x NOT IN (1) OR y AND z | ([x NOT IN (1)] OR ([y] AND [z]))
            NOT x IN (1, 2) AND y | ((NOT [x IN (1, 2)]) AND [y])
            x IN (1) AND y IN (2) OR z | (([x IN (1)] AND [y IN (2)]) OR [z])
            (x IN (1) OR y) AND z IN (3) AND w | ((([x IN (1)] OR [y]) AND [z IN (3)]) AND [w])
            a OR x IN ('p', 'q') AND NOT b OR c | (([a] OR ([x IN ('p', 'q')] AND (NOT [b]))) OR [c])
            """)
    void inBindsTighterThanAndWhichBindsTighterThanOr(String condition, String expected) {
        assertEquals(expected, grouping(where(condition)));
    }
}
