package dev.big.trino;

import io.trino.spi.connector.Connector;
import io.trino.spi.connector.ConnectorContext;
import io.trino.spi.connector.ConnectorMetadata;
import io.trino.spi.connector.ConnectorPageSourceProvider;
import io.trino.spi.connector.ConnectorSession;
import io.trino.spi.connector.ConnectorSplitManager;
import io.trino.spi.connector.ConnectorTransactionHandle;
import io.trino.spi.session.PropertyMetadata;
import io.trino.spi.transaction.IsolationLevel;
import java.util.List;
import java.util.UUID;

/**
 * A big catalog: read-only, one transaction per query. A transaction's end (commit or rollback,
 * which Trino calls on the coordinator whether the query finished, failed or was cancelled)
 * releases the commits its splits were planned on ({@link CommitPins}).
 */
final class BigConnector implements Connector {

    private final OpenFiles files;
    private final CommitPins pins = new CommitPins();
    private final BigMetadata metadata;
    private final BigSplitManager splits;
    private final BigPageSourceProvider pages;
    private final List<PropertyMetadata<?>> sessionProperties;

    BigConnector(BigConfig config, ConnectorContext context) {
        this.files = new OpenFiles(config.dataDir());
        BigFileSet fileSet = new BigFileSet(config, files, context.getNodeManager());
        this.metadata = new BigMetadata(new BigTables(fileSet), config);
        this.sessionProperties = BigMetadata.sessionProperties(config);
        this.splits = new BigSplitManager(fileSet, pins);
        this.pages = new BigPageSourceProvider(files, context.getCurrentNode());
    }

    @Override
    public ConnectorTransactionHandle beginTransaction(IsolationLevel isolationLevel, boolean readOnly, boolean autoCommit) {
        return new BigTransactionHandle(UUID.randomUUID());
    }

    @Override
    public ConnectorMetadata getMetadata(ConnectorSession session, ConnectorTransactionHandle transactionHandle) {
        return metadata;
    }

    @Override
    public List<PropertyMetadata<?>> getSessionProperties() {
        return sessionProperties;
    }

    @Override
    public ConnectorSplitManager getSplitManager() {
        return splits;
    }

    @Override
    public ConnectorPageSourceProvider getPageSourceProvider() {
        return pages;
    }

    @Override
    public void commit(ConnectorTransactionHandle transactionHandle) {
        pins.release((BigTransactionHandle) transactionHandle);
    }

    @Override
    public void rollback(ConnectorTransactionHandle transactionHandle) {
        pins.release((BigTransactionHandle) transactionHandle);
    }

    /** How many transactions still hold pinned commits (0 once every query has ended). */
    int openPins() {
        return pins.openTransactions();
    }

    @Override
    public void shutdown() {
        pins.releaseAll();
        files.close();
    }
}
