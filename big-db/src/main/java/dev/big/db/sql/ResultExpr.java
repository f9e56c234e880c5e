package dev.big.db.sql;

import java.math.BigDecimal;

/**
 * What a result column of an aggregate query holds: a group key, an aggregate, a number, or
 * arithmetic of those ({@code sum(a) / count(*)}, {@code 100.0 * count(*) FILTER (WHERE p) / count(*)},
 * {@code round(avg(v), 2)}). {@link ResultArithmetic} evaluates it per group with DuckDB's types.
 */
sealed interface ResultExpr {

    String sql();

    /** The value of GROUP BY key number {@code key}. */
    record Key(int key, String sql) implements ResultExpr {}

    record Aggregate(AggregateCall call) implements ResultExpr {
        @Override
        public String sql() {
            return call.sql();
        }
    }

    /** An integer literal (a BIGINT; a template parameter, read when bound). */
    record IntegerNumber(Literal.IntLiteral literal, String sql) implements ResultExpr {}

    /** A literal with a decimal point: a DECIMAL of its scale, as in DuckDB ({@code 100.0} is DECIMAL(4,1)). */
    record DecimalNumber(BigDecimal value, String sql) implements ResultExpr {}

    /** A literal with an exponent ({@code 1e3}): a DOUBLE. */
    record DoubleNumber(double value, String sql) implements ResultExpr {}

    record Arithmetic(Operator operator, ResultExpr left, ResultExpr right, String sql) implements ResultExpr {}

    record Negate(ResultExpr operand, String sql) implements ResultExpr {}

    /** {@code round(x, digits)} ({@code round(x)} is 0 digits). */
    record Round(ResultExpr operand, Literal.IntLiteral digits, String sql) implements ResultExpr {}

    enum Operator {
        ADD("+"), SUBTRACT("-"), MULTIPLY("*"), DIVIDE("/"), INTEGER_DIVIDE("//"), MODULO("%");

        final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }
    }
}
