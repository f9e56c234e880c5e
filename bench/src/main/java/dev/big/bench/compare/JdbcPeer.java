package dev.big.bench.compare;

import dev.big.bench.BenchFiles;
import dev.big.workload.Event;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The query side of the SQL peers: every question as one prepared statement over the table
 * {@code events}, prepared once and reused, in SQL that DuckDB and SQLite both run unchanged.
 *
 * <pre>
 * events(id BIGINT, value BIGINT, type VARCHAR, verified BOOLEAN, received_at BIGINT,
 *        size BIGINT, tags VARCHAR)     -- tags '|'-joined in ascending order, '' when none
 * </pre>
 *
 * Subclasses create the table (and their indexes), insert the events and finish a load their own
 * way; the questions are prepared once the data is in (after {@link #load}, or when a loaded
 * database is opened). Asking before that fails.
 */
abstract class JdbcPeer implements PeerEngine {

    static final String TAG_SEPARATOR = "|";
    private static final String ALL_COLUMNS = "id, value, type, verified, received_at, size, tags";

    protected final Connection connection;
    private final String name;
    private final Path dir;
    private final List<PreparedStatement> statements = new ArrayList<>();
    private boolean loaded;
    private PreparedStatement insertOne;
    private PreparedStatement updateValue;
    private PreparedStatement valueById;
    private PreparedStatement countValueAtLeast;
    private PreparedStatement countReceivedBetween;
    private PreparedStatement countTypeVerifiedBetween;
    private PreparedStatement countVerified;
    private PreparedStatement countType;
    private PreparedStatement countByType;
    private PreparedStatement sumSizeOfType;
    private PreparedStatement latest;
    private PreparedStatement before;
    private PreparedStatement byId;
    /** The analyst's statements, prepared on first use (after the load, as the others), by SQL text. */
    private final Map<String, PreparedStatement> analyst = new HashMap<>();

    JdbcPeer(String name, Path dir, Connection connection) {
        this.name = name;
        this.dir = dir;
        this.connection = connection;
    }

    /** A connection to the engine's database in a directory, with the settings of every connection. */
    @FunctionalInterface
    interface Connector {
        Connection connect() throws SQLException;
    }

    /** What wraps a connection as the peer. */
    @FunctionalInterface
    interface PeerOf<P extends JdbcPeer> {
        P wrap(Connection connection);
    }

    /**
     * An empty database in {@code dir} (which must be empty or missing): connects, runs
     * {@code schema} (the table and its indexes) and wraps the connection; closes it if that fails.
     */
    static <P extends JdbcPeer> P create(Path dir, Connector connector, List<String> schema, PeerOf<P> peer)
            throws SQLException, IOException {
        Files.createDirectories(dir);
        Connection connection = connector.connect();
        boolean success = false;
        try {
            try (Statement statement = connection.createStatement()) {
                for (String sql : schema) {
                    statement.execute(sql);
                }
            }
            P created = peer.wrap(connection);
            success = true;
            return created;
        } finally {
            if (!success) {
                connection.close();
            }
        }
    }

    /** The database an earlier {@link #load} left in {@code file}, with its questions prepared; closed if that fails. */
    static <P extends JdbcPeer> P open(Path file, String engine, Connector connector, PeerOf<P> peer) throws SQLException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no " + engine + " database at " + file + "; load one first");
        }
        Connection connection = connector.connect();
        boolean success = false;
        try {
            P opened = peer.wrap(connection);
            opened.opened();
            success = true;
            return opened;
        } finally {
            if (!success) {
                connection.close();
            }
        }
    }

    /** Inserts every event into {@code events}, committing every {@code batchSize}. */
    abstract void insert(Iterable<Event> events, int batchSize) throws SQLException;

    /** What the engine does after a bulk load (checkpoint, statistics). */
    abstract void finishLoad() throws SQLException;

    /**
     * An analyst's question ({@link PeerQuestion.Kind#analyst}) in this engine's SQL: the statement
     * and the values bound to its {@code ?} in order. Its result is read by the question's kind:
     * groups as key columns (one, or two joined by a comma as their values print) then the
     * aggregate; a top-N listing as {@code id, value}; a scalar as one row of one column.
     */
    record AnalystStatement(String sql, List<Object> parameters) {
        AnalystStatement(String sql, Object... parameters) {
            this(sql, List.of(parameters));
        }
    }

    /** Whether this engine answers the analyst's questions of {@code kind}. */
    abstract boolean answersAnalyst(PeerQuestion.Kind kind);

    /** The statement of an analyst's question of a kind {@link #answersAnalyst} accepts. */
    abstract AnalystStatement analystStatement(PeerQuestion question);

    @Override
    public final boolean answers(PeerQuestion.Kind kind) {
        return !kind.analyst() || answersAnalyst(kind);
    }

    @Override
    public final Object answer(PeerQuestion question) {
        if (!question.kind().analyst()) {
            return PeerEngine.super.answer(question);
        }
        return answerOf(question, reply(question));
    }

    /**
     * Group by type and the analyst's grouped questions reply with their rows read out of the
     * result set ({@link #groupRows}), before they are sorted into a map; the rest with their answers.
     */
    @Override
    public final Object reply(PeerQuestion question) {
        if (question.kind() == PeerQuestion.Kind.COUNT_BY_TYPE) {
            return typeRows();
        }
        if (!question.kind().analyst()) {
            return PeerEngine.super.answer(question);
        }
        if (!answersAnalyst(question.kind())) {
            throw new UnsupportedOperationException(name + " does not answer " + question.kind().method() + " questions");
        }
        requireLoaded();
        AnalystStatement statement = analystStatement(question);
        try {
            PreparedStatement query = analyst.get(statement.sql());
            if (query == null) {
                query = prepare(statement.sql());
                analyst.put(statement.sql(), query);
            }
            for (int i = 0; i < statement.parameters().size(); i++) {
                query.setObject(i + 1, statement.parameters().get(i));
            }
            try (ResultSet rows = query.executeQuery()) {
                return switch (question.kind()) {
                    case COUNT_PER_HOUR_BETWEEN, COUNT_PER_MONTH, VALUE_HISTOGRAM, SUM_SIZE_PER_TYPE -> groupRows(rows, 1);
                    case COUNT_PER_TYPE_VERIFIED, COUNT_PER_TYPE_HOUR_OF_DAY -> groupRows(rows, 2);
                    case TOP_BY_VALUE, TOP_BY_RECEIVED_AT_OF_TYPE -> {
                        List<List<Long>> pairs = new ArrayList<>();
                        while (rows.next()) {
                            pairs.add(List.of(rows.getLong(1), rows.getLong(2)));
                        }
                        yield pairs;
                    }
                    case MEDIAN_SIZE_OF_TYPE, VALUE_MEDIAN -> {
                        rows.next();
                        double median = rows.getDouble(1);
                        yield rows.wasNull() ? null : median;
                    }
                    case VALUE_QUANTILE_DISC, COUNT_DISTINCT_VALUE_BETWEEN -> {
                        rows.next();
                        long value = rows.getLong(1);
                        yield rows.wasNull() ? null : value;
                    }
                    default -> throw new AssertionError(question.kind() + " is not an analyst's question");
                };
            }
        } catch (SQLException e) {
            throw failed(question.text(), e);
        }
    }

    @Override
    public final Object answerOf(PeerQuestion question, Object reply) {
        return switch (question.kind()) {
            case COUNT_BY_TYPE, COUNT_PER_HOUR_BETWEEN, COUNT_PER_MONTH, VALUE_HISTOGRAM, SUM_SIZE_PER_TYPE,
                 COUNT_PER_TYPE_VERIFIED, COUNT_PER_TYPE_HOUR_OF_DAY -> groups(groupRowsOf(reply));
            default -> reply;
        };
    }

    /** Each row of a grouped result as its {@code keys} key values, then the aggregate as a long. */
    private static List<Object[]> groupRows(ResultSet rows, int keys) throws SQLException {
        List<Object[]> read = new ArrayList<>();
        while (rows.next()) {
            Object[] row = new Object[keys + 1];
            for (int k = 0; k < keys; k++) {
                row[k] = rows.getObject(k + 1);
            }
            row[keys] = rows.getLong(keys + 1);
            read.add(row);
        }
        return read;
    }

    @SuppressWarnings("unchecked")
    private static List<Object[]> groupRowsOf(Object reply) {
        return (List<Object[]>) reply;
    }

    /** Rows from {@link #groupRows} as a map from the key (two keys joined with a comma) to the aggregate. */
    private static <K> Map<K, Long> groups(List<Object[]> rows) {
        Map<K, Long> groups = new TreeMap<>();
        for (Object[] row : rows) {
            @SuppressWarnings("unchecked")
            K key = (K) (row.length == 2 ? row[0] : row[0] + "," + row[1]);
            groups.put(key, (Long) row[row.length - 1]);
        }
        return groups;
    }

    /** Marks a database opened with its data already loaded, and prepares the questions. */
    final void opened() throws SQLException {
        loaded = true;
        prepareQueries();
    }

    /**
     * Inserts, then prepares the questions. Preparing comes after loading on purpose: DuckDB 1.4
     * plans a prepared statement with the table statistics of the moment it was prepared, and a
     * statement prepared on the empty table kept answering for an empty table (apparently
     * duckdb/duckdb#23704, stale statistics in prepared plans); the agreement test caught it as a
     * wrong group-by.
     */
    @Override
    public final void load(Iterable<Event> events, int batchSize) throws SQLException {
        if (loaded) {
            throw new IllegalStateException(name + " peer: load is called once, on an empty table");
        }
        loaded = true;
        insert(events, batchSize);
        finishLoad();
        prepareQueries();
    }

    @Override
    public final void ingest(Iterable<Event> events, int batchSize) throws SQLException {
        if (loaded) {
            throw new IllegalStateException(name + " peer: ingest is called once, on an empty table");
        }
        insert(events, batchSize);
    }

    /** One statement per durable commit: the connection commits each on its own (auto-commit). */
    @Override
    public final void insertOne(Event event) throws SQLException {
        if (insertOne == null) {
            insertOne = prepare(INSERT);
        }
        bindEvent(insertOne, event);
        insertOne.executeUpdate();
    }

    /** An insert of one event into the table, whose parameters {@link #bindEvent} sets. */
    static final String INSERT = "INSERT INTO events (" + ALL_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)";

    /** Sets {@code event}'s columns as the parameters of {@link #INSERT}. */
    static void bindEvent(PreparedStatement insert, Event event) throws SQLException {
        insert.setLong(1, event.id());
        insert.setLong(2, event.value());
        insert.setString(3, event.type());
        insert.setBoolean(4, event.verified());
        insert.setLong(5, event.receivedAt());
        insert.setLong(6, event.size());
        insert.setString(7, joinTags(event.tags()));
    }

    @Override
    public final void updateValue(long id, long value) throws SQLException {
        if (updateValue == null) {
            updateValue = prepare("UPDATE events SET value = ? WHERE id = ?");
        }
        updateValue.setLong(1, value);
        updateValue.setLong(2, id);
        if (updateValue.executeUpdate() != 1) {
            throw new IllegalStateException(name + " peer: no record " + id + " to update");
        }
    }

    private void prepareQueries() throws SQLException {
        valueById = prepare("SELECT value FROM events WHERE id = ?");
        countValueAtLeast = prepare("SELECT count(*) FROM events WHERE value >= ?");
        countReceivedBetween = prepare("SELECT count(*) FROM events WHERE received_at BETWEEN ? AND ?");
        countTypeVerifiedBetween = prepare(
                "SELECT count(*) FROM events WHERE type = ? AND verified = TRUE AND received_at BETWEEN ? AND ?");
        countVerified = prepare("SELECT count(*) FROM events WHERE verified = ?");
        countType = prepare("SELECT count(*) FROM events WHERE type = ?");
        countByType = prepare("SELECT type, count(*) FROM events GROUP BY type");
        // DuckDB sums BIGINT into a 128-bit integer; the cast keeps the answer a Java long.
        sumSizeOfType = prepare("SELECT CAST(coalesce(sum(size), 0) AS BIGINT) FROM events WHERE type = ?");
        latest = prepare("SELECT " + ALL_COLUMNS + " FROM events ORDER BY id DESC LIMIT ?");
        before = prepare("SELECT " + ALL_COLUMNS + " FROM events WHERE id < ? ORDER BY id DESC LIMIT ?");
        byId = prepare("SELECT " + ALL_COLUMNS + " FROM events WHERE id = ?");
    }

    private PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        statements.add(statement);
        return statement;
    }

    static String joinTags(List<String> tags) {
        return String.join(TAG_SEPARATOR, tags);
    }

    static List<String> splitTags(String joined) {
        return joined == null || joined.isEmpty() ? List.of() : Arrays.asList(joined.split("\\" + TAG_SEPARATOR));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long pointReadValue(long id) {
        requireLoaded();
        try {
            valueById.setLong(1, id);
            try (ResultSet rows = valueById.executeQuery()) {
                return rows.next() ? rows.getLong(1) : ABSENT;
            }
        } catch (SQLException e) {
            throw failed("pointReadValue(" + id + ")", e);
        }
    }

    @Override
    public long countValueAtLeast(long threshold) {
        requireLoaded();
        try {
            countValueAtLeast.setLong(1, threshold);
            return single(countValueAtLeast);
        } catch (SQLException e) {
            throw failed("countValueAtLeast(" + threshold + ")", e);
        }
    }

    @Override
    public long countReceivedBetween(long fromMillis, long toMillisInclusive) {
        requireLoaded();
        try {
            countReceivedBetween.setLong(1, fromMillis);
            countReceivedBetween.setLong(2, toMillisInclusive);
            return single(countReceivedBetween);
        } catch (SQLException e) {
            throw failed("countReceivedBetween(" + fromMillis + ", " + toMillisInclusive + ")", e);
        }
    }

    @Override
    public long countTypeVerifiedBetween(String type, long fromMillis, long toMillisInclusive) {
        requireLoaded();
        try {
            countTypeVerifiedBetween.setString(1, type);
            countTypeVerifiedBetween.setLong(2, fromMillis);
            countTypeVerifiedBetween.setLong(3, toMillisInclusive);
            return single(countTypeVerifiedBetween);
        } catch (SQLException e) {
            throw failed("countTypeVerifiedBetween(" + type + ", " + fromMillis + ", " + toMillisInclusive + ")", e);
        }
    }

    @Override
    public long countVerified(boolean verified) {
        requireLoaded();
        try {
            countVerified.setBoolean(1, verified);
            return single(countVerified);
        } catch (SQLException e) {
            throw failed("countVerified(" + verified + ")", e);
        }
    }

    @Override
    public long countType(String type) {
        requireLoaded();
        try {
            countType.setString(1, type);
            return single(countType);
        } catch (SQLException e) {
            throw failed("countType(" + type + ")", e);
        }
    }

    @Override
    public Map<String, Long> countByType() {
        return groups(typeRows());
    }

    private List<Object[]> typeRows() {
        requireLoaded();
        try (ResultSet rows = countByType.executeQuery()) {
            return groupRows(rows, 1);
        } catch (SQLException e) {
            throw failed("countByType()", e);
        }
    }

    @Override
    public long sumSizeOfType(String type) {
        requireLoaded();
        try {
            sumSizeOfType.setString(1, type);
            return single(sumSizeOfType);
        } catch (SQLException e) {
            throw failed("sumSizeOfType(" + type + ")", e);
        }
    }

    @Override
    public List<Event> latest(int limit) {
        requireLoaded();
        try {
            latest.setInt(1, limit);
            return events(latest);
        } catch (SQLException e) {
            throw failed("latest(" + limit + ")", e);
        }
    }

    @Override
    public List<Event> before(long cursor, int limit) {
        requireLoaded();
        try {
            before.setLong(1, cursor);
            before.setInt(2, limit);
            return events(before);
        } catch (SQLException e) {
            throw failed("before(" + cursor + ", " + limit + ")", e);
        }
    }

    @Override
    public Event byId(long id) {
        requireLoaded();
        try {
            byId.setLong(1, id);
            List<Event> found = events(byId);
            return found.isEmpty() ? null : found.getFirst();
        } catch (SQLException e) {
            throw failed("byId(" + id + ")", e);
        }
    }

    @Override
    public long sizeBytes() {
        return BenchFiles.sizeBytes(dir);
    }

    @Override
    public void close() {
        try {
            try {
                for (PreparedStatement statement : statements) {
                    statement.close();
                }
            } finally {
                connection.close();
            }
        } catch (SQLException e) {
            throw failed("close()", e);
        }
    }

    private static long single(PreparedStatement query) throws SQLException {
        try (ResultSet rows = query.executeQuery()) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static List<Event> events(PreparedStatement query) throws SQLException {
        List<Event> events = new ArrayList<>();
        try (ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                events.add(new Event(rows.getLong(1), rows.getLong(2), rows.getString(3), rows.getBoolean(4),
                        rows.getLong(5), rows.getLong(6), splitTags(rows.getString(7))));
            }
        }
        return events;
    }

    private void requireLoaded() {
        if (!loaded) {
            throw new IllegalStateException(name + " peer: load the events before asking questions");
        }
    }

    private PeerEngineException failed(String question, SQLException e) {
        return new PeerEngineException(name, question, e);
    }
}
