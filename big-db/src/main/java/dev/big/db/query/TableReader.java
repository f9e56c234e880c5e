package dev.big.db.query;

import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Txn;

/**
 * One table of one state, for reading records by id: whether a record exists (row 0 of the
 * table's existence field), and a {@link FieldReader} per field, bound on first use and kept.
 * Not thread-safe.
 */
public final class TableReader {

    private final Txn txn;
    private final TableInfo table;
    private final ShardRows records;

    TableReader(Txn txn, TableInfo table) {
        this.txn = txn;
        this.table = table;
        this.records = new ShardRows(txn, table.existsFieldId());
    }

    public TableInfo table() {
        return table;
    }

    /** Whether record {@code id} exists (false for a negative id). */
    public boolean exists(long id) {
        return id >= 0 && records.contains(0, id);
    }

    /** A new reader of {@code field}, a field of this table. */
    public FieldReader field(FieldInfo field) {
        if (field.tableId() != table.tableId()) {
            throw new IllegalArgumentException("field '" + field.name() + "' is not a field of table '" + table.name() + "'");
        }
        return FieldReader.of(txn, field);
    }
}
