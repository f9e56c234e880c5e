/**
 * The benchmark campaign, {@code ./big bench}: loads the standard workload into big and each peer
 * engine, checks every engine's answers against a brute-force reference, measures each phase in
 * JVMs of its own, and writes {@code REPORT.md}, whose verdicts are computed from the numbers;
 * {@code --check} gates a run against {@code bench/baseline.json}.
 */
package dev.big.bench.campaign;
