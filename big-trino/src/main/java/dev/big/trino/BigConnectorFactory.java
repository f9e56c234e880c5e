package dev.big.trino;

import io.trino.spi.connector.Connector;
import io.trino.spi.connector.ConnectorContext;
import io.trino.spi.connector.ConnectorFactory;
import java.util.Map;

/** Makes a {@link BigConnector} from a catalog file's properties (see {@link BigConfig}). */
public final class BigConnectorFactory implements ConnectorFactory {

    @Override
    public String getName() {
        return "big";
    }

    @Override
    public Connector create(String catalogName, Map<String, String> config, ConnectorContext context) {
        return new BigConnector(BigConfig.of(catalogName, config), context);
    }
}
