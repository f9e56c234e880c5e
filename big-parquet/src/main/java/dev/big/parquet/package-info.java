/**
 * Parquet files in and out, in a module of its own so big-db carries none of Parquet's
 * libraries: {@code ParquetRowReader} reads a file's rows for {@code big load},
 * {@code ParquetRowWriter} writes rows, and {@code ParquetAnswerWriters} is the service big-db
 * finds to write a query's answer as Parquet. The rows here are a Parquet file's rows.
 */
package dev.big.parquet;
