package dev.big.db.rowfile;

import dev.big.page.BigException;

/**
 * A file of rows (COPY's, an export's) cannot be created where it was asked for: its directory
 * does not exist or cannot be written, the path is a directory, or Parquet was asked for without
 * big-parquet. Thrown before a row is written, and nothing is left behind.
 */
public final class RowFileException extends BigException {

    /** An error whose message says what, where and what to do. */
    public RowFileException(String message) {
        super(message);
    }

    /** As {@link #RowFileException(String)}, with the I/O error behind it. */
    public RowFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
