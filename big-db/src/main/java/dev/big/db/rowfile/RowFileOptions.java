package dev.big.db.rowfile;

/**
 * How a CSV file is written: with a header row or not, and the character between cells (COPY's
 * {@code HEADER} and {@code DELIMITER}). JSON Lines and Parquet have neither.
 *
 * @param header whether the first line names the columns
 * @param delimiter the character between cells
 */
public record RowFileOptions(boolean header, char delimiter) {

    /** A header row and commas, as DuckDB's COPY writes CSV by default. */
    public static final RowFileOptions DEFAULT = new RowFileOptions(true, ',');

    /** Refuses a delimiter that a CSV reader could not tell from a quote or a line end. */
    public RowFileOptions {
        if (delimiter == '"' || delimiter == '\n' || delimiter == '\r') {
            throw new IllegalArgumentException("the CSV delimiter cannot be a quote or a line break");
        }
    }
}
