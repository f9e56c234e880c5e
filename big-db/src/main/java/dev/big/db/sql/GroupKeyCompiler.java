package dev.big.db.sql;

import dev.big.db.TimeTruncation;
import dev.big.db.query.Bucketing;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.ExtractExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.IntervalExpression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.operators.arithmetic.IntegerDivision;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;

/**
 * Reads the GROUP BY key forms ({@link GroupKeyExpr}): columns, {@code date_trunc},
 * {@code time_bucket}, {@code extract} / {@code date_part} / {@code hour(ts)} and their kin, and
 * {@code v // k}. Units, intervals and divisors must be constants (a template parameter there is
 * refused, so the statement is compiled from its own text).
 */
final class GroupKeyCompiler {

    /** The part functions DuckDB also spells as functions of their own: {@code hour(ts)}, {@code dayofweek(ts)}, ... */
    private static final Map<String, Bucketing.CalendarPart> PART_FUNCTIONS = Map.ofEntries(
            Map.entry("minute", Bucketing.CalendarPart.MINUTE), Map.entry("hour", Bucketing.CalendarPart.HOUR),
            Map.entry("day", Bucketing.CalendarPart.DAY), Map.entry("dayofmonth", Bucketing.CalendarPart.DAY),
            Map.entry("dayofweek", Bucketing.CalendarPart.DOW), Map.entry("isodow", Bucketing.CalendarPart.ISODOW),
            Map.entry("dayofyear", Bucketing.CalendarPart.DOY), Map.entry("week", Bucketing.CalendarPart.WEEK),
            Map.entry("weekofyear", Bucketing.CalendarPart.WEEK), Map.entry("month", Bucketing.CalendarPart.MONTH),
            Map.entry("quarter", Bucketing.CalendarPart.QUARTER), Map.entry("year", Bucketing.CalendarPart.YEAR));

    private final ExpressionReader reader;

    GroupKeyCompiler(ExpressionReader reader) {
        this.reader = reader;
    }

    /** The group key {@code expression} writes, or null when it is no key form. */
    GroupKeyExpr key(Expression expression) {
        String sql = expression.toString();
        switch (expression) {
            case ParenthesedExpressionList<?> group when group.size() == 1 -> {
                return key(group.getFirst());
            }
            case net.sf.jsqlparser.schema.Column column -> {
                ColumnRef ref = reader.column(column);
                return ref == null ? null : new GroupKeyExpr.Column(ref, sql);
            }
            case IntegerDivision division -> {
                ColumnRef column = reader.column(ResultExprCompiler.unwrap(division.getLeftExpression()));
                long divisor = constantLong(division.getRightExpression(), division);
                if (column == null) {
                    return null;
                }
                if (divisor <= 0) {
                    throw SqlErrors.unsupported("v // k with k = " + divisor, division, "group by v // k for a positive integer k");
                }
                return new GroupKeyExpr.Divide(column, divisor, sql);
            }
            case ExtractExpression extract -> {
                return new GroupKeyExpr.Part(part(extract.getName(), extract), timestampColumn(extract.getExpression(), extract), sql);
            }
            case Function function when !ResultExprCompiler.holdsAggregate(function) -> {
                return functionKey(function, sql);
            }
            default -> {
                return null;
            }
        }
    }

    private GroupKeyExpr functionKey(Function function, String sql) {
        String name = function.getName() == null ? "" : function.getName().toLowerCase(Locale.ROOT);
        List<Expression> parameters = ResultExprCompiler.parameters(function);
        if (name.equals("date_trunc") && parameters.size() == 2) {
            String unit = constantString(parameters.get(0), function).toLowerCase(Locale.ROOT);
            TimeTruncation truncation = TimeTruncation.named(unit).orElseThrow(() -> SqlErrors.unsupported("date_trunc unit '" + unit + "'",
                    function, "date_trunc takes 'minute', 'hour', 'day', 'week', 'month', 'quarter' or 'year'"));
            return new GroupKeyExpr.Truncate(truncation, timestampColumn(parameters.get(1), function), sql);
        }
        if (name.equals("time_bucket") && parameters.size() == 2) {
            return new GroupKeyExpr.TimeBucket(intervalMillis(parameters.get(0), function),
                    timestampColumn(parameters.get(1), function), sql);
        }
        if ((name.equals("date_part") || name.equals("datepart")) && parameters.size() == 2) {
            return new GroupKeyExpr.Part(part(constantString(parameters.get(0), function), function),
                    timestampColumn(parameters.get(1), function), sql);
        }
        Bucketing.CalendarPart part = PART_FUNCTIONS.get(name);
        if (part != null && parameters.size() == 1) {
            return new GroupKeyExpr.Part(part, timestampColumn(parameters.getFirst(), function), sql);
        }
        return null;
    }

    private static Bucketing.CalendarPart part(String name, Expression where) {
        String part = name == null ? "" : name.toLowerCase(Locale.ROOT).replace("'", "");
        return switch (part) {
            case "minute", "minutes" -> Bucketing.CalendarPart.MINUTE;
            case "hour", "hours" -> Bucketing.CalendarPart.HOUR;
            case "day", "days", "dayofmonth" -> Bucketing.CalendarPart.DAY;
            case "dow", "dayofweek", "weekday" -> Bucketing.CalendarPart.DOW;
            case "isodow" -> Bucketing.CalendarPart.ISODOW;
            case "doy", "dayofyear" -> Bucketing.CalendarPart.DOY;
            case "week", "weeks", "weekofyear" -> Bucketing.CalendarPart.WEEK;
            case "month", "months" -> Bucketing.CalendarPart.MONTH;
            case "quarter", "quarters" -> Bucketing.CalendarPart.QUARTER;
            case "year", "years" -> Bucketing.CalendarPart.YEAR;
            default -> throw SqlErrors.unsupported("calendar part '" + part + "'", where,
                    "the parts are minute, hour, day, dow, isodow, doy, week, month, quarter and year");
        };
    }

    /** {@code INTERVAL 'n minutes|hours|days|weeks'} in milliseconds. */
    private static long intervalMillis(Expression expression, Expression where) {
        String text = expression instanceof IntervalExpression interval && interval.getParameter() != null
                && interval.getExpression() == null ? interval.getParameter() : null;
        String[] parts = text == null || text.length() < 2 ? new String[0]
                : text.substring(1, text.length() - 1).strip().toLowerCase(Locale.ROOT).split("\\s+");
        long unit = parts.length != 2 ? -1 : switch (parts[1]) {
            case "minute", "minutes" -> Bucketing.MINUTE_MILLIS;
            case "hour", "hours" -> Bucketing.HOUR_MILLIS;
            case "day", "days" -> Bucketing.DAY_MILLIS;
            case "week", "weeks" -> 7 * Bucketing.DAY_MILLIS;
            default -> -1;
        };
        long count = unit < 0 || !parts[0].matches("[0-9]{1,6}") ? 0 : Long.parseLong(parts[0]);
        if (count <= 0) {
            throw SqlErrors.unsupported("time_bucket width", where,
                    "time_bucket takes INTERVAL 'n minutes', 'n hours', 'n days' or 'n weeks' with a positive integer n");
        }
        return count * unit;
    }

    private ColumnRef timestampColumn(Expression expression, Expression where) {
        ColumnRef column = reader.column(ResultExprCompiler.unwrap(expression));
        if (column == null) {
            throw SqlErrors.unsupported("time bucket or part of something other than a column", where,
                    ResultExprCompiler.KEYS + "; " + ResultExprCompiler.TRINO);
        }
        return column;
    }

    /** A string constant (a template parameter is refused, so the statement is compiled from its text). */
    private static String constantString(Expression expression, Expression where) {
        if (ResultExprCompiler.unwrap(expression) instanceof StringValue string && string.getPrefix() == null) {
            return string.getNotExcapedValue();
        }
        throw SqlErrors.unsupported("argument that is not a constant string", where, ResultExprCompiler.KEYS);
    }

    private static long constantLong(Expression expression, Expression where) {
        Expression e = ResultExprCompiler.unwrap(expression);
        boolean negative = false;
        if (e instanceof SignedExpression signed && (signed.getSign() == '-' || signed.getSign() == '+')) {
            negative = signed.getSign() == '-';
            e = ResultExprCompiler.unwrap(signed.getExpression());
        }
        if (e instanceof LongValue value && value.getBigIntegerValue().bitLength() < 63) {
            long v = value.getBigIntegerValue().longValueExact();
            return negative ? -v : v;
        }
        throw SqlErrors.unsupported("divisor that is not a constant integer", where, ResultExprCompiler.KEYS);
    }
}
