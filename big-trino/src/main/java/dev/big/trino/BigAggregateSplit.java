package dev.big.trino;

import dev.big.db.Commit;
import io.trino.spi.HostAddress;
import io.trino.spi.SplitWeight;
import io.trino.spi.connector.ConnectorSplit;
import java.util.List;

/**
 * The one split of a table handle with a {@link PushedAggregation}: every file of the table, each
 * at the commit the coordinator pinned for the query, aggregated on one node into the complete
 * answer (Trino runs no final step above it). Only made in {@code shared} placement, where any
 * node reads every file.
 */
public record BigAggregateSplit(List<Part> parts) implements ConnectorSplit {

    /** One file (its path under {@code big.data-dir}) at one commit. */
    public record Part(String file, Commit commit) {}

    public BigAggregateSplit {
        parts = List.copyOf(parts);
    }

    @Override
    public boolean isRemotelyAccessible() {
        return true;
    }

    @Override
    public List<HostAddress> getAddresses() {
        return List.of();
    }

    @Override
    public SplitWeight getSplitWeight() {
        return SplitWeight.standard();
    }

    @Override
    public long getRetainedSizeInBytes() {
        return 64L + parts.stream().mapToLong(p -> 120L + 2L * p.file().length()).sum();
    }
}
