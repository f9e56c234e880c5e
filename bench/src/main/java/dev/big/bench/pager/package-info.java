/** Benchmarks of the pager layer: bitmap page verification with and without the checksum memo. */
package dev.big.bench.pager;
