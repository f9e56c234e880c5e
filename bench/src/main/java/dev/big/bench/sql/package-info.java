/** Benchmarks of big's SQL: {@code Db.sql} of every query shape the campaign measures. */
package dev.big.bench.sql;
