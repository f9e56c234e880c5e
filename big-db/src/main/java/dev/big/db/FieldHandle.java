package dev.big.db;

import dev.big.db.query.FieldReader;

/**
 * One field of a {@link TableHandle}, bound to it: pass it to the table handle's getters. It
 * carries the field's readers (bit planes, rows, dictionary), so a read through it looks nothing up
 * and checks nothing but the record id. Belongs to its table handle, and so to its snapshot.
 */
public final class FieldHandle {

    private final TableHandle table;
    private final FieldDef def;
    private final FieldReader reader;

    FieldHandle(TableHandle table, FieldReader reader) {
        this.table = table;
        this.def = reader.field().def();
        this.reader = reader;
    }

    /** The field's name. */
    public String name() {
        return def.name();
    }

    /** The field's type. */
    public FieldType type() {
        return def.type();
    }

    /** The field's definition. */
    public FieldDef def() {
        return def;
    }

    /** The table handle this field belongs to. */
    public TableHandle table() {
        return table;
    }

    FieldReader reader() {
        return reader;
    }

    @Override
    public String toString() {
        return table.name() + "." + def.name() + " (" + def.type().label() + ")";
    }
}
