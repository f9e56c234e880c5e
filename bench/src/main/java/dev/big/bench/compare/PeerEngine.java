package dev.big.bench.compare;

import dev.big.workload.Event;
import java.util.List;
import java.util.Map;

/**
 * An engine in the comparison, holding the events of the standard workload and answering the
 * same query shapes: the peers big is compared with, and big itself ({@link BigSqlPeer},
 * {@link BigApiPeer}). Every implementation must answer exactly what a plain scan of the events
 * would ({@link BruteForcePeer}); {@link PeerAgreement} checks that before any time is reported.
 *
 * <p>Life cycle: create on an empty directory and {@link #load} once, or open what an earlier
 * load left in a directory ({@link PeerEngines#open}); ask any number of questions; close.
 * {@link #ingest} is the write-only alternative to {@link #load}: a stream of durable commits with
 * none of the load's finishing work, after which no question is asked. Implementations are not
 * thread-safe. Query methods throw {@link PeerEngineException} for the engine's own (checked)
 * failures.
 */
public interface PeerEngine extends AutoCloseable {

    /** What {@link #pointReadValue} answers for an id that is not loaded (values are never negative). */
    long ABSENT = -1;

    /** A short name for reports: {@code big}, {@code duckdb}, {@code sqlite}, {@code lucene}, ... */
    String name();

    /**
     * Loads every event, committing (making durable, where the engine has files) every
     * {@code batchSize} events, then does whatever the engine does to finish a bulk load (merge,
     * checkpoint, statistics) and leaves what {@link PeerEngines#open} reopens in its directory.
     */
    void load(Iterable<Event> events, int batchSize) throws Exception;

    /**
     * Writes events as durable commits of {@code batchSize} events each (and one for the rest):
     * what ingesting at that capacity costs. Throws {@link UnsupportedOperationException} for an
     * engine without durable writes.
     */
    void ingest(Iterable<Event> events, int batchSize) throws Exception;

    /**
     * One durable commit inserting {@code event}, whose id the table does not hold: the insert of
     * the mixed-writes phase, after {@link #load}. Throws {@link UnsupportedOperationException} for
     * an engine without durable single writes.
     */
    default void insertOne(Event event) throws Exception {
        throw new UnsupportedOperationException(name() + " has no durable single writes");
    }

    /**
     * One durable commit setting the value of record {@code id}, which the table holds: the update
     * of the mixed-writes phase. Throws {@link UnsupportedOperationException} like {@link #insertOne}.
     */
    default void updateValue(long id, long value) throws Exception {
        throw new UnsupportedOperationException(name() + " has no durable single writes");
    }

    /** The value of record {@code id}, or {@link #ABSENT}. */
    long pointReadValue(long id);

    /** The whole record {@code id}, or {@code null}. */
    Event byId(long id);

    /** {@code count(*) where value >= threshold}. */
    long countValueAtLeast(long threshold);

    /** {@code count(*) where received_at between fromMillis and toMillisInclusive}. */
    long countReceivedBetween(long fromMillis, long toMillisInclusive);

    /** {@code count(*) where type = ? and verified and received_at between from and toInclusive}. */
    long countTypeVerifiedBetween(String type, long fromMillis, long toMillisInclusive);

    /** {@code count(*) where verified = ?}. */
    long countVerified(boolean verified);

    /** {@code count(*) where type = ?}. */
    long countType(String type);

    /** {@code select type, count(*) group by type}: only types that occur. */
    Map<String, Long> countByType();

    /** {@code sum(size) where type = ?}, 0 when no record has the type. */
    long sumSizeOfType(String type);

    /** {@code select * order by id desc limit limit}: the newest records. */
    List<Event> latest(int limit);

    /** {@code select * where id < cursor order by id desc limit limit}: the page after a cursor, newest first. */
    List<Event> before(long cursor, int limit);

    /**
     * Whether this engine answers questions of {@code kind}. Every engine answers the standard
     * kinds; the analyst's kinds ({@link PeerQuestion.Kind#analyst}: time buckets, several group
     * keys, top-N by value, histograms, quantiles) only engines that speak that SQL, which
     * override this and {@link #answer}. Agreement checks and the campaign ask an engine only what
     * it answers, and the report says which shapes an engine does not answer.
     */
    default boolean answers(PeerQuestion.Kind kind) {
        return !kind.analyst();
    }

    /**
     * The answer to {@code question}, from the method of its kind. An engine may answer some kinds
     * more directly (big's SQL engine runs the question's statement). An analyst's question
     * ({@link PeerQuestion.Kind#analyst}) throws {@link UnsupportedOperationException} unless the
     * engine overrides this to answer it.
     */
    default Object answer(PeerQuestion question) {
        if (question.kind().analyst()) {
            throw new UnsupportedOperationException(name() + " does not answer " + question.kind().method() + " questions");
        }
        return switch (question.kind()) {
            case POINT_READ_VALUE -> pointReadValue(question.longArg(0));
            case BY_ID -> byId(question.longArg(0));
            case COUNT_VALUE_AT_LEAST -> countValueAtLeast(question.longArg(0));
            case COUNT_RECEIVED_BETWEEN -> countReceivedBetween(question.longArg(0), question.longArg(1));
            case COUNT_TYPE_VERIFIED_BETWEEN ->
                    countTypeVerifiedBetween(question.stringArg(0), question.longArg(1), question.longArg(2));
            case COUNT_VERIFIED -> countVerified((Boolean) question.args().get(0));
            case COUNT_TYPE -> countType(question.stringArg(0));
            case COUNT_BY_TYPE -> countByType();
            case SUM_SIZE_OF_TYPE -> sumSizeOfType(question.stringArg(0));
            case LATEST -> latest(Math.toIntExact(question.longArg(0)));
            case BEFORE -> before(question.longArg(0), Math.toIntExact(question.longArg(1)));
            default -> throw new AssertionError(question.kind() + " is an analyst's question");
        };
    }

    /**
     * What the campaign times for {@code question}: the engine's reply in the form the engine gives
     * it, with every value already produced (big's SQL result rows, a JDBC result set read into a
     * list, the counts of an in-memory index), but not yet put in the canonical form of
     * {@link PeerQuestion} that {@link #answerOf} builds: sorting a reply into a map is the
     * harness's work, not the engine's. Engines whose replies are their answers keep this default.
     */
    default Object reply(PeerQuestion question) {
        return answer(question);
    }

    /** The answer a {@link #reply} to {@code question} holds; {@code answerOf(q, reply(q))} equals {@code answer(q)}. */
    default Object answerOf(PeerQuestion question, Object reply) {
        return reply;
    }

    /**
     * Bytes the engine's data takes: its files on disk, or, for an engine that lives in memory,
     * its index serialized.
     */
    long sizeBytes();

    /** Releases the engine's files and memory; failures are {@link PeerEngineException}s. */
    @Override
    void close();
}
