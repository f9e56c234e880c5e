package dev.big.db.field;

import dev.big.db.FieldType;

/** {@code bool}: true or false, stored as rows 0 (false) and 1 (true). */
public final class BoolKind implements FieldKind {

    BoolKind() {}

    @Override
    public FieldType type() {
        return FieldType.BOOL;
    }

    @Override
    public Object normalize(Object value, ValueContext context) {
        if (!(value instanceof Boolean b)) {
            throw context.wrongType(value, "true or false");
        }
        return Boolean.valueOf(b); // the shared instance: a bulk load counts booleans as free (ChunkBudget)
    }
}
