package dev.big.db;

import java.util.Objects;

/**
 * A field of a table: its name, type and, for {@code int} fields, optional declared bounds
 * (values outside them are rejected; the lower bound also becomes the field's base offset, so a
 * field declared {@code min 1,000,000} stores {@code value - 1,000,000}).
 */
public record FieldDef(String name, FieldType type, Long min, Long max) {

    /** Names: a letter or '_' first, then letters, digits or '_'; at most 64 characters. "id" is reserved. */
    public FieldDef {
        Objects.requireNonNull(name, "field name");
        Objects.requireNonNull(type, "field type");
        Names.check("field", name);
        if (name.equalsIgnoreCase("id")) {
            throw new InvalidInputException("field name 'id' is reserved: every table has an id column (the record id)");
        }
        if ((min != null || max != null) && !type.isInteger()) {
            throw new InvalidInputException("field '" + name + "': only int and timestamp fields take min/max bounds");
        }
        if (min != null && max != null && min > max) {
            throw new InvalidInputException("field '" + name + "': min " + min + " is greater than max " + max);
        }
    }

    public static FieldDef intField(String name) {
        return new FieldDef(name, FieldType.INT, null, null);
    }

    public static FieldDef intField(String name, long min, long max) {
        return new FieldDef(name, FieldType.INT, min, max);
    }

    public static FieldDef timestamp(String name) {
        return new FieldDef(name, FieldType.TIMESTAMP, null, null);
    }

    public static FieldDef bool(String name) {
        return new FieldDef(name, FieldType.BOOL, null, null);
    }

    public static FieldDef keyed(String name) {
        return new FieldDef(name, FieldType.KEYED, null, null);
    }

    public static FieldDef set(String name) {
        return new FieldDef(name, FieldType.SET, null, null);
    }

    @Override
    public String toString() {
        return name + " " + type.label() + (min != null || max != null ? " [" + min + ", " + max + "]" : "");
    }
}
