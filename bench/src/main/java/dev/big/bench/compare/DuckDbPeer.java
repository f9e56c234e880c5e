package dev.big.bench.compare;

import dev.big.workload.Event;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * DuckDB, embedded, with its database file in a directory of its own. Loads through DuckDB's
 * appender (its fastest way in from Java), flushing, and so committing, every batch.
 *
 * <p>{@code id} is the primary key, as a DuckDB user with point reads by id would declare it; the
 * other columns rely on DuckDB's own min/max zone maps. A load ends with a checkpoint, so the
 * size on disk is the table's, not a write-ahead log's.
 */
public final class DuckDbPeer extends JdbcPeer {

    static final String FILE_NAME = "events.duckdb";

    private DuckDbPeer(Path dir, Connection connection) {
        super("duckdb", dir, connection);
    }

    /** An empty database in {@code dir}, which must be empty or missing. */
    public static DuckDbPeer create(Path dir) throws Exception {
        return create(dir, () -> connect(dir), List.of("CREATE TABLE events (id BIGINT PRIMARY KEY, value BIGINT,"
                + " type VARCHAR, verified BOOLEAN, received_at BIGINT, size BIGINT, tags VARCHAR)"),
                connection -> new DuckDbPeer(dir, connection));
    }

    /** The database an earlier {@link #load} left in {@code dir}. */
    public static DuckDbPeer open(Path dir) throws Exception {
        return open(dir.resolve(FILE_NAME), "DuckDB", () -> connect(dir), connection -> new DuckDbPeer(dir, connection));
    }

    private static Connection connect(Path dir) throws SQLException {
        return DriverManager.getConnection("jdbc:duckdb:" + dir.resolve(FILE_NAME).toAbsolutePath());
    }

    @Override
    void insert(Iterable<Event> events, int batchSize) throws SQLException {
        try (DuckDBAppender appender = connection.unwrap(DuckDBConnection.class)
                .createAppender(DuckDBConnection.DEFAULT_SCHEMA, "events")) {
            int inBatch = 0;
            for (Event event : events) {
                appender.beginRow()
                        .append(event.id())
                        .append(event.value())
                        .append(event.type())
                        .append(event.verified())
                        .append(event.receivedAt())
                        .append(event.size())
                        .append(joinTags(event.tags()))
                        .endRow();
                if (++inBatch == batchSize) {
                    appender.flush();
                    inBatch = 0;
                }
            }
            appender.flush();
        }
    }

    @Override
    void finishLoad() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CHECKPOINT");
        }
    }
}
