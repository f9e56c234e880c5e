package dev.big.pager;

import dev.big.page.BigException;
import dev.big.page.DatabaseClosedException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * A pager over heap memory, for tests: fast, isolated, and easy to copy or damage. Writes are
 * immediately "durable"; {@link FaultyPager} adds the distinction between written and synced.
 * Verification goes through the same checksum memo as {@link MmapPager}. Pages live in native
 * memory, as a mapped file's do, so code under test runs the same memory-access paths.
 *
 * <p>Thread-safe for one writer and many readers: the page table is replaced, never mutated in
 * place, when it grows.
 */
public final class MemoryPager implements Pager {

    private final String name;
    private final VerifiedChecksumMemo memo = new VerifiedChecksumMemo(256);
    private volatile MemorySegment[] pages;
    private volatile long pageCount;
    private volatile boolean closed;

    public MemoryPager() {
        this("memory");
    }

    public MemoryPager(String name) {
        this.name = name;
        this.pages = new MemorySegment[16];
    }

    /** A pager holding copies of {@code pages} (for example the durable state after a simulated crash). */
    public static MemoryPager of(String name, byte[][] pages, long pageCount) {
        MemoryPager pager = new MemoryPager(name);
        pager.pages = new MemorySegment[Math.max(16, (int) pageCount)];
        for (int i = 0; i < pageCount; i++) {
            pager.pages[i] = pages[i] == null ? null : nativeCopy(MemorySegment.ofArray(pages[i]));
        }
        pager.pageCount = pageCount;
        return pager;
    }

    /** A copy of every page's bytes (null for a page never written). */
    public byte[][] snapshotPages() {
        byte[][] copy = new byte[(int) pageCount][];
        MemorySegment[] current = pages;
        for (int i = 0; i < copy.length; i++) {
            copy[i] = current[i] == null ? null : current[i].toArray(dev.big.page.PageFormat.BYTE);
        }
        return copy;
    }

    /**
     * Direct access to a page's bytes, for tests that damage pages on purpose: the memo forgets the
     * page, as it would not survive the reopen a real file would need to notice such damage.
     */
    public MemorySegment rawPage(long pgno) {
        memo.forget(pgno);
        return pages[(int) pgno];
    }

    @Override
    public boolean verifyPage(long pgno, MemorySegment page, long expectedChecksum) {
        return memo.verifyPage(pgno, page, expectedChecksum);
    }

    @Override
    public boolean verifyBitmap(long pgno, MemorySegment page, long expectedChecksum) {
        return memo.verifyBitmap(pgno, page, expectedChecksum);
    }

    @Override
    public MemorySegment read(long pgno) {
        ensureOpen();
        if (pgno < 0 || pgno >= pageCount) {
            throw new IllegalArgumentException("page " + pgno + " is beyond the end of " + name + " (" + pageCount + " pages)");
        }
        MemorySegment page = pages[(int) pgno];
        if (page == null) {
            page = EMPTY;
        }
        return page.asReadOnly();
    }

    @Override
    public synchronized void write(long pgno, MemorySegment page) {
        ensureOpen();
        if (pgno > Integer.MAX_VALUE - 8) {
            throw new BigException("a memory pager holds at most 2^31 pages");
        }
        MemorySegment[] current = pages;
        if (pgno >= current.length) {
            current = Arrays.copyOf(current, (int) Math.max(pgno + 1, current.length * 2L));
        }
        memo.forget(pgno);
        current[(int) pgno] = nativeCopy(page);
        pages = current;
        if (pgno >= pageCount) {
            pageCount = pgno + 1;
        }
    }

    @Override
    public synchronized long allocate() {
        ensureOpen();
        return pageCount++;
    }

    @Override
    public long pageCount() {
        return pageCount;
    }

    @Override
    public void sync() {
        ensureOpen();
    }

    @Override
    public synchronized void truncate(long newCount) {
        ensureOpen();
        memo.forgetFrom(newCount);
        MemorySegment[] current = pages.clone();
        for (long i = newCount; i < Math.min(pageCount, current.length); i++) {
            current[(int) i] = null;
        }
        pages = current;
        pageCount = newCount;
    }

    private static final MemorySegment EMPTY = Arena.global().allocate(PAGE_SIZE_BYTES, 8);

    /** A page-aligned native copy; the automatic arena frees it once no one holds the page. */
    private static MemorySegment nativeCopy(MemorySegment page) {
        MemorySegment copy = Arena.ofAuto().allocate(PAGE_SIZE_BYTES, 8);
        MemorySegment.copy(page, 0, copy, 0, PAGE_SIZE_BYTES);
        return copy;
    }

    @Override
    public boolean readOnly() {
        return false;
    }

    @Override
    public String name() {
        return name;
    }

    private void ensureOpen() {
        if (closed) {
            throw new DatabaseClosedException(name);
        }
    }

    @Override
    public void close() {
        closed = true;
    }
}
