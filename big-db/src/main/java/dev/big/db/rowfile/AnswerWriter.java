package dev.big.db.rowfile;

import java.util.List;

/**
 * Writes rows of one answer to a stream in one format ({@link RowFormat}). It is made knowing the
 * columns (a CSV writer writes its header then), takes the rows one at a time as a cursor gives
 * them, and holds none of them, so a file of any size is written in bounded memory.
 */
public interface AnswerWriter {

    /** One row: a value (or null) per column, in order, of the Java types {@code SqlResult} lists. */
    void write(List<?> row);

    /**
     * Writes what ends the file (Parquet's footer; nothing for CSV and JSON Lines) and flushes it
     * to the stream, which stays open.
     */
    void finish();
}
