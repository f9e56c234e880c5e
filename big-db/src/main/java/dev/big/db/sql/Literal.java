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
 * parameters, and so is every {@code ?} the caller bound a value to (then also decimals, bools and
 * sets): {@code parameter} is the index of their value among the template's values, read when
 * the statement is bound. Otherwise {@code parameter} is -1 and the constant is the value.
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
            if (parameter < 0) {
                return constant;
            }
            // A template holds the text of a TIMESTAMP '...' literal; a bound ? holds the instant itself.
            return values.get(parameter) instanceof Instant bound ? bound : TimestampLiterals.parse((String) values.get(parameter), sql);
        }
    }

    /**
     * A number with a point ({@code 12.50}, {@code -0.5}): exact, as DuckDB reads it (a DECIMAL,
     * not a DOUBLE). A parameter only when it is a bound {@code ?}: templates of literal text take
     * integers and strings only.
     */
    record DecimalLiteral(BigDecimal constant, int parameter, String sql) implements Literal {

        static DecimalLiteral constant(BigDecimal value, String sql) {
            return new DecimalLiteral(value, -1, sql);
        }

        DecimalLiteral negate(String sql) {
            if (parameter >= 0) {
                throw SqlErrors.unsupported("sign on a parameter", sql, "bind the negative number itself to the ?");
            }
            return new DecimalLiteral(constant.negate(), -1, sql);
        }

        BigDecimal value(List<Object> values) {
            return parameter < 0 ? constant : (BigDecimal) values.get(parameter);
        }
    }

    /** {@code true} or {@code false}; a parameter only when it is a bound {@code ?}. */
    record BoolLiteral(boolean constant, int parameter, String sql) implements Literal {

        static BoolLiteral constant(boolean value, String sql) {
            return new BoolLiteral(value, -1, sql);
        }

        boolean value(List<Object> values) {
            return parameter < 0 ? constant : (Boolean) values.get(parameter);
        }
    }

    /**
     * The values of a set field, as an INSERT or UPDATE writes them: {@code ['a', 'b']} or
     * {@code []} (DuckDB's list) of string literals, or a bound {@code ?} holding a collection of
     * strings ({@code elements} null).
     */
    record SetLiteral(List<StringLiteral> elements, int parameter, String sql) implements Literal {

        public SetLiteral {
            elements = elements == null ? null : List.copyOf(elements);
        }

        @SuppressWarnings("unchecked")
        List<String> value(List<Object> values) {
            if (parameter >= 0) {
                return (List<String>) values.get(parameter);
            }
            List<String> strings = new java.util.ArrayList<>(elements.size());
            for (StringLiteral element : elements) {
                strings.add(element.value(values));
            }
            return strings;
        }
    }

    /** {@code NULL}: compiled so that the binder can say why a comparison with it is refused. */
    record NullLiteral(String sql) implements Literal {}
}
