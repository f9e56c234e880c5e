/**
 * Benchmarks of the engine layer: point lookups, multi-key lookups and scans of one warm fragment
 * tree in a memory-mapped file, with and without the verified-checksum memo.
 */
package dev.big.bench.engine;
