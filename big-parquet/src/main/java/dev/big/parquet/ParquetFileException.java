package dev.big.parquet;

/**
 * A Parquet file that cannot be read or written as asked: the message names the file and says what
 * is wrong with it (not Parquet, truncated, a column of a kind big cannot hold, a corrupt page),
 * and where it is known, the row group and column.
 */
public final class ParquetFileException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ParquetFileException(String message) {
        super(message);
    }

    public ParquetFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
