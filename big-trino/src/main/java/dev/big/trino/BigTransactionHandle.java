package dev.big.trino;

import io.trino.spi.connector.ConnectorTransactionHandle;
import java.util.UUID;

/** One Trino transaction (a query, in auto-commit): the commits it pinned are released when it ends. */
public record BigTransactionHandle(UUID uuid) implements ConnectorTransactionHandle {}
