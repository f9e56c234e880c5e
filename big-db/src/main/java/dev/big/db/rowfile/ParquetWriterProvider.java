package dev.big.db.rowfile;

import dev.big.db.sql.ColumnType;
import java.io.OutputStream;
import java.util.List;

/**
 * Makes Parquet writers: a service ({@link java.util.ServiceLoader}) that the module big-parquet
 * provides, so that big-db, which Parquet's libraries would more than double in size, needs none
 * of them. {@link RowFiles} finds the provider when it first writes Parquet; without big-parquet on
 * the class path (or module path) that write is refused, saying what to add.
 */
public interface ParquetWriterProvider {

    /**
     * A writer of rows of {@code columns}, of the answer's {@code types}, to {@code out} as one
     * Parquet file, named {@code name} in messages. {@link AnswerWriter#finish} writes the footer and
     * leaves {@code out} open.
     */
    AnswerWriter open(OutputStream out, String name, List<String> columns, List<ColumnType> types);
}
