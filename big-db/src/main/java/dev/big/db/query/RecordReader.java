package dev.big.db.query;

import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Txn;

/**
 * Reads single records of one state: hands out a {@link TableReader} per table, whose field
 * readers are bound to their fields once, so that a record read looks nothing up by name. The
 * by-name reads of {@code Snapshot} sit on top of them.
 */
public final class RecordReader {

    private final Txn txn;
    private final Catalog catalog;

    RecordReader(QueryEngine engine, Txn txn, Catalog catalog) {
        this.txn = txn;
        this.catalog = catalog;
    }

    /** A reader of table {@code name}, or an {@code InvalidInputException} naming the tables there are. */
    public TableReader table(String name) {
        return table(catalog.table(name));
    }

    /** A reader of {@code table}, a table of this state's catalog (as a binder found it). */
    public TableReader table(TableInfo table) {
        return new TableReader(txn, table);
    }
}
