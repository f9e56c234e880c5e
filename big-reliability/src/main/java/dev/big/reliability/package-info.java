/**
 * The reliability battery (docs/reliability.md): one battery per promise (crash safety, failing
 * disks, bit rot, hostile files, bad input, concurrency, lifecycle, many processes, writer
 * ownership), each run from a seed that replays it; fast in the test run, long in
 * {@code ./big torture}.
 */
package dev.big.reliability;
