package dev.big.db.sql;

import dev.big.db.rowfile.RowFileOptions;
import dev.big.db.rowfile.RowFormat;

/**
 * A {@code COPY ... TO 'file'} read by {@link CopyParser}: the query whose answer is written (for
 * {@code COPY table}, {@code SELECT * FROM table}), the file as written, the format (named, or
 * chosen by the file's extension) and the CSV options. The query is compiled as any query, when
 * it runs ({@link CopyRunner}).
 */
record CopyStatement(String query, String file, RowFormat format, RowFileOptions options) {}
