package dev.big.pager;

import dev.big.page.BigException;
import dev.big.page.DatabaseClosedException;
import java.lang.foreign.MemorySegment;

/**
 * What the two pagers that hold pages themselves ({@link MmapPager} over a file,
 * {@link MemoryPager} over memory) share: the page count that writes and {@link #allocate} grow
 * and truncation cuts, refusing every call once closed and every change when read-only, and
 * verification through the {@link VerifiedChecksumMemo} (or the recomputing {@link Pager}
 * defaults without one). Each says only how its pages are stored.
 *
 * <p>The page count is changed under this object's monitor, which the subclasses' own
 * synchronized methods share.
 */
abstract sealed class PageStore implements Pager permits MmapPager, MemoryPager {

    private final String name;
    /** Null: every verification recomputes the hash (the {@link Pager} default). */
    private final VerifiedChecksumMemo memo;
    private volatile long pageCount;
    private volatile boolean closed;

    PageStore(String name, VerifiedChecksumMemo memo, long pageCount) {
        this.name = name;
        this.memo = memo;
        this.pageCount = pageCount;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final long pageCount() {
        return pageCount;
    }

    @Override
    public final synchronized long allocate() {
        ensureWritable();
        return pageCount++;
    }

    @Override
    public final boolean verifyPage(long pgno, MemorySegment page, long expectedChecksum) {
        return memo == null ? Pager.super.verifyPage(pgno, page, expectedChecksum)
                : memo.verifyPage(pgno, page, expectedChecksum);
    }

    @Override
    public final boolean verifyBitmap(long pgno, MemorySegment page, long expectedChecksum) {
        return memo == null ? Pager.super.verifyBitmap(pgno, page, expectedChecksum)
                : memo.verifyBitmap(pgno, page, expectedChecksum);
    }

    /** Called before page {@code pgno}'s bytes are replaced: the memo must not vouch for the new ones. */
    final void forgetVerified(long pgno) {
        if (memo != null) {
            memo.forget(pgno);
        }
    }

    /** Page {@code pgno} was written: the page count covers it. */
    final synchronized void grewTo(long pgno) {
        if (pgno >= pageCount) {
            pageCount = pgno + 1;
        }
    }

    /** The store was cut to {@code pages} pages: the memo forgets every page past them. */
    final synchronized void truncatedTo(long pages) {
        if (memo != null) {
            memo.forgetFrom(pages);
        }
        pageCount = pages;
    }

    /** A read-only store learnt that a writer grew the file to {@code pages} pages. */
    final synchronized long followedTo(long pages) {
        pageCount = Math.max(pageCount, pages);
        return pageCount;
    }

    final IllegalArgumentException beyondTheEnd(long pgno) {
        return new IllegalArgumentException("page " + pgno + " is beyond the end of " + name + " (" + pageCount + " pages)");
    }

    final void ensureOpen() {
        if (closed) {
            throw new DatabaseClosedException(name);
        }
    }

    final void ensureWritable() {
        ensureOpen();
        if (readOnly()) {
            throw new BigException(name + " is open read-only; open it read-write to change it.");
        }
    }

    /** Marks the store closed; false if it already was. */
    final synchronized boolean markClosed() {
        if (closed) {
            return false;
        }
        closed = true;
        return true;
    }
}
