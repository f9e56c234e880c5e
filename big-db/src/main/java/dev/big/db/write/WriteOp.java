package dev.big.db.write;

import java.util.Map;

/** One record change of a batch, already checked and normalised against the schema. */
public sealed interface WriteOp {

    String table();

    long id();

    /** Replace the whole record: fields missing from {@code values} become null. */
    record Put(String table, long id, Map<String, Object> values) implements WriteOp {}

    /**
     * Create the record: as {@link Put}, but refused if the record exists (unless the same batch
     * deleted it first). What appends and SQL INSERTs write, so an insert never replaces.
     */
    record Insert(String table, long id, Map<String, Object> values) implements WriteOp {}

    /** Change one field of an existing record; a null value clears it. */
    record Patch(String table, long id, String field, Object value) implements WriteOp {}

    /** Remove the record from every field. */
    record Delete(String table, long id) implements WriteOp {}
}
