package dev.big.bench.compare;

import dev.big.workload.Event;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * SQLite, with its database file in a directory of its own, in WAL journal mode (readers do not
 * block the writer) with {@code synchronous=FULL}, so each commit is durable like big's, and a
 * 256 MiB page cache (the default 2 MiB makes maintaining four indexes over millions of rows
 * thrash, and a tuned deployment would raise it).
 *
 * <p>{@code id} is the {@code INTEGER PRIMARY KEY} (the rowid, so a point read is one B-tree
 * descent), with secondary indexes on value, type, verified and received_at, created before the
 * load so it pays for maintaining them as big does. Inserts are batched, one transaction per batch.
 * A load ends with a WAL checkpoint, so the size on disk is the database's, and {@code ANALYZE},
 * so the planner knows, for one, that an index on {@code verified} (99% true) rarely pays.
 */
public final class SqlitePeer extends JdbcPeer {

    static final String FILE_NAME = "events.sqlite";
    private static final int CACHE_KIB = 256 * 1024;

    private SqlitePeer(Path dir, Connection connection) {
        super("sqlite", dir, connection);
    }

    /** An empty database in {@code dir}, which must be empty or missing. */
    public static SqlitePeer create(Path dir) throws Exception {
        return create(dir, () -> connect(dir), List.of("PRAGMA journal_mode=WAL",
                "CREATE TABLE events (id INTEGER PRIMARY KEY, value INTEGER NOT NULL, type TEXT NOT NULL,"
                        + " verified INTEGER NOT NULL, received_at INTEGER NOT NULL, size INTEGER NOT NULL, tags TEXT NOT NULL)",
                "CREATE INDEX events_value ON events(value)",
                "CREATE INDEX events_type ON events(type)",
                "CREATE INDEX events_verified ON events(verified)",
                "CREATE INDEX events_received_at ON events(received_at)"),
                connection -> new SqlitePeer(dir, connection));
    }

    /** The database an earlier {@link #load} left in {@code dir}. */
    public static SqlitePeer open(Path dir) throws Exception {
        return open(dir.resolve(FILE_NAME), "SQLite", () -> connect(dir), connection -> new SqlitePeer(dir, connection));
    }

    /** A connection with the per-connection settings (the journal mode is stored in the file). */
    private static Connection connect(Path dir) throws SQLException {
        Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(FILE_NAME).toAbsolutePath());
        try (Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA synchronous=FULL");
            statement.execute("PRAGMA cache_size=-" + CACHE_KIB);
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        return connection;
    }

    @Override
    void insert(Iterable<Event> events, int batchSize) throws SQLException {
        connection.setAutoCommit(false);
        try (PreparedStatement insert = connection.prepareStatement(INSERT)) {
            int inBatch = 0;
            for (Event event : events) {
                bindEvent(insert, event);
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
    }

    /** Not yet: SQLite's SQL has no date_trunc, median or quantile_disc (see bench/README.md). */
    @Override
    boolean answersAnalyst(PeerQuestion.Kind kind) {
        return false;
    }

    @Override
    AnalystStatement analystStatement(PeerQuestion question) {
        throw new UnsupportedOperationException("sqlite does not answer " + question.kind().method() + " questions");
    }

    @Override
    void finishLoad() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA wal_checkpoint(TRUNCATE)");
            statement.execute("ANALYZE");
        }
    }
}
