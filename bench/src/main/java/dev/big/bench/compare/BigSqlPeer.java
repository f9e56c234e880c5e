package dev.big.bench.compare;

import dev.big.db.Db;
import dev.big.db.sql.SqlResult;
import dev.big.workload.Event;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * big answering through {@code Db.sql}, the way users ask: every question is a statement built as
 * text and run on a snapshot of the latest commit (so each call opens and closes a snapshot, and
 * statements that differ only in literals share one parse through the statement-template cache).
 * {@link #statement} gives the statement of any question and {@link #answer} reads its result, so
 * benchmarks can run exactly the statements this engine runs.
 */
public final class BigSqlPeer extends BigPeer {

    private Db db;

    private BigSqlPeer(Path dir) {
        this("big", dir);
    }

    private BigSqlPeer(String name, Path dir) {
        super(name, dir);
    }

    /** An empty database in {@code dir}, for one load or ingest. */
    public static BigSqlPeer create(Path dir) throws IOException {
        BigSqlPeer peer = new BigSqlPeer(dir);
        peer.createEmpty();
        return peer;
    }

    /**
     * An empty database in {@code dir} in the file format before the write log (engine
     * {@code big-pages}: every commit to the pages, as before format 4), for one load or ingest.
     */
    public static BigSqlPeer createPagesOnly(Path dir) throws IOException {
        BigSqlPeer peer = new BigSqlPeer("big-pages", dir);
        peer.createEmpty(true);
        return peer;
    }

    /** The database an earlier load left in {@code dir}. */
    public static BigSqlPeer open(Path dir) {
        BigSqlPeer peer = new BigSqlPeer(dir);
        peer.openLoaded();
        return peer;
    }

    @Override
    void opened(Db db) {
        this.db = db;
    }

    /** The SQL statement big runs for {@code question}. */
    public static String statement(PeerQuestion question) {
        List<Object> a = question.args();
        return switch (question.kind()) {
            case POINT_READ_VALUE -> "SELECT value FROM events WHERE id = " + a.get(0);
            case BY_ID -> "SELECT * FROM events WHERE id = " + a.get(0);
            case COUNT_VALUE_AT_LEAST -> "SELECT count(*) FROM events WHERE value >= " + a.get(0);
            case COUNT_RECEIVED_BETWEEN -> "SELECT count(*) FROM events WHERE received_at BETWEEN "
                    + SqlTimestamp.literal((Long) a.get(0)) + " AND " + SqlTimestamp.literal((Long) a.get(1));
            case COUNT_TYPE_VERIFIED_BETWEEN -> "SELECT count(*) FROM events WHERE type = '" + a.get(0)
                    + "' AND verified AND received_at BETWEEN " + SqlTimestamp.literal((Long) a.get(1)) + " AND "
                    + SqlTimestamp.literal((Long) a.get(2));
            case COUNT_VERIFIED -> "SELECT count(*) FROM events WHERE verified = " + a.get(0);
            case COUNT_TYPE -> "SELECT count(*) FROM events WHERE type = '" + a.get(0) + "'";
            case COUNT_BY_TYPE -> "SELECT type, count(*) FROM events GROUP BY type";
            case SUM_SIZE_OF_TYPE -> "SELECT sum(size) FROM events WHERE type = '" + a.get(0) + "'";
            case LATEST -> "SELECT * FROM events ORDER BY id DESC LIMIT " + a.get(0);
            case BEFORE -> "SELECT * FROM events WHERE id < " + a.get(0) + " ORDER BY id DESC LIMIT " + a.get(1);
            case COUNT_PER_HOUR_BETWEEN -> "SELECT date_trunc('hour', received_at) AS h, count(*) FROM events"
                    + " WHERE received_at BETWEEN " + SqlTimestamp.literal((Long) a.get(0)) + " AND "
                    + SqlTimestamp.literal((Long) a.get(1)) + " GROUP BY h ORDER BY h";
            case COUNT_PER_MONTH -> "SELECT date_trunc('month', received_at) AS m, count(*) FROM events GROUP BY m ORDER BY m";
            case COUNT_PER_TYPE_VERIFIED -> "SELECT type, verified, count(*) FROM events GROUP BY type, verified"
                    + " ORDER BY type, verified";
            case COUNT_PER_TYPE_HOUR_OF_DAY -> "SELECT type, hour(received_at) AS h, count(*) FROM events"
                    + " GROUP BY type, h ORDER BY type, h";
            case SUM_SIZE_PER_TYPE -> "SELECT type, sum(size) FROM events GROUP BY type ORDER BY type";
            case TOP_BY_VALUE -> "SELECT id, value FROM events ORDER BY value DESC, id LIMIT " + a.get(0);
            case TOP_BY_RECEIVED_AT_OF_TYPE -> "SELECT id, received_at FROM events WHERE type = '" + a.get(0)
                    + "' ORDER BY received_at DESC, id LIMIT " + a.get(1);
            case VALUE_HISTOGRAM -> "SELECT value // " + a.get(0) + " AS b, count(*) FROM events GROUP BY b ORDER BY b";
            case MEDIAN_SIZE_OF_TYPE -> "SELECT median(size) FROM events WHERE type = '" + a.get(0) + "'";
            case VALUE_MEDIAN -> "SELECT median(value) FROM events";
            case VALUE_QUANTILE_DISC -> "SELECT quantile_disc(value, " + ((BigDecimal) a.get(0)).toPlainString() + ") FROM events";
            case COUNT_DISTINCT_VALUE_BETWEEN -> "SELECT count(DISTINCT value) FROM events WHERE received_at BETWEEN "
                    + SqlTimestamp.literal((Long) a.get(0)) + " AND " + SqlTimestamp.literal((Long) a.get(1));
        };
    }

    /** The answer to {@code question} that {@code result}, the result of its {@link #statement}, holds. */
    public static Object answer(PeerQuestion question, SqlResult result) {
        return switch (question.kind()) {
            case POINT_READ_VALUE -> result.rows().isEmpty() ? ABSENT : (Long) result.rows().getFirst().getFirst();
            case BY_ID -> {
                List<Event> events = events(result);
                yield events.isEmpty() ? null : events.getFirst();
            }
            case COUNT_VALUE_AT_LEAST, COUNT_RECEIVED_BETWEEN, COUNT_TYPE_VERIFIED_BETWEEN, COUNT_VERIFIED, COUNT_TYPE ->
                    (Long) result.scalar();
            case COUNT_BY_TYPE -> {
                Map<String, Long> counts = new TreeMap<>();
                for (List<Object> row : result.rows()) {
                    counts.put((String) row.get(0), (Long) row.get(1));
                }
                yield counts;
            }
            case SUM_SIZE_OF_TYPE -> result.scalar() == null ? 0L : ((BigInteger) result.scalar()).longValueExact();
            case LATEST, BEFORE -> events(result);
            case COUNT_PER_HOUR_BETWEEN, COUNT_PER_MONTH, VALUE_HISTOGRAM, SUM_SIZE_PER_TYPE -> groups(result, 1);
            case COUNT_PER_TYPE_VERIFIED, COUNT_PER_TYPE_HOUR_OF_DAY -> groups(result, 2);
            case TOP_BY_VALUE, TOP_BY_RECEIVED_AT_OF_TYPE -> {
                List<List<Long>> pairs = new ArrayList<>(result.rows().size());
                for (List<Object> row : result.rows()) {
                    pairs.add(List.of((Long) row.get(0), (Long) canonical(row.get(1))));
                }
                yield pairs;
            }
            case MEDIAN_SIZE_OF_TYPE, VALUE_MEDIAN -> result.scalar() == null ? null : ((Number) result.scalar()).doubleValue();
            case VALUE_QUANTILE_DISC, COUNT_DISTINCT_VALUE_BETWEEN -> (Long) result.scalar();
        };
    }

    /** Every analyst's kind: big's SQL answers them all. */
    @Override
    public boolean answers(PeerQuestion.Kind kind) {
        return true;
    }

    /**
     * The rows of a grouped result as a map from the key (the first {@code keys} columns, joined
     * with commas when there are two) to the aggregate (the next column), in canonical form.
     */
    private static Map<Object, Long> groups(SqlResult result, int keys) {
        Map<Object, Long> groups = new TreeMap<>();
        for (List<Object> row : result.rows()) {
            Object key = keys == 1 ? canonical(row.get(0)) : canonical(row.get(0)) + "," + canonical(row.get(1));
            groups.put(key, row.get(keys) instanceof BigInteger sum ? sum.longValueExact() : (Long) row.get(keys));
        }
        return groups;
    }

    /** A key or value in the canonical form of {@link PeerQuestion}: a time as epoch milliseconds. */
    private static Object canonical(Object value) {
        return switch (value) {
            case Instant instant -> instant.toEpochMilli();
            case LocalDate date -> date.atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
            case null, default -> value;
        };
    }

    /** Runs the question's statement: what every method below does, without a detour through the method. */
    @Override
    public Object answer(PeerQuestion question) {
        return answerOf(question, reply(question));
    }

    /** The result of the question's statement, its rows materialized. */
    @Override
    public SqlResult reply(PeerQuestion question) {
        return db.sql(statement(question));
    }

    @Override
    public Object answerOf(PeerQuestion question, Object reply) {
        return answer(question, (SqlResult) reply);
    }

    @Override
    public long pointReadValue(long id) {
        return (Long) answer(PeerQuestion.of(PeerQuestion.Kind.POINT_READ_VALUE, id));
    }

    @Override
    public Event byId(long id) {
        return (Event) answer(PeerQuestion.of(PeerQuestion.Kind.BY_ID, id));
    }

    @Override
    public long countValueAtLeast(long threshold) {
        return (Long) answer(PeerQuestion.of(PeerQuestion.Kind.COUNT_VALUE_AT_LEAST, threshold));
    }

    @Override
    public long countReceivedBetween(long fromMillis, long toMillisInclusive) {
        return (Long) answer(PeerQuestion.of(PeerQuestion.Kind.COUNT_RECEIVED_BETWEEN, fromMillis, toMillisInclusive));
    }

    @Override
    public long countTypeVerifiedBetween(String type, long fromMillis, long toMillisInclusive) {
        return (Long) answer(PeerQuestion.of(PeerQuestion.Kind.COUNT_TYPE_VERIFIED_BETWEEN, type, fromMillis, toMillisInclusive));
    }

    @Override
    public long countVerified(boolean verified) {
        return (Long) answer(PeerQuestion.of(PeerQuestion.Kind.COUNT_VERIFIED, verified));
    }

    @Override
    public long countType(String type) {
        return (Long) answer(PeerQuestion.of(PeerQuestion.Kind.COUNT_TYPE, type));
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, Long> countByType() {
        return (Map<String, Long>) answer(PeerQuestion.of(PeerQuestion.Kind.COUNT_BY_TYPE));
    }

    @Override
    public long sumSizeOfType(String type) {
        return (Long) answer(PeerQuestion.of(PeerQuestion.Kind.SUM_SIZE_OF_TYPE, type));
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Event> latest(int limit) {
        return (List<Event>) answer(PeerQuestion.of(PeerQuestion.Kind.LATEST, limit));
    }

    @Override
    @SuppressWarnings("unchecked")
    public List<Event> before(long cursor, int limit) {
        return (List<Event>) answer(PeerQuestion.of(PeerQuestion.Kind.BEFORE, cursor, limit));
    }

    /** The rows of a {@code SELECT *} of the standard table as events. */
    private static List<Event> events(SqlResult result) {
        List<String> columns = result.columns();
        int id = columns.indexOf("id");
        int value = columns.indexOf("value");
        int type = columns.indexOf("type");
        int verified = columns.indexOf("verified");
        int receivedAt = columns.indexOf("received_at");
        int size = columns.indexOf("size");
        int tags = columns.indexOf("tags");
        List<Event> events = new ArrayList<>(result.rows().size());
        for (List<Object> row : result.rows()) {
            events.add(new Event((Long) row.get(id), (Long) row.get(value), (String) row.get(type),
                    (Boolean) row.get(verified), millis(row.get(receivedAt)), (Long) row.get(size), tags(row.get(tags))));
        }
        return events;
    }
}
