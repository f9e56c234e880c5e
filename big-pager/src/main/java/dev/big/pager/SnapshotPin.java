package dev.big.pager;

/**
 * A reader's claim on the pages of one snapshot, visible to writers in other handles and processes
 * ({@link Pager#pinSnapshot}); held until closed.
 */
public interface SnapshotPin extends AutoCloseable {

    /** The pin of a pager that no other handle or process shares. */
    SnapshotPin NONE = () -> {};

    @Override
    void close();
}
