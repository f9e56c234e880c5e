package dev.big.db.sql;

import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.statement.create.index.CreateIndex;
import net.sf.jsqlparser.statement.create.table.Index;
import net.sf.jsqlparser.statement.drop.Drop;

/**
 * Compiles CREATE INDEX and DROP INDEX, DuckDB's syntax, into {@link SchemaStatement}s, refusing
 * every clause outside it by name: big keeps one kind of index, an order index of one int,
 * decimal or timestamp column, so there is no UNIQUE, no method, no second column, no expression
 * and no WHERE. Knows no schema.
 */
final class SchemaCompiler {

    static final String INDEXES = "big makes indexes with CREATE INDEX [IF NOT EXISTS] name ON table (column) and drops"
            + " them with DROP INDEX [IF EXISTS] name";

    static SchemaStatement createIndex(CreateIndex create) {
        Index index = create.getIndex();
        if (index.getType() != null) {
            throw SqlErrors.unsupported(index.getType().toUpperCase(Locale.ROOT) + " index", create,
                    "big's index is an order index of one column, never unique (the record id is the key)");
        }
        if (index.getUsing() != null) {
            throw SqlErrors.unsupported("USING " + index.getUsing(), create,
                    "big keeps one kind of index, an order index: leave USING out");
        }
        reject(create.getWhere() != null, "an index with WHERE", create, "an order index counts every value of its column");
        reject(create.isConcurrently() || create.isOnly() || create.isNullFiltered() || notEmpty(create.getIncludeColumns())
                        || notEmpty(create.getTailParameters()) || create.getTableSpace() != null
                        || notEmpty(create.getStorageParameters()) || create.getNullsDistinct() != null
                        || index.getIndexSpec() != null || index.getCommentText() != null,
                "CREATE INDEX option", create, INDEXES);
        if (index.getName() == null) {
            throw SqlErrors.unsupported("CREATE INDEX without a name", create, INDEXES + ": name the index, as DuckDB asks");
        }
        reject(index.getNameParts().size() > 1 || create.getTable().getSchemaName() != null
                        || create.getTable().getDatabaseName() != null, "a qualified name", create,
                "a big file has one schema: name the index and the table alone");
        List<Index.ColumnParams> columns = index.getColumns();
        reject(columns == null || columns.size() != 1, "an index of " + (columns == null ? 0 : columns.size()) + " columns",
                create, "an order index orders the values of one column: CREATE INDEX name ON table (column)");
        Index.ColumnParams column = columns.getFirst();
        if (notEmpty(column.getParams())) {
            throw SqlErrors.unsupported(String.join(" ", column.getParams()), create,
                    "an order index serves both directions: leave ASC, DESC and such out");
        }
        String columnName = column.getColumnName().strip();
        reject(!isName(columnName), "an index of an expression", create,
                "an order index orders the values of one column: CREATE INDEX name ON table (column)");
        return new SchemaStatement.CreateIndex(unquote(index.getName()), create.getTable().getUnquotedName(),
                unquote(columnName), create.isUsingIfNotExists(), create.toString());
    }

    static SchemaStatement drop(Drop drop) {
        if (!"INDEX".equalsIgnoreCase(drop.getType())) {
            throw SqlErrors.unsupported("DROP " + drop.getType() + " statement", drop, "tables are made with a schema (big"
                    + " create, Db.createTable) and dropped with Db.dropTable, fields with Db.dropField; " + INDEXES);
        }
        reject(drop.getNames() != null && drop.getNames().size() > 1, "DROP INDEX of several indexes", drop,
                "drop one index per statement");
        reject(notEmpty(drop.getParameters()) || !drop.getTypeToParameters().isEmpty() || drop.isUsingTemporary()
                || drop.isMaterialized(), "DROP INDEX option", drop, INDEXES);
        reject(drop.getName().getSchemaName() != null || drop.getName().getDatabaseName() != null, "a qualified name", drop,
                "a big file has one schema: name the index alone");
        return new SchemaStatement.DropIndex(drop.getName().getUnquotedName(), drop.isIfExists(), drop.toString());
    }

    private static boolean isName(String text) {
        return text.matches("\"([^\"]|\"\")+\"|[A-Za-z_][A-Za-z0-9_$]*");
    }

    private static String unquote(String name) {
        return name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")
                ? name.substring(1, name.length() - 1).replace("\"\"", "\"") : name;
    }

    private static boolean notEmpty(List<?> list) {
        return list != null && !list.isEmpty();
    }

    private static void reject(boolean present, String what, Object fragment, String supported) {
        if (present) {
            throw SqlErrors.unsupported(what, fragment, supported);
        }
    }

    private SchemaCompiler() {}
}
