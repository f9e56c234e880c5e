package dev.big.db.sql;

import java.util.ArrayList;
import java.util.List;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.ParenthesedExpressionList;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.statement.update.UpdateSet;

/**
 * Compiles INSERT, UPDATE and DELETE into {@link WriteStatement}s, refusing every clause outside
 * the subset by name: {@code INSERT INTO t [(columns)] VALUES (...), ...} with literals or
 * parameters, {@code UPDATE t SET f = literal[, ...] [WHERE p]}, {@code DELETE FROM t [WHERE p]},
 * with WHERE as in a SELECT. Knows no schema. One compiler per statement.
 */
final class WriteCompiler {

    static final String WRITES = "big writes with INSERT INTO t [(columns)] VALUES (...), ...; UPDATE t SET f = value[, ...]"
            + " [WHERE ...]; DELETE FROM t [WHERE ...]";

    private final boolean template;
    private ExpressionReader reader;

    WriteCompiler(boolean template) {
        this.template = template;
    }

    /** The reader of the statement's leaves, once a table was read: it knows the parameters used. */
    ExpressionReader reader() {
        return reader;
    }

    WriteStatement insert(Insert insert) {
        reject(insert.getWithItemsList() != null && !insert.getWithItemsList().isEmpty(), "WITH", insert);
        reject(insert.getSelect() != null && !(insert.getSelect() instanceof net.sf.jsqlparser.statement.select.Values),
                "INSERT ... SELECT", insert);
        reject(notEmpty(insert.getSetUpdateSets()) || notEmpty(insert.getDuplicateUpdateSets()) || insert.getConflictAction() != null
                        || insert.getConflictTarget() != null || insert.getReturningClause() != null
                        || insert.getOutputClause() != null || insert.isModifierIgnore() || insert.isOverwrite()
                        || insert.isOracleMultiInsert() || insert.isOnlyDefaultValues()
                        || insert.getModifierPriority() != null,
                "INSERT modifier (SET, ON CONFLICT, ON DUPLICATE KEY, RETURNING, IGNORE, DEFAULT VALUES)", insert);
        table(insert.getTable());
        if (insert.getValues() == null) {
            throw SqlErrors.unsupported("INSERT without VALUES", insert, WRITES);
        }
        List<ColumnRef> columns = null;
        if (insert.getColumns() != null) {
            columns = new ArrayList<>();
            for (Column column : insert.getColumns()) {
                columns.add(reader.column(column));
            }
        }
        List<List<Literal>> rows = new ArrayList<>();
        ExpressionList<?> values = insert.getValues().getExpressions();
        if (values instanceof ParenthesedExpressionList<?>) {
            rows.add(row(values, insert));
        } else {
            for (Expression row : values) {
                if (!(row instanceof ParenthesedExpressionList<?> tuple)) {
                    throw SqlErrors.unsupported("VALUES row that is not in parentheses", row, "write VALUES (a, b), (c, d)");
                }
                rows.add(row(tuple, insert));
            }
        }
        return new WriteStatement.Insert(insert.getTable().getUnquotedName(), columns, rows, insert.toString());
    }

    private List<Literal> row(ExpressionList<?> values, Insert insert) {
        List<Literal> row = new ArrayList<>(values.size());
        for (Expression value : values) {
            row.add(literal(value));
        }
        return row;
    }

    WriteStatement update(Update update) {
        reject(update.getWithItemsList() != null && !update.getWithItemsList().isEmpty(), "WITH", update);
        reject(update.getFromItem() != null || (update.getJoins() != null && !update.getJoins().isEmpty())
                || (update.getStartJoins() != null && !update.getStartJoins().isEmpty()), "UPDATE ... FROM / JOIN", update);
        reject(update.getOrderByElements() != null || update.getLimit() != null, "UPDATE ... ORDER BY / LIMIT", update);
        reject(update.getReturningClause() != null || update.getOutputClause() != null,
                "UPDATE ... RETURNING / OUTPUT", update);
        table(update.getTable());
        List<WriteStatement.Assignment> assignments = new ArrayList<>();
        for (UpdateSet set : update.getUpdateSets()) {
            if (set.getColumns().size() != 1 || set.getValues().size() != 1) {
                throw SqlErrors.unsupported("SET of a column list", set, "write SET a = 1, b = 'x'");
            }
            ColumnRef column = reader.column(set.getColumns().get(0));
            if (column.isId()) {
                throw SqlErrors.unsupported("SET id", set, "a record's id does not change: INSERT it at the new id and"
                        + " DELETE the old one");
            }
            Expression value = set.getValues().get(0);
            assignments.add(new WriteStatement.Assignment(column, literal(value), set.toString()));
        }
        return new WriteStatement.Update(update.getTable().getUnquotedName(), assignments, where(update.getWhere()),
                update.toString());
    }

    WriteStatement delete(Delete delete) {
        reject(delete.getWithItemsList() != null && !delete.getWithItemsList().isEmpty(), "WITH", delete);
        reject((delete.getTables() != null && !delete.getTables().isEmpty())
                        || (delete.getJoins() != null && !delete.getJoins().isEmpty())
                        || (delete.getUsingFromItemList() != null && !delete.getUsingFromItemList().isEmpty()),
                "DELETE of several tables / USING / JOIN", delete);
        reject(delete.getOrderByElements() != null || delete.getLimit() != null, "DELETE ... ORDER BY / LIMIT", delete);
        reject(delete.getReturningClause() != null || delete.getOutputClause() != null, "DELETE ... RETURNING", delete);
        table(delete.getTable());
        return new WriteStatement.Delete(delete.getTable().getUnquotedName(), where(delete.getWhere()), delete.toString());
    }

    private Predicate where(Expression where) {
        if (where == null) {
            return null;
        }
        PredicateCompiler.requireFewConnectives(where);
        return new PredicateCompiler(reader).compile(where);
    }

    private void table(Table table) {
        if (table == null) {
            throw SqlErrors.unsupported("statement without a table", "", WRITES);
        }
        if (table.getSchemaName() != null || table.getDatabaseName() != null) {
            throw SqlErrors.unsupported("qualified table name", table, "name the table alone, without schema or database");
        }
        if (table.getAlias() != null) {
            throw SqlErrors.unsupported("table alias in a write", table, "name the table alone: " + WRITES);
        }
        reader = new ExpressionReader(table.getUnquotedName(), null, template);
    }

    private Literal literal(Expression value) {
        Literal literal = reader.literal(value);
        if (literal == null) {
            throw SqlErrors.unsupported("value that is not a literal or a parameter", value, "big writes constants (42,"
                    + " 12.50, 'text', TIMESTAMP '2024-01-01 00:00:00', true, NULL, ['a', 'b']) or ?; compute values in"
                    + " the application");
        }
        return literal;
    }

    private static boolean notEmpty(List<?> list) {
        return list != null && !list.isEmpty();
    }

    private static void reject(boolean present, String what, Object fragment) {
        if (present) {
            throw SqlErrors.unsupported(what, fragment, WRITES);
        }
    }
}
