package dev.big.db.sql;

import dev.big.db.Transaction;
import dev.big.db.catalog.Catalog;
import dev.big.db.write.ChangeAccess;
import java.util.List;

/**
 * Binds a {@link SchemaStatement} to the schema the transaction sees and runs it as one change of
 * the transaction ({@link Transaction#createOrderIndex}, {@link Transaction#dropOrderIndex}). The
 * answer is one row, {@code count} 0: no record is written.
 *
 * <p>Names: an index has a name unique in the database (in any case, as SQL names match), kept in
 * the catalog with its field, and a field keeps at most one index, so a second index of a column
 * is refused where DuckDB would make it. IF NOT EXISTS and IF EXISTS ask about the name, as in
 * DuckDB.
 */
final class SchemaRunner {

    static SqlResult run(Transaction transaction, SchemaStatement statement) {
        Catalog catalog = ChangeAccess.of(transaction).catalog();
        switch (statement) {
            case SchemaStatement.CreateIndex create -> {
                var existing = catalog.orderIndex(create.name());
                if (existing.isPresent()) {
                    if (create.ifNotExists()) {
                        return SqlResult.ofCount(0);
                    }
                    throw SqlErrors.invalid("an index named '" + existing.get().field().orderIndexName() + "' exists already (on "
                            + existing.get().table().name() + "." + existing.get().field().name() + ")", create.sql());
                }
                TableBinding table = TableBinding.of(catalog, create.table());
                TableBinding.BoundColumn column = table.column(new ColumnRef(create.column(), create.sql()));
                if (column.isId()) {
                    throw SqlErrors.invalid("id needs no index: a record is found by its id directly", create.sql());
                }
                if (column.scalarKind() == null) {
                    throw SqlErrors.invalid(column.name() + " is " + column.typeLabel() + ": only int, decimal and timestamp"
                            + " columns take an index (big's index is an order index of a number column)", create.sql());
                }
                transaction.createOrderIndex(table.name(), column.name(), create.name());
            }
            case SchemaStatement.DropIndex drop -> {
                var existing = catalog.orderIndex(drop.name());
                if (existing.isEmpty()) {
                    if (drop.ifExists()) {
                        return SqlResult.ofCount(0);
                    }
                    List<String> names = catalog.orderIndexes().stream().map(i -> i.field().orderIndexName()).toList();
                    throw SqlErrors.invalid("no index '" + drop.name() + "'" + (names.isEmpty() ? " (the database has no indexes)"
                            : " (indexes: " + String.join(", ", names) + ")"), drop.sql());
                }
                transaction.dropOrderIndex(existing.get().table().name(), existing.get().field().name());
            }
        }
        return SqlResult.ofCount(0);
    }

    private SchemaRunner() {}
}
