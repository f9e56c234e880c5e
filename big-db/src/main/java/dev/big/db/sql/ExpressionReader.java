package dev.big.db.sql;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import net.sf.jsqlparser.expression.ArrayConstructor;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DateTimeLiteralExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.JdbcNamedParameter;
import net.sf.jsqlparser.expression.JdbcParameter;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;

/**
 * Reads the leaves of a statement, columns and literals, for the compilers: checks that a
 * column's qualifier (if any) names a table of the FROM clause, and turns literals into
 * {@link Literal}s. In a statement of one table a qualifier is dropped once checked; in a join it
 * is kept, since it says which table the column is of. In a {@link StatementTemplate} the literals
 * are named parameters ({@code :i0}, {@code :s1}, {@code :t2}); the reader notes which it met, so
 * that the engine can check that a template used each of its values exactly once.
 */
final class ExpressionReader {

    /** A table of the FROM clause: its name as written and its alias (null when it has none). */
    record Source(String table, String alias) {

        /** The name columns are qualified with: the alias when there is one, as in SQL. */
        String qualifier() {
            return alias != null ? alias : table;
        }
    }

    private final List<Source> sources;
    private final boolean template;
    private final BitSet parameters = new BitSet();

    /**
     * @param table the table of the FROM clause, as written
     * @param alias its alias, or null
     * @param template whether named parameters stand for the literals of a {@link StatementTemplate}
     */
    ExpressionReader(String table, String alias, boolean template) {
        this(List.of(new Source(table, alias)), template);
    }

    /** A reader of a join's columns: each qualifier must name one of {@code sources}, and is kept. */
    ExpressionReader(List<Source> sources, boolean template) {
        this.sources = List.copyOf(sources);
        this.template = template;
    }

    /** The template parameters read, by index. */
    BitSet parameters() {
        return parameters;
    }

    /** The column {@code expression} names, or null when it is not a column. */
    ColumnRef column(Expression expression) {
        if (!(expression instanceof Column column)) {
            return null;
        }
        Table qualifier = column.getTable();
        String kept = null;
        if (qualifier != null && qualifier.getName() != null) {
            String name = qualifier.getUnquotedName();
            Source source = qualifier.getSchemaName() != null ? null : sources.stream()
                    .filter(s -> s.qualifier().equalsIgnoreCase(name)).findFirst().orElse(null);
            if (source == null) {
                String known = String.join(", ", sources.stream().map(Source::qualifier).toList());
                throw SqlErrors.unsupported("column qualified with \"" + qualifier + "\", which is not "
                                + (sources.size() == 1 ? "the table of FROM" : "a table of FROM or JOIN"), column,
                        "qualify columns with the table's name or alias, or not at all (" + known + " here)");
            }
            kept = sources.size() > 1 ? source.qualifier() : null;
        }
        String name = column.getUnquotedColumnName();
        if (kept == null && (name.equalsIgnoreCase("true") || name.equalsIgnoreCase("false"))) {
            return null;
        }
        return new ColumnRef(kept, name, column.toString());
    }

    /** The literal {@code expression} is, or null when it is not one. */
    Literal literal(Expression expression) {
        return switch (expression) {
            case LongValue value -> Literal.IntLiteral.constant(value.getBigIntegerValue(), value.toString());
            case JdbcParameter parameter -> throw SqlErrors.unsupported("statement parameter without a value", parameter,
                    "bind one value per ?: Db.sql(sql, values...), SqlEngine.execute(snapshot, sql, values) or a JDBC"
                            + " PreparedStatement");
            case JdbcNamedParameter named -> templateParameter(named);
            case SignedExpression signed -> signed(signed);
            case StringValue string -> {
                if (string.getPrefix() != null) {
                    throw SqlErrors.unsupported("prefixed string literal", string, "write plain 'text' literals");
                }
                yield Literal.StringLiteral.constant(string.getNotExcapedValue(), string.toString());
            }
            case BooleanValue bool -> Literal.BoolLiteral.constant(bool.getValue(), bool.toString());
            case Column column when column.getTable() == null && column.getColumnName().equalsIgnoreCase("true") ->
                    Literal.BoolLiteral.constant(true, column.toString());
            case Column column when column.getTable() == null && column.getColumnName().equalsIgnoreCase("false") ->
                    Literal.BoolLiteral.constant(false, column.toString());
            case NullValue nothing -> new Literal.NullLiteral(nothing.toString());
            case CastExpression cast -> timestamp(cast);
            case DateTimeLiteralExpression typed -> timestamp(typed);
            case DoubleValue decimal -> decimal(decimal);
            case ArrayConstructor array -> set(array);
            default -> null;
        };
    }

    /**
     * {@code :i<n>}, {@code :s<n>} or {@code :t<n>} of a template, or also {@code :d<n>},
     * {@code :b<n>}, {@code :l<n>} for a bound {@code ?} (see {@link StatementTemplate#withParameters}):
     * the literal whose value is the n-th value.
     */
    private Literal templateParameter(JdbcNamedParameter parameter) {
        String name = parameter.getName();
        int index = template && name != null && name.length() > 1 && name.substring(1).chars().allMatch(Character::isDigit)
                ? Integer.parseInt(name.substring(1)) : -1;
        if (index < 0 || parameters.get(index)) {
            throw parametersUnsupported(parameter);
        }
        parameters.set(index);
        return switch (name.charAt(0)) {
            case 'i' -> Literal.IntLiteral.parameter(index, parameter.toString());
            case 's' -> new Literal.StringLiteral(null, index, parameter.toString());
            case 't' -> new Literal.TimestampLiteral(null, index, parameter.toString());
            case 'd' -> new Literal.DecimalLiteral(null, index, parameter.toString());
            case 'b' -> new Literal.BoolLiteral(false, index, parameter.toString());
            case 'l' -> new Literal.SetLiteral(null, index, parameter.toString());
            default -> throw parametersUnsupported(parameter);
        };
    }

    private static UnsupportedSqlException parametersUnsupported(Expression parameter) {
        return SqlErrors.unsupported("statement parameter", parameter,
                "write ? for each parameter and bind its values (numbered $1 and named :name parameters are not read)");
    }

    /** {@code ['a', 'b']}: the values of a set, each a string literal. */
    private Literal set(ArrayConstructor array) {
        List<Literal.StringLiteral> elements = new ArrayList<>();
        if (array.getExpressions() != null) {
            for (Expression element : array.getExpressions()) {
                if (!(literal(element) instanceof Literal.StringLiteral string)) {
                    throw SqlErrors.unsupported("list element that is not a string literal", array,
                            "a set's values are written ['a', 'b'] (or [] for none)");
                }
                elements.add(string);
            }
        }
        return new Literal.SetLiteral(elements, -1, array.toString());
    }

    /** {@code 1.25} as an exact decimal; {@code 1e3} is a DOUBLE in DuckDB, compared inexactly, so refused. */
    private static Literal decimal(DoubleValue decimal) {
        String text = decimal.toString();
        if (text.indexOf('e') >= 0 || text.indexOf('E') >= 0) {
            throw SqlErrors.unsupported("floating-point literal " + text, decimal,
                    "write numbers with a point and no exponent (1000.0, 0.001): big's numbers are exact");
        }
        return Literal.DecimalLiteral.constant(new BigDecimal(text), text);
    }

    private Literal signed(SignedExpression signed) {
        Literal inner = literal(signed.getExpression());
        if (inner instanceof Literal.DecimalLiteral decimal && (signed.getSign() == '-' || signed.getSign() == '+')) {
            return signed.getSign() == '-' ? decimal.negate(signed.toString()) : decimal;
        }
        if (!(inner instanceof Literal.IntLiteral integer) || (signed.getSign() != '-' && signed.getSign() != '+')) {
            throw SqlErrors.unsupported("sign on something other than a number literal", signed,
                    "a leading - or + only goes with number literals");
        }
        return signed.getSign() == '-' ? integer.negate(signed.toString()) : integer;
    }

    /** {@code TIMESTAMP '...'} as JSqlParser after 5.3 reads it (5.3 reads it as a cast). */
    private static Literal timestamp(DateTimeLiteralExpression typed) {
        String quoted = typed.getValue();
        if (typed.getType() != DateTimeLiteralExpression.DateTime.TIMESTAMP || quoted == null || quoted.length() < 2
                || !quoted.startsWith("'") || !quoted.endsWith("'")) {
            throw SqlErrors.unsupported("typed literal", typed, "the only typed literal big reads is TIMESTAMP "
                    + TimestampLiterals.FORMAT);
        }
        String text = quoted.substring(1, quoted.length() - 1).replace("''", "'");
        return Literal.TimestampLiteral.constant(TimestampLiterals.parse(text, typed.toString()), typed.toString());
    }

    private Literal timestamp(CastExpression cast) {
        String type = cast.getColDataType() == null ? "" : cast.getColDataType().toString().strip();
        Literal text = cast.getLeftExpression() instanceof StringValue || cast.getLeftExpression() instanceof JdbcNamedParameter
                ? literal(cast.getLeftExpression()) : null;
        if (!type.equalsIgnoreCase("TIMESTAMP") || !(text instanceof Literal.StringLiteral string)) {
            throw SqlErrors.unsupported("cast", cast, "the only cast big reads is a string to TIMESTAMP: TIMESTAMP "
                    + TimestampLiterals.FORMAT + ", CAST('...' AS TIMESTAMP) or '...'::TIMESTAMP");
        }
        if (string.parameter() >= 0) {
            return new Literal.TimestampLiteral(null, string.parameter(), cast.toString());
        }
        return Literal.TimestampLiteral.constant(TimestampLiterals.parse(string.constant(), cast.toString()), cast.toString());
    }
}
