package dev.big.db;

/** One group of a group-by on a keyed field with an aggregate of another field. */
public record GroupAggregate(String key, long rows, Aggregate aggregate) {}
