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

    /** DuckDB answers every analyst's question. */
    @Override
    boolean answersAnalyst(PeerQuestion.Kind kind) {
        return true;
    }

    /**
     * The analyst's questions in DuckDB's SQL over its table, where {@code received_at} is BIGINT
     * epoch milliseconds: hour buckets and the hour of the day by integer division (in UTC the
     * same as {@code date_trunc('hour', …)} and {@code hour(…)}, and cheaper than converting
     * every row to a TIMESTAMP), months by {@code date_trunc('month', epoch_ms(received_at))},
     * turned back into milliseconds after grouping. The fraction of {@code quantile_disc} and
     * the width of a histogram are literals, as an analyst writes them.
     */
    @Override
    AnalystStatement analystStatement(PeerQuestion q) {
        return switch (q.kind()) {
            case COUNT_PER_HOUR_BETWEEN -> new AnalystStatement("SELECT received_at // 3600000 * 3600000 AS h, count(*)"
                    + " FROM events WHERE received_at BETWEEN ? AND ? GROUP BY h ORDER BY h", q.longArg(0), q.longArg(1));
            case COUNT_PER_MONTH -> new AnalystStatement("SELECT epoch_ms(date_trunc('month', epoch_ms(received_at))), count(*)"
                    + " FROM events GROUP BY date_trunc('month', epoch_ms(received_at)) ORDER BY 1");
            case COUNT_PER_TYPE_VERIFIED -> new AnalystStatement(
                    "SELECT type, verified, count(*) FROM events GROUP BY type, verified ORDER BY type, verified");
            case COUNT_PER_TYPE_HOUR_OF_DAY -> new AnalystStatement("SELECT type, received_at // 3600000 % 24 AS h, count(*)"
                    + " FROM events GROUP BY type, h ORDER BY type, h");
            case SUM_SIZE_PER_TYPE -> new AnalystStatement(
                    "SELECT type, CAST(sum(size) AS BIGINT) FROM events GROUP BY type ORDER BY type");
            case TOP_BY_VALUE -> new AnalystStatement("SELECT id, value FROM events ORDER BY value DESC, id LIMIT ?",
                    q.longArg(0));
            case TOP_BY_RECEIVED_AT_OF_TYPE -> new AnalystStatement(
                    "SELECT id, received_at FROM events WHERE type = ? ORDER BY received_at DESC, id LIMIT ?",
                    q.stringArg(0), q.longArg(1));
            case VALUE_HISTOGRAM -> new AnalystStatement("SELECT value // " + q.longArg(0) + " AS b, count(*) FROM events"
                    + " GROUP BY b ORDER BY b");
            case MEDIAN_SIZE_OF_TYPE -> new AnalystStatement("SELECT median(size) FROM events WHERE type = ?", q.stringArg(0));
            case VALUE_MEDIAN -> new AnalystStatement("SELECT median(value) FROM events");
            case VALUE_QUANTILE_DISC -> new AnalystStatement("SELECT quantile_disc(value, " + q.decimalArg(0).toPlainString()
                    + ") FROM events");
            case COUNT_DISTINCT_VALUE_BETWEEN -> new AnalystStatement(
                    "SELECT count(DISTINCT value) FROM events WHERE received_at BETWEEN ? AND ?", q.longArg(0), q.longArg(1));
            default -> throw new IllegalArgumentException(q + " is not an analyst's question");
        };
    }

    @Override
    void finishLoad() throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CHECKPOINT");
        }
    }
}
