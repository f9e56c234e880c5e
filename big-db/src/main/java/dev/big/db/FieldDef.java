package dev.big.db;

import dev.big.db.field.FieldKinds;
import dev.big.db.field.ScalarKind;
import java.util.Objects;

/**
 * A field of a table: its name, type and, for {@code int} and {@code timestamp} fields, optional
 * declared bounds (values outside them are rejected; the lower bound also becomes the field's base
 * offset, so a field declared {@code min 1,000,000} stores {@code value - 1,000,000}), and for
 * {@code decimal} fields the scale: the number of digits after the point (0 for other types).
 *
 * <p>{@code orderIndex}: an int, decimal or timestamp field may keep an order index, a counted
 * tree of its values that answers unfiltered range counts, ranks and quantiles in a few page
 * visits (opt-in, since a near-unique field pays bytes for it; see docs/architecture.md).
 */
public record FieldDef(String name, FieldType type, Long min, Long max, int scale, boolean orderIndex) {

    /** Names: a letter or '_' first, then letters, digits or '_'; at most 64 characters. "id" is reserved. */
    public FieldDef {
        Objects.requireNonNull(name, "field name");
        Objects.requireNonNull(type, "field type");
        Names.check("field", name);
        if (name.equalsIgnoreCase("id")) {
            throw new InvalidInputException("field name 'id' is reserved: every table has an id column (the record id)");
        }
        FieldKinds.of(type).checkDefinition(name, min != null || max != null, scale);
        if (orderIndex && !(FieldKinds.of(type) instanceof ScalarKind)) {
            throw new InvalidInputException("field '" + name + "': only int, decimal and timestamp fields take an order"
                    + " index (it orders numbers)");
        }
        if (min != null && max != null && min > max) {
            throw new InvalidInputException("field '" + name + "': min " + min + " is greater than max " + max);
        }
    }

    /** A field without an order index. */
    public FieldDef(String name, FieldType type, Long min, Long max, int scale) {
        this(name, type, min, max, scale, false);
    }

    /** A field without a scale (any type but decimal) and without an order index. */
    public FieldDef(String name, FieldType type, Long min, Long max) {
        this(name, type, min, max, 0);
    }

    /** This field with an order index (int, decimal and timestamp fields). */
    public FieldDef withOrderIndex() {
        return new FieldDef(name, type, min, max, scale, true);
    }

    /** An {@code int} field: signed 64-bit integers. */
    public static FieldDef intField(String name) {
        return new FieldDef(name, FieldType.INT, null, null);
    }

    /** An {@code int} field whose values must lie in {@code [min, max]} (narrower bounds store fewer bit planes). */
    public static FieldDef intField(String name, long min, long max) {
        return new FieldDef(name, FieldType.INT, min, max);
    }

    /** A {@code timestamp} field: instants in epoch milliseconds. */
    public static FieldDef timestamp(String name) {
        return new FieldDef(name, FieldType.TIMESTAMP, null, null);
    }

    /** An exact fixed-point number with {@code scale} digits after the point (0 to 18), as SQL's DECIMAL(18, scale). */
    public static FieldDef decimal(String name, int scale) {
        return new FieldDef(name, FieldType.DECIMAL, null, null, scale);
    }

    /** A {@code bool} field. */
    public static FieldDef bool(String name) {
        return new FieldDef(name, FieldType.BOOL, null, null);
    }

    /** A {@code keyed} field: one string per record, stored by dictionary. */
    public static FieldDef keyed(String name) {
        return new FieldDef(name, FieldType.KEYED, null, null);
    }

    /** A {@code set} field: several strings per record. */
    public static FieldDef set(String name) {
        return new FieldDef(name, FieldType.SET, null, null);
    }

    @Override
    public String toString() {
        return name + " " + type.label() + (FieldKinds.of(type).takesScale() ? "(" + scale + ")" : "") + (min != null || max != null ? " [" + min + ", " + max + "]" : "")
                + (orderIndex ? " order index" : "");
    }
}
