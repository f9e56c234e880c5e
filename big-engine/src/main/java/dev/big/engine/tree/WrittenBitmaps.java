package dev.big.engine.tree;

import dev.big.page.PageRef;
import java.util.HashMap;
import java.util.Map;
import org.roaringbitmap.BitmapContainer;
import org.roaringbitmap.Container;

/**
 * The bitmap containers the last commit wrote, kept in memory so the next transaction that
 * changes one takes it from here instead of reading its page back.
 *
 * <p>Why: an ingest batch adds bits to the same containers as the batch before it (the planes of
 * the container column being filled). Reading one back meant hashing its page to verify it (the
 * page is new, so the verified-checksum memo has not seen it) and copying its 8 KiB into a heap
 * container: about a seventh of a 1,000-record batch's time. What is kept is exactly what was
 * written, the words a page was filled from, under the page number and checksum the tree refers
 * to it by, so a hit is the page's content without reading it. A container is handed out once
 * (the transaction changes it); what the next commit does not take is dropped when it writes.
 *
 * <p>Belongs to the store's writer: only the thread holding the write lock touches it.
 */
public final class WrittenBitmaps {

    /** At most this many containers (8 KiB each) are kept: a bulk load's chunk writes thousands nobody changes next. */
    static final int LIMIT = 1024;

    private record Written(long checksum, BitmapContainer container) {}

    private Map<Long, Written> lastCommit = new HashMap<>();
    private Map<Long, Written> thisCommit = new HashMap<>();

    /** The container stored in page {@code ref} if the last commit wrote it, else null; handed out once. */
    Container take(PageRef ref, int cardinality) {
        Written written = lastCommit.remove(ref.pgno());
        if (written == null || written.checksum() != ref.checksum() || written.container().getCardinality() != cardinality) {
            return null;
        }
        return written.container();
    }

    /** Notes that page {@code ref} now holds {@code words}, which nothing else will change. */
    void wrote(PageRef ref, long[] words, int cardinality) {
        if (thisCommit.size() < LIMIT) {
            thisCommit.put(ref.pgno(), new Written(ref.checksum(), new BitmapContainer(words, cardinality)));
        }
    }

    /** The commit's pages are written: what it wrote is what the next transaction may take. */
    public void committed() {
        lastCommit = thisCommit;
        thisCommit = new HashMap<>();
    }

    /** The commit failed: nothing kept can be trusted to match the file's next state. */
    public void clear() {
        lastCommit = new HashMap<>();
        thisCommit = new HashMap<>();
    }
}
