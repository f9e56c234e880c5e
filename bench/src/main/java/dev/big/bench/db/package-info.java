/**
 * Benchmarks of big's user API on the standard table (typed snapshot reads and counts), the
 * standard table itself, and {@code LoadRun}, a command-line load measurement.
 */
package dev.big.bench.db;
