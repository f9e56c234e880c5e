/**
 * The standard workload: seeded, streaming generators of event records and the id layouts
 * (dense, sparse over 64 or 512 shards) that every benchmark and comparison loads.
 */
package dev.big.workload;
