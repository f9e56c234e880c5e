package dev.big.db.field;

import dev.big.db.FieldType;

/** {@code int}: a signed 64-bit integer, read back as a {@code Long}. */
final class IntKind extends ScalarKind {

    @Override
    public FieldType type() {
        return FieldType.INT;
    }

    @Override
    long stored(Object value, ValueContext context) {
        return integral(value, context);
    }

    @Override
    public boolean storesNumbersAsGiven() {
        return true;
    }

    @Override
    long constant(Object constant, String field) {
        return integerConstant(constant, field);
    }

    @Override
    public Object value(long stored) {
        return stored;
    }
}
