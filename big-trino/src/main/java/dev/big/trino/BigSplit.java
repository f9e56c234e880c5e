package dev.big.trino;

import dev.big.db.Commit;
import io.trino.spi.HostAddress;
import io.trino.spi.SplitWeight;
import io.trino.spi.connector.ConnectorSplit;
import java.util.List;

/**
 * Records {@code [firstId, endId)} of one file, read at one commit: {@code file} is the file's path
 * under {@code big.data-dir}, {@code commit} the commit the coordinator pinned for the query.
 * In {@code shared} placement any node runs it; in {@code local} placement only {@code addresses}.
 */
public record BigSplit(String file, Commit commit, long firstId, long endId, long estimatedRecords, double weight,
                List<HostAddress> addresses) implements ConnectorSplit {

    public BigSplit {
        addresses = List.copyOf(addresses);
    }

    @Override
    public boolean isRemotelyAccessible() {
        return addresses.isEmpty();
    }

    @Override
    public List<HostAddress> getAddresses() {
        return addresses;
    }

    @Override
    public SplitWeight getSplitWeight() {
        return SplitWeight.fromProportion(Math.clamp(weight, 0.01, 1.0));
    }

    @Override
    public long getRetainedSizeInBytes() {
        return 160L + 2L * file.length() + 48L * addresses.size();
    }
}
