/** Benchmarks, the benchmark campaign and comparisons with other engines. */
package dev.big.bench;
