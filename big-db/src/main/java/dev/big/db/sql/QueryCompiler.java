package dev.big.db.sql;

import dev.big.db.Order;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.ExplainStatement;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.create.index.CreateIndex;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.drop.Drop;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;

/**
 * Compiles a parsed statement into a {@link CompiledStatement}: decides the shape (aggregates,
 * grouped aggregates, or a record listing), reads the select list, FROM, WHERE, GROUP BY, ORDER BY
 * and LIMIT, and refuses every clause outside the subset with a message quoting it. Knows no
 * schema: field types are checked when the statement is bound to a snapshot.
 *
 * <p>One compiler per statement.
 */
final class QueryCompiler {

    private static final String AGGREGATES = ResultExprCompiler.AGGREGATES;

    private final boolean template;
    private ExpressionReader reader;

    /** @param template whether the statement is a {@link StatementTemplate}, whose named parameters are its literals */
    QueryCompiler(boolean template) {
        this.template = template;
    }

    /** The template parameters the statement used, by index. */
    BitSet parameters() {
        return reader == null ? new BitSet() : reader.parameters();
    }

    CompiledStatement compile(Statement statement) {
        return switch (statement) {
            case ExplainStatement explain -> {
                if (explain.getOptions() != null && !explain.getOptions().isEmpty()) {
                    throw SqlErrors.unsupported("EXPLAIN options", explain, "write EXPLAIN followed by a query");
                }
                // JSqlParser 5.3 types the explained statement as a Select, later versions as any Statement.
                if (!(explain.getStatement() instanceof Select explained)) {
                    throw SqlErrors.unsupported("EXPLAIN of something other than a query", explain,
                            "write EXPLAIN followed by a query");
                }
                yield new CompiledStatement(select(explained), true);
            }
            case Select select -> new CompiledStatement(select(select), false);
            case Insert insert -> write(writer -> writer.insert(insert));
            case Update update -> write(writer -> writer.update(update));
            case Delete delete -> write(writer -> writer.delete(delete));
            case CreateIndex create -> CompiledStatement.of(SchemaCompiler.createIndex(create));
            case Drop drop -> CompiledStatement.of(SchemaCompiler.drop(drop));
            default -> throw SqlErrors.unsupported(statementKind(statement) + " statement", statement,
                    "big's SQL reads (" + SqlErrors.STATEMENT_SHAPES + ") and writes records (" + WriteCompiler.WRITES
                            + "); tables are made with a schema (big create, Db.createTable); " + SchemaCompiler.INDEXES);
        };
    }

    private CompiledStatement write(java.util.function.Function<WriteCompiler, WriteStatement> compile) {
        WriteCompiler writer = new WriteCompiler(template);
        try {
            return CompiledStatement.of(compile.apply(writer));
        } finally {
            reader = writer.reader();
        }
    }

    private static String statementKind(Statement statement) {
        return statement.getClass().getSimpleName().replace("Statement", "").toUpperCase(Locale.ROOT);
    }

    private Query select(Select select) {
        if (select.getWithItemsList() != null && !select.getWithItemsList().isEmpty()) {
            throw SqlErrors.unsupported("WITH", select, SqlErrors.STATEMENT_SHAPES);
        }
        if (!(select instanceof PlainSelect plain)) {
            throw SqlErrors.unsupported("set operation, VALUES or parenthesised query", select,
                    "one SELECT at a time: " + SqlErrors.STATEMENT_SHAPES);
        }
        rejectClauses(plain);
        Table table = from(plain);
        JoinCompiler joins = null;
        List<JoinQuery.Source> sources = null;
        if (plain.getJoins() != null && !plain.getJoins().isEmpty()) {
            joins = new JoinCompiler(template);
            sources = joins.sources(plain, table);
            reader = joins.reader();
        }
        Predicate where = null;
        if (plain.getWhere() != null) {
            PredicateCompiler.requireFewConnectives(plain.getWhere());
            where = new PredicateCompiler(reader).compile(plain.getWhere());
        }
        boolean aggregate = plain.getGroupBy() != null || plain.getHaving() != null
                || plain.getSelectItems().stream().anyMatch(item -> item.getExpression() instanceof Function
                        || ResultExprCompiler.holdsAggregate(item.getExpression()));
        Literal.IntLiteral limit = limit(plain);
        String tableName = table.getUnquotedName();
        if (joins != null) {
            return aggregate ? new JoinQuery(sources, new AggregateQueryCompiler(reader).compile(plain, tableName, where, limit), null)
                    : new JoinQuery(sources, null, joins.listing(plain, where, limit));
        }
        return aggregate ? new AggregateQueryCompiler(reader).compile(plain, tableName, where, limit)
                : listingQuery(plain, tableName, where, limit);
    }

    /** Clauses JSqlParser knows and big does not answer, each refused by name. */
    private static void rejectClauses(PlainSelect plain) {
        reject(plain.getDistinct() != null, "SELECT DISTINCT", plain,
                "GROUP BY keyed column lists distinct values; count(DISTINCT keyed column) counts them");
        reject(plain.getOffset() != null, "OFFSET", plain.getOffset(),
                "page with id cursors: WHERE id > last ORDER BY id LIMIT n (or id < last ... DESC)");
        reject(plain.getFetch() != null, "FETCH", plain.getFetch(), "use LIMIT n");
        reject(plain.getTop() != null || plain.getFirst() != null || plain.getSkip() != null, "TOP / FIRST / SKIP", plain,
                "use LIMIT n");
        reject(plain.getLimitBy() != null, "LIMIT BY", plain, "use LIMIT n");
        reject(plain.getQualify() != null, "QUALIFY", plain, SqlErrors.STATEMENT_SHAPES);
        reject(plain.getWindowDefinitions() != null && !plain.getWindowDefinitions().isEmpty(), "WINDOW", plain,
                SqlErrors.STATEMENT_SHAPES);
        reject(plain.getIntoTables() != null || plain.getIntoTempTable() != null, "SELECT INTO", plain,
                "big's SQL only reads");
        reject(plain.getLateralViews() != null && !plain.getLateralViews().isEmpty(), "LATERAL VIEW", plain,
                "one table per query");
        reject(plain.getForMode() != null || plain.getForUpdateTable() != null || plain.getWait() != null
                        || plain.isSkipLocked() || plain.isNoWait() || plain.getForClause() != null
                        || plain.getForXmlPath() != null || plain.getIsolation() != null,
                "FOR UPDATE / FOR ... / WITH isolation", plain, "snapshots are always consistent; leave the clause out");
        reject(plain.getOracleHierarchical() != null || plain.getPreferringClause() != null || plain.getOracleHint() != null
                        || plain.getKsqlWindow() != null || plain.isEmitChanges() || plain.getOptimizeFor() != null
                        || plain.getBigQuerySelectQualifier() != null || plain.getMySqlSqlCacheFlag() != null
                        || plain.getMySqlSqlCalcFoundRows() || plain.getMySqlHintStraightJoin() || plain.isUsingFinal()
                        || plain.isUsingOnly() || plain.isUseWithNoLog() || plain.isOracleSiblings()
                        || plain.getSampleClause() != null || plain.getPivot() != null || plain.getUnPivot() != null,
                "vendor-specific clause", plain, SqlErrors.STATEMENT_SHAPES);
    }

    private static void reject(boolean present, String what, Object fragment, String supported) {
        if (present) {
            throw SqlErrors.unsupported(what, fragment, supported);
        }
    }

    private Table from(PlainSelect plain) {
        if (plain.getFromItem() == null) {
            throw SqlErrors.unsupported("SELECT without FROM", plain, SqlErrors.STATEMENT_SHAPES);
        }
        if (!(plain.getFromItem() instanceof Table table)) {
            throw SqlErrors.unsupported("FROM something other than a table", plain.getFromItem(),
                    "FROM names one table; subqueries and table functions are not supported");
        }
        if (table.getSchemaName() != null || table.getDatabaseName() != null) {
            throw SqlErrors.unsupported("qualified table name", table, "name the table alone, without schema or database");
        }
        if (table.getPivot() != null || table.getUnPivot() != null || table.getSampleClause() != null
                || table.getIndexHint() != null || table.getSqlServerHints() != null) {
            throw SqlErrors.unsupported("table modifier", table, "FROM names one table, optionally with an alias");
        }
        Alias alias = table.getAlias();
        if (alias != null && alias.getAliasColumns() != null && !alias.getAliasColumns().isEmpty()) {
            throw SqlErrors.unsupported("column aliases on a table", table, "FROM table [AS alias]");
        }
        reader = new ExpressionReader(table.getUnquotedName(), alias == null ? null : alias.getUnquotedName(), template);
        return table;
    }

    private Literal.IntLiteral limit(PlainSelect plain) {
        Limit limit = plain.getLimit();
        if (limit == null) {
            return null;
        }
        if (limit.getOffset() != null) {
            throw SqlErrors.unsupported("OFFSET", limit, "page with id cursors: WHERE id > last ORDER BY id LIMIT n");
        }
        if (limit.getByExpressions() != null) {
            throw SqlErrors.unsupported("LIMIT form", limit, "write LIMIT n with a non-negative integer n, or leave it out");
        }
        if (!(reader.literal(limit.getRowCount()) instanceof Literal.IntLiteral count) || count.negated()) {
            throw SqlErrors.unsupported("LIMIT that is not a non-negative integer", limit, "write LIMIT n, e.g. LIMIT 50");
        }
        return count;
    }

    static String aliasOf(SelectItem<?> item) {
        Alias alias = item.getAlias();
        if (alias == null) {
            return null;
        }
        if (alias.getAliasColumns() != null && !alias.getAliasColumns().isEmpty()) {
            throw SqlErrors.unsupported("column list in an alias", item, "write expression AS name");
        }
        return alias.getUnquotedName();
    }

    // ------------------------------------------------------------------ listings

    private ListingQuery listingQuery(PlainSelect plain, String table, Predicate where, Literal.IntLiteral limit) {
        List<ListingQuery.Projection> projections = new ArrayList<>();
        for (SelectItem<?> item : plain.getSelectItems()) {
            String alias = aliasOf(item);
            Expression expression = item.getExpression();
            if (expression instanceof AllColumns all) {
                boolean plainStar = (all.getExceptColumns() == null || all.getExceptColumns().isEmpty())
                        && (all.getReplaceExpressions() == null || all.getReplaceExpressions().isEmpty());
                if (all instanceof AllTableColumns qualified) {
                    reader.column(new Column(qualified.getTable(), "id"));
                }
                if (!plainStar || alias != null) {
                    throw SqlErrors.unsupported("* with modifiers", item, "write * or a list of columns");
                }
                projections.add(new ListingQuery.AllColumns());
                continue;
            }
            ColumnRef column = reader.column(expression);
            if (column == null) {
                throw SqlErrors.unsupported("select item", item, "select *, columns (id and fields), or " + AGGREGATES);
            }
            projections.add(new ListingQuery.Column(column, alias != null ? alias : column.name()));
        }
        return new ListingQuery(table, projections, where, listingOrder(plain.getOrderByElements()),
                valueOrder(plain.getOrderByElements()), limit);
    }

    private Order listingOrder(List<OrderByElement> elements) {
        if (elements == null || elements.isEmpty()) {
            return null;
        }
        OrderByElement element = elements.getFirst();
        ColumnRef column = reader.column(element.getExpression());
        if (column == null || !column.isId() || elements.size() > 1) {
            return null;
        }
        checkOrderElement(element);
        return element.isAsc() ? Order.ASC : Order.DESC;
    }

    /** {@code ORDER BY column [, id]} for a column other than id, or null when the order is by id alone or absent. */
    private ListingQuery.ValueOrder valueOrder(List<OrderByElement> elements) {
        if (elements == null || elements.isEmpty()) {
            return null;
        }
        OrderByElement first = elements.getFirst();
        ColumnRef column = reader.column(first.getExpression());
        if (column != null && column.isId() && elements.size() == 1) {
            return null;
        }
        ColumnRef tieBreak = elements.size() == 2 ? reader.column(elements.get(1).getExpression()) : null;
        boolean shape = column != null && !column.isId() && (elements.size() == 1 || (tieBreak != null && tieBreak.isId()));
        if (!shape) {
            throw SqlErrors.unsupported("ORDER BY of records by something other than id or one column", elements.size() > 1
                    ? PlainSelect.orderByToString(elements) : first,
                    "records are listed ORDER BY id [ASC|DESC], or ORDER BY an int or timestamp column [ASC|DESC] [NULLS"
                            + " FIRST|LAST] [, id [ASC|DESC]] (a top-N listing); sort by anything else through GROUP BY");
        }
        elements.forEach(QueryCompiler::checkOrderElement);
        Order ids = tieBreak == null ? null : elements.get(1).isAsc() ? Order.ASC : Order.DESC;
        if (tieBreak != null && elements.get(1).getNullOrdering() != null) {
            throw SqlErrors.unsupported("NULLS FIRST / LAST on id", elements.get(1), "ids are never NULL: leave it out");
        }
        return new ListingQuery.ValueOrder(column, !first.isAsc(),
                first.getNullOrdering() == OrderByElement.NullOrdering.NULLS_FIRST, ids, PlainSelect.orderByToString(elements));
    }

    private static void checkOrderElement(OrderByElement element) {
        if (element.isMysqlWithRollup()) {
            throw SqlErrors.unsupported("WITH ROLLUP", element, "ORDER BY id or one column");
        }
    }
}
