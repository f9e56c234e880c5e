package dev.big.db.sql;

import dev.big.db.Filter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * Compiles the FROM ... JOIN part of a SELECT into the {@link JoinQuery.Source}s, and the select
 * list and ORDER BY of a joined listing. Every table may have an alias; the condition of each join
 * is {@code ON x.a = y.b} between a column of the joined table and one of a table before it, both
 * qualified, AND-ed with any conditions on the joined table alone, or {@code USING (k)}. What is
 * not an equi-join of that form is refused by name.
 */
final class JoinCompiler {

    static final String SUPPORTED = "[INNER | LEFT [OUTER]] JOIN table [alias] ON a.key = b.key [AND conditions on the"
            + " joined table] or USING (key), between tables of this file (see docs/sql.md, \"Joins\")";

    /** DuckDB's join words JSqlParser takes for a table's alias: refused as aliases, so that such a join is never misread. */
    private static final Set<String> JOIN_WORDS = Set.of("ANTI", "SEMI", "POSITIONAL", "ASOF");

    private final boolean template;
    private final List<ExpressionReader.Source> readerSources = new ArrayList<>();
    private ExpressionReader reader;

    JoinCompiler(boolean template) {
        this.template = template;
    }

    /** The reader of the join's columns, once {@link #sources} has run. */
    ExpressionReader reader() {
        return reader;
    }

    /** The tables of {@code from} joined by {@code plain}'s joins; refuses every join that is not an equi-join of the subset. */
    List<JoinQuery.Source> sources(PlainSelect plain, Table from) {
        List<Table> tables = new ArrayList<>();
        tables.add(from);
        for (Join join : plain.getJoins()) {
            check(join);
            if (!(join.getFromItem() instanceof Table table)) {
                throw SqlErrors.unsupported("JOIN of something other than a table", join.getFromItem(),
                        "JOIN names a table of this file; subqueries and table functions are not supported");
            }
            checkTable(table);
            tables.add(table);
        }
        for (Table table : tables) {
            Alias alias = table.getAlias();
            if (alias != null && JOIN_WORDS.contains(alias.getUnquotedName().toUpperCase(Locale.ROOT))) {
                // JSqlParser reads FROM t ANTI JOIN d as the table t named ANTI, then a plain JOIN:
                // answered, it would be an inner join where DuckDB's is an anti-join.
                throw SqlErrors.unsupported(alias.getUnquotedName().toUpperCase(Locale.ROOT) + " JOIN (read as the alias "
                        + alias.getUnquotedName() + " of " + table.getUnquotedName() + ")", plain, SUPPORTED);
            }
            ExpressionReader.Source source = new ExpressionReader.Source(table.getUnquotedName(),
                    alias == null ? null : alias.getUnquotedName());
            for (ExpressionReader.Source earlier : readerSources) {
                if (earlier.qualifier().equalsIgnoreCase(source.qualifier())) {
                    throw SqlErrors.unsupported("two tables named " + source.qualifier(), plain,
                            "give each table of a join its own alias (FROM events a JOIN events b ON ...)");
                }
            }
            readerSources.add(source);
        }
        reader = new ExpressionReader(readerSources, template);
        List<JoinQuery.Source> sources = new ArrayList<>();
        sources.add(new JoinQuery.Source(readerSources.getFirst().table(), readerSources.getFirst().qualifier(),
                JoinQuery.Kind.FROM, null, null, null, from.toString()));
        for (int i = 0; i < plain.getJoins().size(); i++) {
            sources.add(joined(plain.getJoins().get(i), readerSources.get(i + 1), i + 1));
        }
        return sources;
    }

    private static void check(Join join) {
        String refused = join.isSimple() ? "comma join" : join.isCross() ? "CROSS JOIN" : join.isNatural() ? "NATURAL JOIN"
                : join.isRight() ? "RIGHT JOIN" : join.isFull() ? "FULL JOIN" : join.isSemi() ? "SEMI JOIN"
                : join.isApply() ? "APPLY" : join.isAsOf() ? "ASOF JOIN" : join.isStraight() ? "STRAIGHT_JOIN"
                : join.isWindowJoin() ? "windowed JOIN" : join.isGlobal() || join.isAny() || join.isAll() || join.isArray()
                        || join.isFetch() || join.getJoinHint() != null ? "JOIN modifier" : null;
        if (refused == null && join.isOuter() && !join.isLeft()) {
            refused = "OUTER JOIN without LEFT";
        }
        if (refused != null) {
            throw SqlErrors.unsupported(refused, join, SUPPORTED);
        }
        if (join.getOnExpressions() != null && join.getOnExpressions().size() > 1) {
            throw SqlErrors.unsupported("JOIN with several ON clauses", join, "one ON per JOIN; AND its conditions");
        }
        boolean on = join.getOnExpressions() != null && !join.getOnExpressions().isEmpty();
        boolean using = join.getUsingColumns() != null && !join.getUsingColumns().isEmpty();
        if (on == using) {
            throw SqlErrors.unsupported(on ? "JOIN with both ON and USING" : "JOIN without ON or USING", join, SUPPORTED);
        }
    }

    private static void checkTable(Table table) {
        if (table.getSchemaName() != null || table.getDatabaseName() != null) {
            throw SqlErrors.unsupported("qualified table name (a join across files or schemas)", table,
                    "join tables of one file, named alone");
        }
        if (table.getPivot() != null || table.getUnPivot() != null || table.getSampleClause() != null
                || table.getIndexHint() != null || table.getSqlServerHints() != null) {
            throw SqlErrors.unsupported("table modifier", table, "JOIN names one table, optionally with an alias");
        }
        Alias alias = table.getAlias();
        if (alias != null && alias.getAliasColumns() != null && !alias.getAliasColumns().isEmpty()) {
            throw SqlErrors.unsupported("column aliases on a table", table, "JOIN table [AS alias]");
        }
    }

    private JoinQuery.Source joined(Join join, ExpressionReader.Source source, int index) {
        JoinQuery.Kind kind = join.isLeft() ? JoinQuery.Kind.LEFT : JoinQuery.Kind.INNER;
        String qualifier = source.qualifier();
        if (join.getUsingColumns() != null && !join.getUsingColumns().isEmpty()) {
            if (join.getUsingColumns().size() != 1) {
                throw SqlErrors.unsupported("USING of " + join.getUsingColumns().size() + " columns", join,
                        "join on one key: USING (key)");
            }
            String name = join.getUsingColumns().getFirst().getUnquotedColumnName();
            return new JoinQuery.Source(source.table(), qualifier, kind, new ColumnRef(qualifier, name, qualifier + "." + name),
                    new ColumnRef(null, name, name), null, join.toString());
        }
        List<Expression> conjuncts = new ArrayList<>();
        for (Expression on : join.getOnExpressions()) {
            PredicateCompiler.requireFewConnectives(on);
            conjuncts(on, conjuncts);
        }
        ColumnRef key = null;
        ColumnRef other = null;
        List<Predicate> rest = new ArrayList<>();
        PredicateCompiler compiler = new PredicateCompiler(reader);
        for (Expression conjunct : conjuncts) {
            Predicate predicate = compiler.compile(conjunct);
            List<ColumnRef> columns = Predicates.columns(predicate);
            for (ColumnRef column : columns) {
                if (column.qualifier() == null) {
                    throw SqlErrors.unsupported("unqualified column " + column.name() + " in ON", conjunct,
                            "qualify the columns of an ON condition with their table's name or alias (ON e.type = t.name)");
                }
            }
            if (predicate instanceof Predicate.ColumnComparison comparison && comparison.op() == Filter.Op.EQ
                    && isOf(comparison.left(), qualifier) != isOf(comparison.right(), qualifier)) {
                ColumnRef mine = isOf(comparison.left(), qualifier) ? comparison.left() : comparison.right();
                ColumnRef theirs = mine == comparison.left() ? comparison.right() : comparison.left();
                if (indexOf(theirs.qualifier()) > index) {
                    throw SqlErrors.unsupported("ON condition naming " + theirs.qualifier() + ", joined later", conjunct,
                            "an ON condition compares the joined table with a table before it");
                }
                if (key != null) {
                    throw SqlErrors.unsupported("JOIN on two keys", join, "join on one key: ON a.key = b.key");
                }
                key = mine;
                other = theirs;
                continue;
            }
            if (!columns.stream().allMatch(column -> isOf(column, qualifier))) {
                throw SqlErrors.unsupported("ON condition other than a key equality", conjunct,
                        "ON a.key = b.key, AND-ed with conditions on the joined table's columns alone ("
                                + qualifier + " here); other conditions go in WHERE");
            }
            rest.add(predicate);
        }
        if (key == null) {
            throw SqlErrors.unsupported("JOIN without a key equality", join,
                    "ON compares a column of the joined table with one of a table before it: ON a.key = b.key");
        }
        return new JoinQuery.Source(source.table(), qualifier, kind, key, other, Predicates.and(rest), join.toString());
    }

    private static boolean isOf(ColumnRef column, String qualifier) {
        return column.qualifier() != null && column.qualifier().equalsIgnoreCase(qualifier);
    }

    private int indexOf(String qualifier) {
        for (int i = 0; i < readerSources.size(); i++) {
            if (readerSources.get(i).qualifier().equalsIgnoreCase(qualifier)) {
                return i;
            }
        }
        return -1;
    }

    private static void conjuncts(Expression expression, List<Expression> into) {
        Expression unwrapped = ResultExprCompiler.unwrap(expression);
        if (unwrapped instanceof AndExpression and) {
            conjuncts(and.getLeftExpression(), into);
            conjuncts(and.getRightExpression(), into);
        } else {
            into.add(expression);
        }
    }

    // ------------------------------------------------------------------ listings of joined rows

    JoinQuery.Listing listing(PlainSelect plain, Predicate where, Literal.IntLiteral limit) {
        List<JoinQuery.Projection> projections = new ArrayList<>();
        List<SelectItem<?>> items = plain.getSelectItems();
        for (SelectItem<?> item : items) {
            String alias = QueryCompiler.aliasOf(item);
            Expression expression = item.getExpression();
            if (expression instanceof AllColumns all) {
                boolean plainStar = (all.getExceptColumns() == null || all.getExceptColumns().isEmpty())
                        && (all.getReplaceExpressions() == null || all.getReplaceExpressions().isEmpty());
                if (!plainStar || alias != null) {
                    throw SqlErrors.unsupported("* with modifiers", item, "write *, t.* or a list of columns");
                }
                String qualifier = all instanceof AllTableColumns qualified
                        ? reader.column(new Column(qualified.getTable(), "id")).qualifier() : null;
                projections.add(new JoinQuery.AllColumns(qualifier));
                continue;
            }
            ColumnRef column = reader.column(expression);
            if (column == null) {
                throw SqlErrors.unsupported("select item", item, "select *, t.*, columns, or " + ResultExprCompiler.AGGREGATES);
            }
            projections.add(new JoinQuery.Column(column, alias != null ? alias : column.name()));
        }
        List<JoinQuery.SortColumn> order = new ArrayList<>();
        List<OrderByElement> elements = plain.getOrderByElements();
        for (OrderByElement element : elements == null ? List.<OrderByElement>of() : elements) {
            if (element.isMysqlWithRollup()) {
                throw SqlErrors.unsupported("WITH ROLLUP", element, "ORDER BY columns");
            }
            order.add(new JoinQuery.SortColumn(sorted(element, items, projections), !element.isAsc(),
                    element.getNullOrdering() == OrderByElement.NullOrdering.NULLS_FIRST));
        }
        return new JoinQuery.Listing(projections, where, order, limit);
    }

    /** The column an ORDER BY element of a joined listing sorts by: a select item by position or alias, or a column. */
    private ColumnRef sorted(OrderByElement element, List<SelectItem<?>> items, List<JoinQuery.Projection> projections) {
        Expression expression = element.getExpression();
        if (expression instanceof LongValue position) {
            BigInteger index = position.getBigIntegerValue();
            if (index.signum() < 1 || index.compareTo(BigInteger.valueOf(items.size())) > 0
                    || !(projections.get(index.intValue() - 1) instanceof JoinQuery.Column column)) {
                throw SqlErrors.unsupported("ORDER BY position " + index, element,
                        "ORDER BY a selected column by position (1.." + items.size() + ", not *), by alias, or a column");
            }
            return column.column();
        }
        if (expression instanceof Column named && named.getTable() == null) {
            for (JoinQuery.Projection projection : projections) {
                if (projection instanceof JoinQuery.Column column && column.name().equalsIgnoreCase(named.getUnquotedColumnName())) {
                    return column.column();
                }
            }
        }
        ColumnRef column = reader.column(expression);
        if (column == null) {
            throw SqlErrors.unsupported("ORDER BY of joined rows by something other than a column", element,
                    "order joined rows by columns, select aliases or positions; order by aggregates through GROUP BY");
        }
        return column;
    }
}
