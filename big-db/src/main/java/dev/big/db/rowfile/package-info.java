/**
 * Query answers written to files: CSV, JSON Lines and Parquet (Parquet through the module
 * big-parquet, found at run time), what SQL's {@code COPY ... TO} and {@code big export --format}
 * call ({@code RowFiles}); one answer row at a time, and a file whole or not at all. Also the text
 * forms of answer values ({@code ValueText}, {@code SetText}) that the CLI prints too. The rows
 * here are the rows of an answer, not the engine's bitmap rows.
 */
package dev.big.db.rowfile;
