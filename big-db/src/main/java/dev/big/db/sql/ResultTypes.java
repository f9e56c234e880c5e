package dev.big.db.sql;

import dev.big.db.FieldType;
import dev.big.db.TimeTruncation;
import java.util.ArrayList;
import java.util.List;

/**
 * The declared types of an aggregate query's result columns, from binding alone: known before
 * the query runs (JDBC's {@code getMetaData} of a prepared statement) and the same whatever rows
 * it finds (an empty {@code max()} is still its column's type). They follow the values the query
 * computes ({@link TypedApiAggregates}, {@link ResultArithmetic}), which follow DuckDB: counts
 * BIGINT and never null, sums of ints HUGEINT and of decimals DECIMAL at the field's scale,
 * averages DOUBLE, medians of ints DOUBLE, min, max and quantile_disc the column's type; keys their
 * column's type, or BIGINT for parts and integer division, TIMESTAMP for buckets and truncation to
 * a minute or an hour, DATE to a day or longer.
 */
final class ResultTypes {

    private static final ColumnType COUNT = new ColumnType(ColumnType.Kind.BIGINT, 0, false);

    private final AggregateQuery query;
    private final ColumnScope table;
    /** The values of the statement's parameters, or null when they are not known yet (then a rounding's digits are not either). */
    private final List<Object> values;

    private ResultTypes(AggregateQuery query, ColumnScope table, List<Object> values) {
        this.query = query;
        this.table = table;
        this.values = values;
    }

    /**
     * The types of {@code query}'s visible outputs, bound against {@code table}; {@code values}
     * are its parameters' (null before they are bound).
     */
    static List<ColumnType> of(AggregateQuery query, ColumnScope table, List<Object> values) {
        ResultTypes types = new ResultTypes(query, table, values);
        List<ColumnType> columns = new ArrayList<>(query.visible());
        for (int i = 0; i < query.visible(); i++) {
            columns.add(types.type(query.outputs().get(i).value()));
        }
        return columns;
    }

    private ColumnType type(ResultExpr expression) {
        return switch (expression) {
            case ResultExpr.Key key -> key(query.keys().get(key.key()));
            case ResultExpr.Aggregate aggregate -> aggregate(aggregate.call());
            case ResultExpr.IntegerNumber number -> new ColumnType(ColumnType.Kind.BIGINT, 0, false);
            case ResultExpr.DecimalNumber number -> new ColumnType(ColumnType.Kind.DECIMAL, Math.max(0, number.value().scale()), false);
            case ResultExpr.DoubleNumber number -> new ColumnType(ColumnType.Kind.DOUBLE, 0, false);
            case ResultExpr.Negate negate -> type(negate.operand());
            case ResultExpr.Round round -> round(type(round.operand()), round.digits());
            case ResultExpr.Arithmetic arithmetic -> arithmetic(arithmetic.operator(), type(arithmetic.left()),
                    type(arithmetic.right()));
        };
    }

    private ColumnType key(GroupKeyExpr key) {
        return switch (key) {
            case GroupKeyExpr.Column column -> nullable(columnType(column.column()));
            case GroupKeyExpr.Truncate truncate -> new ColumnType(truncate.unit().ordinal()
                    >= TimeTruncation.DAY.ordinal() ? ColumnType.Kind.DATE : ColumnType.Kind.TIMESTAMP, 0, true);
            case GroupKeyExpr.TimeBucket bucket -> new ColumnType(ColumnType.Kind.TIMESTAMP, 0, true);
            case GroupKeyExpr.Part part -> new ColumnType(ColumnType.Kind.BIGINT, 0, true);
            case GroupKeyExpr.Divide divide -> new ColumnType(ColumnType.Kind.BIGINT, 0, true);
        };
    }

    private ColumnType aggregate(AggregateCall call) {
        return switch (call.function()) {
            case COUNT_STAR, COUNT, COUNT_DISTINCT -> COUNT;
            case SUM -> {
                ColumnType column = columnType(call.column());
                yield column.kind() == ColumnType.Kind.DECIMAL ? nullable(column)
                        : new ColumnType(ColumnType.Kind.HUGEINT, 0, true);
            }
            case AVG -> new ColumnType(ColumnType.Kind.DOUBLE, 0, true);
            case MEDIAN -> table.column(call.column()).type() == FieldType.TIMESTAMP
                    ? new ColumnType(ColumnType.Kind.TIMESTAMP, 0, true) : new ColumnType(ColumnType.Kind.DOUBLE, 0, true);
            case MIN, MAX, QUANTILE_DISC -> nullable(columnType(call.column()));
        };
    }

    private ColumnType columnType(ColumnRef ref) {
        TableBinding.BoundColumn column = table.column(ref);
        return column.isId() ? ColumnType.ID : ColumnType.of(column.field());
    }

    private static ColumnType nullable(ColumnType type) {
        return new ColumnType(type.kind(), type.scale(), true);
    }

    /** DuckDB's round: integers stay integers, decimals keep at most {@code digits} digits, doubles stay doubles. */
    private ColumnType round(ColumnType operand, Literal.IntLiteral digits) {
        if (operand.kind() != ColumnType.Kind.DECIMAL) {
            return operand;
        }
        if (digits != null && digits.parameter() >= 0 && values == null) {
            return operand; // the digits are a parameter not bound yet
        }
        long places = digits == null ? 0 : Math.max(-40, Math.min(40, digits.value(values).longValue()));
        return new ColumnType(ColumnType.Kind.DECIMAL, (int) Math.max(0, Math.min(places, operand.scale())), operand.nullable());
    }

    /** The type {@link ResultArithmetic} gives {@code left operator right}. */
    private static ColumnType arithmetic(ResultExpr.Operator operator, ColumnType left, ColumnType right) {
        boolean nullable = left.nullable() || right.nullable();
        ColumnType.Kind a = left.kind();
        ColumnType.Kind b = right.kind();
        boolean integers = integer(a) && integer(b);
        boolean bothBigint = a == ColumnType.Kind.BIGINT && b == ColumnType.Kind.BIGINT;
        if (operator == ResultExpr.Operator.DIVIDE) {
            return new ColumnType(ColumnType.Kind.DOUBLE, 0, true); // x / 0 is NULL
        }
        if (operator == ResultExpr.Operator.INTEGER_DIVIDE || operator == ResultExpr.Operator.MODULO) {
            return new ColumnType(bothBigint ? ColumnType.Kind.BIGINT : ColumnType.Kind.HUGEINT, 0, true);
        }
        if (a == ColumnType.Kind.DOUBLE || b == ColumnType.Kind.DOUBLE) {
            return new ColumnType(ColumnType.Kind.DOUBLE, 0, nullable);
        }
        if (integers) {
            return new ColumnType(bothBigint ? ColumnType.Kind.BIGINT : ColumnType.Kind.HUGEINT, 0, nullable);
        }
        int scale = operator == ResultExpr.Operator.MULTIPLY ? left.scale() + right.scale()
                : Math.max(left.scale(), right.scale());
        return new ColumnType(ColumnType.Kind.DECIMAL, scale, nullable);
    }

    private static boolean integer(ColumnType.Kind kind) {
        return kind == ColumnType.Kind.BIGINT || kind == ColumnType.Kind.HUGEINT;
    }
}
