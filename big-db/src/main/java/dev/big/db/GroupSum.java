package dev.big.db;

/** One group of a group-by on a keyed field with the count and sum of another field. */
public record GroupSum(String key, long rows, Sum sum) {}
