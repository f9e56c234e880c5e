package dev.big.db;

import java.time.Instant;
import java.util.List;

/**
 * One group of {@link Snapshot#timeGroups}: the start of its unit ({@code null} for the records
 * without a timestamp), its records, and the aggregate of each value field asked for, in order.
 */
public record TimeGroup(Instant start, long records, List<Aggregate> aggregates) {

    public TimeGroup {
        aggregates = List.copyOf(aggregates);
    }
}
