package dev.big.db.sql;

import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.field.FieldKinds;
import dev.big.db.field.ScalarKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Binds a compiled {@link Predicate} to a table: resolves its columns, checks that each literal
 * suits its column's type, and builds the {@link Filter} the typed API evaluates. Literal rules
 * (each also valid in DuckDB, with the same meaning):
 *
 * <ul>
 *   <li>id and int columns: integer literals within the signed 64-bit range;
 *   <li>decimal columns: integer or decimal literals ({@code 12.5}), compared exactly, as DuckDB
 *       compares a DECIMAL: {@code price = 1.255} at scale 2 matches nothing;
 *   <li>timestamp columns: {@code TIMESTAMP '...'} or a plain string in the same form (DuckDB
 *       casts it), read as UTC;
 *   <li>bool columns: {@code true} / {@code false} with {@code =}, {@code !=}, {@code <>}, IN;
 *   <li>keyed columns: strings with {@code =}, {@code !=}, {@code <>}, IN;
 *   <li>set columns: only {@code list_contains(column, 'string')}.
 * </ul>
 * NULL is refused wherever a literal goes: a comparison with NULL is never true, so it is almost
 * always a mistake for IS NULL.
 */
final class PredicateBinder {

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private final TableBinding table;
    private final List<Object> values;

    /** @param values the values of the template parameters, when the statement was compiled from its template */
    PredicateBinder(TableBinding table, List<Object> values) {
        this.table = table;
        this.values = values;
    }

    /** The filter of a WHERE clause; {@link Filter#all()} when there is none. */
    Filter bind(Predicate predicate) {
        if (predicate == null) {
            return Filter.all();
        }
        return switch (predicate) {
            case Predicate.Comparison c -> {
                TableBinding.BoundColumn column = table.column(c.column());
                checkOperator(column, c.op(), c.sql());
                yield new Filter.Compare(column.name(), c.op(), constant(column, c.value(), c.sql()));
            }
            case Predicate.ColumnComparison c -> {
                TableBinding.BoundColumn left = table.column(c.left());
                TableBinding.BoundColumn right = table.column(c.right());
                if (left.isId() || right.isId()) {
                    throw SqlErrors.invalid("the id is compared with literals only", c.sql());
                }
                if (left.type() != right.type() || left.type() == FieldType.SET) {
                    throw SqlErrors.invalid("columns of different types, or set columns, are not compared: " + left.name()
                            + " is " + left.typeLabel() + ", " + right.name() + " is " + right.typeLabel(), c.sql());
                }
                checkOperator(left, c.op(), c.sql());
                yield Filter.compareFields(left.name(), c.op(), right.name());
            }
            case Predicate.Between b -> {
                TableBinding.BoundColumn column = table.column(b.column());
                if (!column.isId() && !column.type().isInteger()) {
                    throw SqlErrors.invalid("BETWEEN needs " + FieldKinds.labels(kind -> kind instanceof ScalarKind)
                            + " column (or id); " + column.name() + " is "
                            + column.typeLabel(), b.sql());
                }
                yield Filter.between(column.name(), constant(column, b.low(), b.sql()), constant(column, b.high(), b.sql()));
            }
            case Predicate.InList in -> {
                TableBinding.BoundColumn column = table.column(in.column());
                checkOperator(column, Filter.Op.EQ, in.sql());
                List<Object> values = new ArrayList<>();
                for (Literal value : in.values()) {
                    values.add(constant(column, value, in.sql()));
                }
                yield Filter.in(column.name(), values);
            }
            case Predicate.IsNull isNull -> Filter.isNull(table.column(isNull.column()).name());
            case Predicate.BoolColumn bool -> {
                TableBinding.BoundColumn column = table.column(bool.column());
                if (column.type() != FieldType.BOOL) {
                    throw SqlErrors.invalid("a column alone is a condition only when it is bool; " + column.name() + " is "
                            + column.typeLabel() + " (compare it with a literal)", bool.sql());
                }
                yield Filter.eq(column.name(), true);
            }
            case Predicate.Contains contains -> {
                TableBinding.BoundColumn column = table.column(contains.column());
                if (column.type() != FieldType.SET) {
                    throw SqlErrors.invalid("list_contains needs a set column; " + column.name() + " is " + column.typeLabel()
                            + (column.type() == FieldType.KEYED ? " (compare it with = 'value')" : ""), contains.sql());
                }
                if (!(contains.value() instanceof Literal.StringLiteral string)) {
                    throw SqlErrors.invalid("list_contains takes a string literal, not " + contains.value().sql(),
                            contains.sql());
                }
                yield Filter.contains(column.name(), string.value(values));
            }
            case Predicate.And and -> Filter.and(bindAll(and.terms()));
            case Predicate.Or or -> Filter.or(bindAll(or.terms()));
            case Predicate.Not not -> Filter.not(bind(not.term()));
        };
    }

    private List<Filter> bindAll(List<Predicate> terms) {
        List<Filter> filters = new ArrayList<>(terms.size());
        for (Predicate term : terms) {
            filters.add(bind(term));
        }
        return filters;
    }

    private static void checkOperator(TableBinding.BoundColumn column, Filter.Op op, String sql) {
        if (column.isId() || column.type().isInteger()) {
            return;
        }
        switch (column.type()) {
            case BOOL, KEYED -> {
                if (op != Filter.Op.EQ && op != Filter.Op.NE) {
                    throw SqlErrors.invalid(column.typeLabel() + " column " + column.name()
                            + " is compared with =, !=, <> or IN only", sql);
                }
            }
            case SET -> throw SqlErrors.invalid("set column " + column.name() + " is tested with list_contains("
                    + column.name() + ", 'value')", sql);
            default -> throw new IllegalStateException("no operator rule for " + column.typeLabel());
        }
    }

    /** The literal as the typed API's constant for {@code column}: Long, BigDecimal, Instant, Boolean or String. */
    private Object constant(TableBinding.BoundColumn column, Literal literal, String sql) {
        if (literal instanceof Literal.NullLiteral) {
            throw SqlErrors.unsupported("comparison with NULL (never true)", sql,
                    "test for missing values with IS NULL / IS NOT NULL; IN lists take no NULL");
        }
        if (!column.isId() && column.type() == FieldType.SET) {
            throw SqlErrors.invalid("set column " + column.name() + " is tested with list_contains("
                    + column.name() + ", 'value')", sql);
        }
        return value(column, literal, sql, Use.COMPARED);
    }

    /** Where a literal meets a column: the wording of a mismatch says which. */
    enum Use {
        COMPARED("compared with", "compare it with %s"),
        WRITTEN("written into", "write %s into it");

        private final String preposition;
        private final String advice;

        Use(String preposition, String advice) {
            this.preposition = preposition;
            this.advice = advice;
        }
    }

    /**
     * The non-null literal as the value an id, int, decimal, timestamp, bool or keyed column
     * holds (Long, BigDecimal, Instant, Boolean or String): the one conversion WHERE constants and
     * INSERT/UPDATE values share. Set columns take other literals and are the caller's.
     */
    Object value(TableBinding.BoundColumn column, Literal literal, String sql, Use use) {
        FieldType type = column.type();
        if (column.isId() || type == FieldType.INT) {
            if (literal instanceof Literal.DecimalLiteral decimal) {
                throw SqlErrors.unsupported("decimal literal " + decimal.sql() + " " + use.preposition + " "
                        + column.typeLabel() + " " + column.name(), sql, "int columns and ids are 64-bit integers: write"
                        + " integer literals (decimal columns take decimal literals)");
            }
            if (!(literal instanceof Literal.IntLiteral integer)) {
                throw mismatch(column, literal, "an integer", sql, use);
            }
            return longValue(integer, sql);
        }
        return switch (type) {
            case DECIMAL -> switch (literal) {
                case Literal.DecimalLiteral decimal -> decimal.value(values);
                case Literal.IntLiteral integer -> new BigDecimal(integer.value(values));
                default -> throw mismatch(column, literal, "a number", sql, use);
            };
            case TIMESTAMP -> switch (literal) {
                case Literal.TimestampLiteral timestamp -> timestamp.value(values);
                case Literal.StringLiteral string -> TimestampLiterals.parse(string.value(values), string.sql());
                default -> throw mismatch(column, literal, "TIMESTAMP " + TimestampLiterals.FORMAT, sql, use);
            };
            case BOOL -> {
                if (!(literal instanceof Literal.BoolLiteral bool)) {
                    throw mismatch(column, literal, "true or false", sql, use);
                }
                yield bool.value(values);
            }
            case KEYED -> {
                if (!(literal instanceof Literal.StringLiteral string)) {
                    throw mismatch(column, literal, "a 'string'", sql, use);
                }
                yield string.value(values);
            }
            case INT, SET -> throw new IllegalStateException(column.typeLabel() + " literals are converted elsewhere");
        };
    }

    long longValue(Literal.IntLiteral integer, String sql) {
        BigInteger value = integer.value(values);
        if (value.compareTo(LONG_MIN) < 0 || value.compareTo(LONG_MAX) > 0) {
            throw SqlErrors.unsupported("integer literal " + value + " outside the signed 64-bit range", sql,
                    "integers lie in " + Long.MIN_VALUE + ".." + Long.MAX_VALUE);
        }
        return value.longValueExact();
    }

    static RuntimeException mismatch(TableBinding.BoundColumn column, Literal literal, String expected, String sql, Use use) {
        return SqlErrors.invalid(column.name() + " is " + column.typeLabel() + ": " + use.advice.formatted(expected) + ", not "
                + literal.sql(), sql);
    }
}
