/**
 * Benchmarks of bit-sliced integer reads on a dataset file built from the standard workload:
 * point reads, {@code count(value >= t)}, the cost of each bit plane, and counts of time windows
 * that zone maps decide.
 */
package dev.big.bench.bsi;
