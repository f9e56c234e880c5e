/**
 * The write path behind {@code Db}: a record's values checked and normalised against its table
 * ({@code ValueNormalizer}); a batch's changes folded per record ({@code BatchChanges}) and
 * applied in one write transaction ({@code BatchWriter}): new records a container column at a
 * time from typed column buffers ({@code NewRecordWriter}, {@code RecordColumns}), changes to
 * records that may hold values field by field ({@code FieldChangeWriter}). Bits are written
 * through the engine's {@code rows}, {@code bsi} and {@code dict}; nothing here walks a tree.
 */
package dev.big.db.write;
