package dev.big.db.sql;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * Compiles the aggregate form of a SELECT: GROUP BY (expressions, select aliases, positions),
 * the select list, HAVING and ORDER BY (aliases, positions, any result expression, added as a
 * hidden output when it is not selected), as DuckDB resolves them.
 */
final class AggregateQueryCompiler {

    private final ExpressionReader reader;

    AggregateQueryCompiler(ExpressionReader reader) {
        this.reader = reader;
    }

    AggregateQuery compile(PlainSelect plain, String table, Predicate where, Literal.IntLiteral limit) {
        List<SelectItem<?>> items = plain.getSelectItems();
        for (SelectItem<?> item : items) {
            if (item.getExpression() instanceof AllColumns) {
                throw SqlErrors.unsupported("* together with aggregates", item,
                        "with aggregates, select " + ResultExprCompiler.AGGREGATES + ", and the GROUP BY keys");
            }
        }
        List<String> keyAliases = new ArrayList<>();
        List<GroupKeyExpr> keys = groupKeys(plain.getGroupBy(), items, keyAliases);
        ResultExprCompiler compiler = new ResultExprCompiler(reader, keys);
        List<AggregateQuery.Output> outputs = new ArrayList<>();
        for (SelectItem<?> item : items) {
            String alias = QueryCompiler.aliasOf(item);
            Expression expression = item.getExpression();
            ResultExpr value = compiler.result(expression);
            String name = alias != null ? alias
                    : value instanceof ResultExpr.Key && expression instanceof Column column ? column.getUnquotedColumnName()
                    : IntegerDivisionText.restore(expression.toString());
            outputs.add(new AggregateQuery.Output(name, value));
        }
        int visible = outputs.size();
        ResultCondition having = plain.getHaving() == null ? null : compiler.condition(plain.getHaving());
        List<AggregateQuery.SortKey> sortKeys = new ArrayList<>();
        List<OrderByElement> elements = plain.getOrderByElements();
        for (OrderByElement element : elements == null ? List.<OrderByElement>of() : elements) {
            int output = sortedOutput(element, outputs, visible, compiler);
            sortKeys.add(new AggregateQuery.SortKey(output, !element.isAsc(),
                    element.getNullOrdering() == OrderByElement.NullOrdering.NULLS_FIRST));
        }
        return new AggregateQuery(table, keys, keyAliases, outputs, visible, where, having, sortKeys, limit);
    }

    /**
     * The GROUP BY keys, each an expression, a select item's alias or a select item's position.
     * {@code aliases} gets, per key, the alias it was named by (null when written out), so that the
     * binder can refuse an alias that is also a column's name (DuckDB groups by the column then).
     */
    private List<GroupKeyExpr> groupKeys(GroupByElement groupBy, List<SelectItem<?>> items, List<String> aliases) {
        List<GroupKeyExpr> keys = new ArrayList<>();
        if (groupBy == null) {
            return keys;
        }
        boolean sets = groupBy.getGroupingSets() != null && !groupBy.getGroupingSets().isEmpty();
        var expressions = groupBy.getGroupByExpressionList();
        if (sets || groupBy.isMysqlWithRollup() || expressions == null || expressions.isEmpty()) {
            throw SqlErrors.unsupported("GROUP BY form", groupBy, "GROUP BY one to " + AggregateQuery.MAX_KEYS
                    + " keys, each an expression, a select alias or a position; " + ResultExprCompiler.KEYS);
        }
        ResultExprCompiler keyReader = new ResultExprCompiler(reader, List.of());
        for (Object element : expressions) {
            Expression expression = (Expression) element;
            String alias = null;
            GroupKeyExpr key;
            if (expression instanceof LongValue position) {
                BigInteger index = position.getBigIntegerValue();
                if (index.signum() < 1 || index.compareTo(BigInteger.valueOf(items.size())) > 0) {
                    throw SqlErrors.unsupported("GROUP BY position " + index + " outside the select list (1.." + items.size()
                            + ")", groupBy, "GROUP BY a select item by its position");
                }
                key = keyReader.key(items.get(index.intValue() - 1).getExpression());
            } else {
                SelectItem<?> aliased = aliasedItem(expression, items);
                if (aliased != null) {
                    alias = QueryCompiler.aliasOf(aliased);
                    key = keyReader.key(aliased.getExpression());
                } else {
                    key = keyReader.key(expression);
                }
            }
            if (key == null) {
                throw SqlErrors.unsupported("GROUP BY " + IntegerDivisionText.restore(expression.toString()), groupBy,
                        ResultExprCompiler.KEYS + " (aggregates cannot be keys)");
            }
            int existing = new ResultExprCompiler(reader, keys).keyIndex(key);
            if (existing < 0) {
                keys.add(key);
                aliases.add(alias);
            }
        }
        if (keys.size() > AggregateQuery.MAX_KEYS) {
            throw SqlErrors.unsupported(keys.size() + " GROUP BY keys", groupBy,
                    "GROUP BY takes one to " + AggregateQuery.MAX_KEYS + " keys");
        }
        return keys;
    }

    /** The select item {@code expression} names by its alias, when it is an unqualified name that is one and not the item's own column. */
    private static SelectItem<?> aliasedItem(Expression expression, List<SelectItem<?>> items) {
        if (!(expression instanceof Column column) || column.getTable() != null) {
            return null;
        }
        for (SelectItem<?> item : items) {
            String alias = QueryCompiler.aliasOf(item);
            boolean ownColumn = item.getExpression() instanceof Column own && own.getTable() == null
                    && own.getUnquotedColumnName().equalsIgnoreCase(column.getUnquotedColumnName());
            if (alias != null && alias.equalsIgnoreCase(column.getUnquotedColumnName()) && !ownColumn) {
                return item;
            }
        }
        return null;
    }

    /** The output an ORDER BY element sorts by, adding a hidden output when it is not selected. */
    private static int sortedOutput(OrderByElement element, List<AggregateQuery.Output> outputs, int visible,
                                    ResultExprCompiler compiler) {
        if (element.isMysqlWithRollup()) {
            throw SqlErrors.unsupported("WITH ROLLUP", element, "ORDER BY result columns");
        }
        Expression expression = element.getExpression();
        if (expression instanceof net.sf.jsqlparser.expression.JdbcNamedParameter) {
            // A template's parameter where the statement has a position: compile the statement's own text.
            throw SqlErrors.unsupported("ORDER BY parameter", element, "ORDER BY a result column by name, alias or position");
        }
        if (expression instanceof LongValue position) {
            // As a BigInteger: the literal may be past 64 bits, which getValue() cannot parse.
            BigInteger index = position.getBigIntegerValue();
            if (index.signum() < 1 || index.compareTo(BigInteger.valueOf(visible)) > 0) {
                throw SqlErrors.unsupported("ORDER BY position " + index + " outside the select list (1.." + visible + ")",
                        element, "ORDER BY a result column by name, alias or position");
            }
            return index.intValue() - 1;
        }
        if (expression instanceof Column column && column.getTable() == null) {
            // DuckDB resolves an ORDER BY name to a result column before a table column.
            for (int i = 0; i < visible; i++) {
                if (outputs.get(i).name().equalsIgnoreCase(column.getUnquotedColumnName())) {
                    return i;
                }
            }
        }
        ResultExpr value = compiler.result(expression);
        for (int i = 0; i < outputs.size(); i++) {
            if (same(outputs.get(i).value(), value)) {
                return i;
            }
        }
        outputs.add(new AggregateQuery.Output(IntegerDivisionText.restore(expression.toString()), value));
        return outputs.size() - 1;
    }

    /** Whether two result expressions are the same however spelled (for keys and aggregates; others by their text). */
    private static boolean same(ResultExpr a, ResultExpr b) {
        return switch (a) {
            case ResultExpr.Key x -> b instanceof ResultExpr.Key y && x.key() == y.key();
            case ResultExpr.Aggregate x -> b instanceof ResultExpr.Aggregate y && x.call().sameAs(y.call());
            default -> a.sql().equalsIgnoreCase(b.sql());
        };
    }
}
