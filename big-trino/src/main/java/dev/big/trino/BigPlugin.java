package dev.big.trino;

import io.trino.spi.Plugin;
import io.trino.spi.connector.ConnectorFactory;
import java.util.List;

/** The big plugin: one connector, {@code connector.name=big}. Trino finds it through META-INF/services. */
public final class BigPlugin implements Plugin {

    @Override
    public Iterable<ConnectorFactory> getConnectorFactories() {
        return List.of(new BigConnectorFactory());
    }
}
