package dev.big.db.query;

import dev.big.db.catalog.FieldInfo;
import dev.big.engine.Txn;

/** A bool field, read from its two rows: row 1 holds the records that are true, row 0 those that are false. */
public final class BoolReader implements FieldReader {

    /** What {@link #read} answers for a record without a value. */
    public static final int NULL = -1;

    private final FieldInfo field;
    private final ShardRows rows;

    BoolReader(Txn txn, FieldInfo field) {
        this.field = field;
        this.rows = new ShardRows(txn, field.fieldId());
    }

    @Override
    public FieldInfo field() {
        return field;
    }

    /** 1 when record {@code id} is true, 0 when false, {@link #NULL} when it has no value. */
    public int read(long id) {
        if (id < 0) {
            return NULL;
        }
        if (rows.contains(1, id)) {
            return 1;
        }
        return rows.contains(0, id) ? 0 : NULL;
    }

    @Override
    public boolean has(long id) {
        return read(id) != NULL;
    }

    @Override
    public Object value(long id) {
        int value = read(id);
        return value == NULL ? null : Boolean.valueOf(value == 1);
    }
}
