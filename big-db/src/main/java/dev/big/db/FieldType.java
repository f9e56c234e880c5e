package dev.big.db;

import dev.big.db.field.FieldKind;
import dev.big.db.field.FieldKinds;
import dev.big.db.field.KeyedKind;
import dev.big.db.field.ScalarKind;
import dev.big.db.field.SetKind;
import java.util.Locale;

/** The kinds of field a table can have, and how each is stored. */
public enum FieldType {
    /** A signed 64-bit integer, stored as bit planes (BSI); optionally with declared bounds. */
    INT("int"),
    /** A point in time with millisecond precision (epoch millis), stored as bit planes. */
    TIMESTAMP("timestamp"),
    /** An exact fixed-point number with a declared scale (SQL's DECIMAL(18, scale)), stored unscaled as bit planes. */
    DECIMAL("decimal"),
    /** true or false: one row of bits each. */
    BOOL("bool"),
    /** One string per record, from a dictionary; a row of bits per distinct value. */
    KEYED("keyed"),
    /** Several strings per record, from a dictionary; a row of bits per distinct value. */
    SET("set");

    private final String label;

    FieldType(String label) {
        this.label = label;
    }

    /** The name used in schemas and messages ("int", "timestamp", ...). */
    public String label() {
        return label;
    }

    /** The type named {@code label}, or null. */
    public static FieldType ofLabel(String label) {
        for (FieldType type : values()) {
            if (type.label.equals(label.toLowerCase(Locale.ROOT))) {
                return type;
            }
        }
        return null;
    }

    /** Whether values are numbers stored as bit planes (int, timestamp, decimal: compared and ranged as such). */
    public boolean isInteger() {
        return FieldKinds.of(this) instanceof ScalarKind;
    }

    /** Whether values are strings from a dictionary. */
    public boolean hasDictionary() {
        FieldKind kind = FieldKinds.of(this);
        return kind instanceof KeyedKind || kind instanceof SetKind;
    }
}
