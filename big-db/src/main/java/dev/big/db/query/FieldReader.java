package dev.big.db.query;

import dev.big.db.catalog.FieldInfo;
import dev.big.db.field.BoolKind;
import dev.big.db.field.KeyedKind;
import dev.big.db.field.ScalarKind;
import dev.big.db.field.SetKind;
import dev.big.engine.Txn;

/**
 * One field of one table, read record by record at one state, bound once: the readers it needs
 * (bit planes, rows, dictionary) are made when it is, so a read looks nothing up by name and
 * checks nothing but the id. One implementation per way a kind stores its values.
 *
 * <p>A field's bits belong to records of its table only (a delete clears them, and {@code check}
 * verifies it), so a value read needs no look at the table's existence row: a record that does not
 * exist, or a negative id, has no value. Not thread-safe: readers reuse buffers.
 */
public sealed interface FieldReader permits NumberReader, BoolReader, KeyedReader, SetReader {

    /** The field as the snapshot's catalog has it. */
    FieldInfo field();

    /** Whether record {@code id} has a value of this field (false when there is no such record). */
    boolean has(long id);

    /**
     * The value of record {@code id} as a record read gives it: Long, Instant, BigDecimal, Boolean,
     * String or a sorted Set of String; null when there is none.
     */
    Object value(long id);

    /** The reader of {@code field} at {@code txn}'s state. */
    static FieldReader of(Txn txn, FieldInfo field) {
        return switch (field.kind()) {
            case ScalarKind scalar -> new NumberReader(txn, field, scalar);
            case BoolKind ignored -> new BoolReader(txn, field);
            case KeyedKind ignored -> new KeyedReader(txn, field);
            case SetKind ignored -> new SetReader(txn, field);
        };
    }
}
