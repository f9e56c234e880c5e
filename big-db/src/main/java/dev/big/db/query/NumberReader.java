package dev.big.db.query;

import dev.big.db.catalog.FieldInfo;
import dev.big.db.field.ScalarKind;
import dev.big.engine.Txn;
import dev.big.engine.bsi.BsiReader;

/**
 * An int, timestamp or decimal field, read from its bit planes: the stored number is the int, the
 * epoch milliseconds or the unscaled decimal. {@link #read} then {@link #stored} reads one
 * without boxing.
 */
public final class NumberReader implements FieldReader {

    private final FieldInfo field;
    private final ScalarKind kind;
    private final BsiReader planes;
    private final long[] out = new long[1];

    NumberReader(Txn txn, FieldInfo field, ScalarKind kind) {
        this.field = field;
        this.kind = kind;
        this.planes = new BsiReader(txn, field.bsi());
    }

    @Override
    public FieldInfo field() {
        return field;
    }

    /** Reads record {@code id}'s number; false when it has none. {@link #stored} then gives it. */
    public boolean read(long id) {
        return id >= 0 && planes.read(id, out);
    }

    /** The number the last {@link #read} that returned true found. */
    public long stored() {
        return out[0];
    }

    /** The value a stored number stands for: Long, Instant or BigDecimal. */
    public Object valueOf(long stored) {
        return kind.value(stored);
    }

    @Override
    public boolean has(long id) {
        return id >= 0 && planes.has(id);
    }

    @Override
    public Object value(long id) {
        return read(id) ? kind.value(out[0]) : null;
    }
}
