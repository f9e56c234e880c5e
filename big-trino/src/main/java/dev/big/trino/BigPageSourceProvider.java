package dev.big.trino;

import io.trino.spi.Node;
import io.trino.spi.TrinoException;
import io.trino.spi.connector.ColumnHandle;
import io.trino.spi.connector.ConnectorPageSource;
import io.trino.spi.connector.ConnectorPageSourceProvider;
import io.trino.spi.connector.ConnectorSession;
import io.trino.spi.connector.ConnectorSplit;
import io.trino.spi.connector.ConnectorTableCredentials;
import io.trino.spi.connector.ConnectorTableHandle;
import io.trino.spi.connector.ConnectorTransactionHandle;
import io.trino.spi.connector.DynamicFilter;
import io.trino.spi.connector.MemoryContext;
import java.util.List;
import java.util.Optional;

import static io.trino.spi.StandardErrorCode.GENERIC_INTERNAL_ERROR;

/**
 * Opens a {@link BigPageSource} for a split, or an {@link AggregatePageSource} for the one split of a
 * pushed aggregation, on the node that runs it, and notes where it ran ({@link SplitRuns}).
 */
final class BigPageSourceProvider implements ConnectorPageSourceProvider {

    private final OpenFiles files;
    private final Node node;

    BigPageSourceProvider(OpenFiles files, Node node) {
        this.files = files;
        this.node = node;
    }

    @Override
    public ConnectorPageSource createPageSource(ConnectorTransactionHandle transaction, ConnectorSession session, ConnectorSplit split,
            ConnectorTableHandle table, Optional<ConnectorTableCredentials> tableCredentials, List<ColumnHandle> columns,
            DynamicFilter dynamicFilter, MemoryContext memoryContext) {
        if (split instanceof BigAggregateSplit aggregate) {
            for (BigAggregateSplit.Part part : aggregate.parts()) {
                noteRun(session, part.file(), 0, Long.MAX_VALUE, part.commit().txid(), true);
            }
            return new AggregatePageSource(files, aggregate, (BigTableHandle) table, columns);
        }
        BigSplit bigSplit = (BigSplit) split;
        noteRun(session, bigSplit.file(), bigSplit.firstId(), bigSplit.endId(), bigSplit.commit().txid(), bigSplit.isRemotelyAccessible());
        try {
            return new BigPageSource(files.db(bigSplit.file()), bigSplit, (BigTableHandle) table,
                    columns.stream().map(BigColumnHandle.class::cast).toList());
        } catch (TrinoException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new TrinoException(GENERIC_INTERNAL_ERROR, "opening big file " + bigSplit.file() + " at commit "
                    + bigSplit.commit().txid() + " failed: " + e.getMessage(), e);
        }
    }

    private void noteRun(ConnectorSession session, String file, long firstId, long endId, long txid, boolean remotelyAccessible) {
        SplitRuns.add(new SplitRuns.Run(session.getQueryId(), file, firstId, endId, txid, node.getNodeIdentifier(),
                node.getHostAndPort().toString(), remotelyAccessible));
    }
}
