package dev.big.bench.compare;

import dev.big.workload.Event;
import java.util.Map;

/**
 * An engine big is compared with, holding the events of the standard workload and answering the
 * same query shapes. Every implementation must answer exactly what a plain scan of the events
 * would ({@link BruteForcePeer}); {@link PeerAgreement} checks that before any time is reported.
 *
 * <p>Life cycle: create on an empty directory, {@link #load} once, ask any number of questions,
 * close. Implementations are not thread-safe. Query methods throw {@link PeerEngineException}
 * for the engine's own (checked) failures.
 */
public interface PeerEngine extends AutoCloseable {

    /** What {@link #pointReadValue} answers for an id that is not loaded (values are never negative). */
    long ABSENT = -1;

    /** A short name for reports: {@code duckdb}, {@code sqlite}, {@code lucene}, ... */
    String name();

    /** Loads every event, committing (making durable, where the engine has files) every {@code batchSize} events. */
    void load(Iterable<Event> events, int batchSize) throws Exception;

    /** The value of record {@code id}, or {@link #ABSENT}. */
    long pointReadValue(long id);

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

    /** {@code select id order by id desc limit limit}. */
    long[] latestIds(int limit);

    /** {@code select id where id > cursor order by id limit limit}: the next page after a cursor. */
    long[] idsAfter(long cursor, int limit);

    /** The whole record {@code id}, or {@code null}. */
    Event byId(long id);

    /** Bytes the engine's files take on disk; 0 for an engine that lives in memory. */
    long sizeOnDiskBytes();

    /** Releases the engine's files and memory; failures are {@link PeerEngineException}s. */
    @Override
    void close();
}
