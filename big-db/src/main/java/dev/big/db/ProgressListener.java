package dev.big.db;

/**
 * Told how a load or ingest is going, so a command line can draw a progress bar. A bulk load
 * calls it from its committing thread, an ingester from the thread that applies its batches (a
 * background thread of its own for batches of more than 1,000 records, else the caller's) or from
 * the caller's in {@code flush} and {@code close}; a slow listener slows the load.
 */
@FunctionalInterface
public interface ProgressListener {

    /** A listener that ignores progress. */
    ProgressListener NONE = (records, bytes) -> {};

    /** {@code records} written and committed so far, {@code bytesWritten} to the file so far. */
    void progress(long records, long bytesWritten);
}
