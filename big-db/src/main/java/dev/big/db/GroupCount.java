package dev.big.db;

/** One group of a group-by on a keyed field: the value and how many records have it. */
public record GroupCount(String key, long count) {}
