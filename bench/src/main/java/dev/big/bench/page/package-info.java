/** Benchmarks of the page layer: the xxHash3 checksum of a bitmap page, on the heap and mapped. */
package dev.big.bench.page;
