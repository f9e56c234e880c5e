/**
 * Load races: {@code big load} of a generated flights-like CSV file against DuckDB's
 * {@code read_csv} of the same file, each a whole command in a fresh JVM.
 */
package dev.big.bench.load;
