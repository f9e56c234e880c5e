package dev.big.db.write;

import dev.big.db.Row;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import java.util.List;

/**
 * The changes an open transaction takes from the SQL layer of this module, bound already: tables
 * and fields as the transaction's catalog has them, values normalised as fields store them. One
 * call is one change of the transaction, applied whole or refused before anything is written (as
 * the by-name calls of {@code Transaction} are); none looks a name up again. Reached through
 * {@link ChangeAccess}; the package is not exported.
 */
public interface TransactionChanges {

    /** The schema as the transaction sees it (its own schema changes included). */
    Catalog catalog();

    /**
     * Inserts {@code records} into {@code table}: each at its {@link Row#id()}, or appended at the
     * table's next id; refused whole if one of the ids holds a record. Returns the ids, in order.
     */
    long[] insert(TableInfo table, List<Row> records);

    /**
     * Sets {@code fields[f]} to {@code values[f]} (normalised; null clears it) on every record of
     * {@code ids}, which must exist and ascend: one write per field over the whole id set.
     */
    void update(TableInfo table, long[] ids, FieldInfo[] fields, Object[] values);

    /** Removes the records of {@code ids} (ascending); returns how many of them existed. */
    long delete(TableInfo table, long[] ids);
}
