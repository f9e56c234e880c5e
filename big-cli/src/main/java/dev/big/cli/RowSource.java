package dev.big.cli;

import dev.big.db.Row;

/**
 * The rows of one input file, read and converted to records of a table one at a time, so a load
 * holds one row in memory, not the file.
 */
interface RowSource extends AutoCloseable {

    /** A row ready to write: where it came from and the record (with its id when the input gave one). */
    record Located(RowPosition position, Row record) {}

    /**
     * The next row, or null at the end of the input. A row that cannot be loaded throws
     * {@link BadRowException}; reading continues with the following row if the exception is
     * {@linkplain BadRowException#skippable() skippable}.
     */
    Located next();

    /** The input's columns (or keys) that name no field and were skipped (--ignore-unknown), so far. */
    default java.util.List<String> ignored() {
        return java.util.List.of();
    }

    /** Bytes of the input file consumed so far, for progress. */
    long bytesRead();

    @Override
    void close();
}
