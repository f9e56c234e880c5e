package dev.big.db.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;

/**
 * A constant written in a statement, before it meets a field's type: the binder checks that the
 * literal suits the field it is compared with. {@link #sql()} is the literal as it stands in the
 * statement, for messages.
 *
 * <p>Integer, string and timestamp literals of a compiled {@link StatementTemplate} are
 * parameters: {@code parameter} is the index of their value among the template's values, read
 * when the statement is bound. Otherwise {@code parameter} is -1 and the constant is the value.
 */
sealed interface Literal {

    String sql();

    /** An integer, negated when written with a leading minus. */
    record IntLiteral(BigInteger constant, int parameter, boolean negated, String sql) implements Literal {

        static IntLiteral constant(BigInteger value, String sql) {
            return new IntLiteral(value, -1, false, sql);
        }

        static IntLiteral parameter(int index, String sql) {
            return new IntLiteral(null, index, false, sql);
        }

        IntLiteral negate(String sql) {
            return new IntLiteral(constant, parameter, !negated, sql);
        }

        BigInteger value(List<Object> values) {
            BigInteger value = parameter < 0 ? constant : (BigInteger) values.get(parameter);
            return negated ? value.negate() : value;
        }
    }

    record StringLiteral(String constant, int parameter, String sql) implements Literal {

        static StringLiteral constant(String value, String sql) {
            return new StringLiteral(value, -1, sql);
        }

        String value(List<Object> values) {
            return parameter < 0 ? constant : (String) values.get(parameter);
        }
    }

    /**
     * {@code TIMESTAMP '2024-01-01 00:00:00'} and the other casts of a string to TIMESTAMP, read
     * as UTC; a parameter holds the text, read when bound.
     */
    record TimestampLiteral(Instant constant, int parameter, String sql) implements Literal {

        static TimestampLiteral constant(Instant value, String sql) {
            return new TimestampLiteral(value, -1, sql);
        }

        Instant value(List<Object> values) {
            return parameter < 0 ? constant : TimestampLiterals.parse((String) values.get(parameter), sql);
        }
    }

    /**
     * A number with a point ({@code 12.50}, {@code -0.5}): exact, as DuckDB reads it (a DECIMAL,
     * not a DOUBLE). Never a template parameter: templates take integers and strings only.
     */
    record DecimalLiteral(BigDecimal value, String sql) implements Literal {

        DecimalLiteral negate(String sql) {
            return new DecimalLiteral(value.negate(), sql);
        }
    }

    record BoolLiteral(boolean value, String sql) implements Literal {}

    /** {@code NULL}: compiled so that the binder can say why a comparison with it is refused. */
    record NullLiteral(String sql) implements Literal {}
}
