package dev.big.db.field;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.InvalidInputException;

/**
 * How one kind of field turns the values callers hand in into what the writers store, and what is
 * stored back into values. One implementation per kind; the writers, readers and checks switch over
 * this sealed type, so the compiler names every place a new kind must be handled, and a kind whose
 * values are bit-sliced numbers ({@link ScalarKind}) is handled wherever numbers are.
 *
 * <p>Normalised values: {@code Long} for scalar kinds (the number the planes store), {@code
 * Boolean}, {@code String} for keyed fields, and for set fields a {@code String[]} of distinct
 * values in ascending order.
 */
public sealed interface FieldKind permits ScalarKind, BoolKind, KeyedKind, SetKind {

    /** The type of the public schema this kind implements. */
    FieldType type();

    /** The value as the writers take it, or an {@code InvalidInputException} naming table, field, record and value. */
    Object normalize(Object value, ValueContext context);

    /** Whether a field of this kind declares a scale (digits after the point). */
    default boolean takesScale() {
        return false;
    }

    /** Whether a field of this kind may declare min/max bounds. */
    default boolean takesBounds() {
        return false;
    }

    /** Refuses a definition of field {@code name} this kind cannot hold, saying what to change. */
    default void checkDefinition(String name, boolean bounded, int scale) {
        if (bounded && !takesBounds()) {
            throw new InvalidInputException("field '" + name + "': only int and timestamp fields take min/max bounds");
        }
        if (scale != 0 && !takesScale()) {
            throw new InvalidInputException("field '" + name + "': only decimal fields take a scale");
        }
    }

    /**
     * The kind of a field defined as {@code def}: this one, or for a kind with a parameter (a
     * decimal's scale) the instance of that parameter.
     */
    default FieldKind of(FieldDef def) {
        return this;
    }
}
