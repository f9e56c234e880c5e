/**
 * Bitmap rows of view ROWS fragments, one row per value: a bool field's rows 0 (false) and 1
 * (true), a keyed or set field's row per dictionary id, a table's existence row. Reading whole
 * rows ({@code RowReader}); changing bits during a batch, each container once
 * ({@code RowWriter}); setting the bits of new records a container column at a time
 * ({@code RowBulkWriter}, {@code RowBits}); a record's values in a set field without set ids
 * ({@code SetRows}). A row here is always a bitmap row, never a record.
 */
package dev.big.engine.rows;
