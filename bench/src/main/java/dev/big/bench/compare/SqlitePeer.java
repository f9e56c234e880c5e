package dev.big.bench.compare;

import dev.big.workload.Event;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * SQLite, with its database file in a directory of its own, in WAL journal mode (readers do not
 * block the writer) at its default {@code synchronous=FULL}, so each commit is durable like big's.
 *
 * <p>{@code id} is the {@code INTEGER PRIMARY KEY} (the rowid, so a point read is one B-tree
 * descent), with secondary indexes on value, type, verified and received_at, created before the
 * load so it pays for maintaining them as big does. Inserts are batched, one transaction per batch.
 * The load ends with a WAL checkpoint, so the size on disk is the database's, and {@code ANALYZE},
 * so the planner knows, for one, that an index on {@code verified} (99% true) rarely pays.
 */
public final class SqlitePeer extends JdbcPeer {

    private SqlitePeer(Path dir, Connection connection) {
        super("sqlite", dir, connection);
    }

    /** An empty database in {@code dir}, which must be empty or missing. */
    public static SqlitePeer create(Path dir) throws Exception {
        Files.createDirectories(dir);
        Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("events.sqlite").toAbsolutePath());
        boolean success = false;
        try {
            try (Statement statement = connection.createStatement()) {
                statement.execute("PRAGMA journal_mode=WAL");
                statement.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, value INTEGER NOT NULL,"
                        + " type TEXT NOT NULL, verified INTEGER NOT NULL, received_at INTEGER NOT NULL,"
                        + " size INTEGER NOT NULL, tags TEXT NOT NULL)");
                statement.execute("CREATE INDEX events_value ON events(value)");
                statement.execute("CREATE INDEX events_type ON events(type)");
                statement.execute("CREATE INDEX events_verified ON events(verified)");
                statement.execute("CREATE INDEX events_received_at ON events(received_at)");
            }
            SqlitePeer peer = new SqlitePeer(dir, connection);
            success = true;
            return peer;
        } finally {
            if (!success) {
                connection.close();
            }
        }
    }

    @Override
    void insert(Iterable<Event> events, int batchSize) throws SQLException {
        connection.setAutoCommit(false);
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO events (id, value, type, verified, received_at, size, tags) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            int inBatch = 0;
            for (Event event : events) {
                insert.setLong(1, event.id());
                insert.setLong(2, event.value());
                insert.setString(3, event.type());
                insert.setBoolean(4, event.verified());
                insert.setLong(5, event.receivedAt());
                insert.setLong(6, event.size());
                insert.setString(7, joinTags(event.tags()));
                insert.addBatch();
                if (++inBatch == batchSize) {
                    insert.executeBatch();
                    connection.commit();
                    inBatch = 0;
                }
            }
            insert.executeBatch();
            connection.commit();
        } finally {
            connection.setAutoCommit(true);
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            statement.execute("ANALYZE");
        }
    }
}
