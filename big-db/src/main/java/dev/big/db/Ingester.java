package dev.big.db;

/**
 * Buffers record writes and commits them in batches: one transaction per batch of
 * {@code capacity} records, and for what is left on {@link #flush()} and {@link #close()}. A batch
 * commits whole or not at all. Values are checked when a record is added, so a bad record is
 * refused at once and never poisons a batch.
 *
 * <p>Durability: a full batch is committed in the background while the next one fills; records
 * are durable once {@link #flush()} or {@link #close()} returns (or once {@link #committed()}
 * counts them). If a batch fails, it is discarded whole and the next call throws its error.
 *
 * <p>An {@link InvalidInputException} from {@code append}, {@code put}, {@code update} or
 * {@code delete} always means that call's own change was refused and nothing else happened: the
 * ingester goes on. A failed batch is never reported as one, even when the commit refused its
 * contents.
 *
 * <p>Not thread-safe: one ingester per writing thread.
 */
public interface Ingester extends AutoCloseable {

    /** Adds a record with the next id of {@code table}; returns that id. */
    long append(String table, Row record);

    /** Writes a whole record at {@code id} (replacing any record there). */
    void put(String table, long id, Row record);

    /** Changes one field of an existing record (null clears it). */
    void update(String table, long id, String field, Object value);

    /** Removes a record. */
    void delete(String table, long id);

    /** Records buffered and not yet committed. */
    int buffered();

    /** Records committed by this ingester so far. */
    long committed();

    /** Commits what is buffered. */
    void flush();

    /**
     * Gives up: drops what is buffered, waits for a batch that is already committing to finish (so
     * {@link #committed()} is final), and releases the ingester. Throws that batch's error if it
     * failed.
     */
    void abort();

    /** Flushes and releases the ingester. */
    @Override
    void close();
}
