package dev.big.pager;

import dev.big.page.BigException;
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
public final class MemoryPager extends PageStore {

    /** Memo size: 64 stripes x 256 slots covers 16,384 pages, more than a test writes. */
    static final int MEMO_SLOTS_PER_STRIPE = 256;

    private volatile MemorySegment[] pages;
    /** The write log of this database, which lives as long as the pager's pages do. */
    private final LogFile log;

    public MemoryPager() {
        this("memory");
    }

    public MemoryPager(String name) {
        this(name, MEMO_SLOTS_PER_STRIPE);
    }

    /** A pager whose memo has {@code memoSlotsPerStripe} slots per stripe (a small memo makes tests evict). */
    MemoryPager(String name, int memoSlotsPerStripe) {
        this(name, memoSlotsPerStripe, new MemorySegment[16], 0);
    }

    private MemoryPager(String name, int memoSlotsPerStripe, MemorySegment[] pages, long pageCount) {
        this(name, memoSlotsPerStripe, pages, pageCount, LogFile.inMemory(name + "-log"));
    }

    private MemoryPager(String name, int memoSlotsPerStripe, MemorySegment[] pages, long pageCount, LogFile log) {
        super(name, new VerifiedChecksumMemo(memoSlotsPerStripe), pageCount);
        this.pages = pages;
        this.log = log;
    }

    /**
     * The write log kept with these pages, for the pager's life: closing what this returns leaves
     * it open, so a store reopened on this pager finds what the one before logged.
     */
    @Override
    public LogFile openLog() {
        return LogFile.unclosed(log);
    }

    /** A pager holding copies of {@code pages} and the write log {@code log} (a crash image of both). */
    public static MemoryPager of(String name, byte[][] pages, long pageCount, LogFile log) {
        return new MemoryPager(name, MEMO_SLOTS_PER_STRIPE, copies(pages, pageCount), pageCount, log);
    }

    /** A pager holding copies of {@code pages} (for example the durable state after a simulated crash). */
    public static MemoryPager of(String name, byte[][] pages, long pageCount) {
        return new MemoryPager(name, MEMO_SLOTS_PER_STRIPE, copies(pages, pageCount), pageCount);
    }

    private static MemorySegment[] copies(byte[][] pages, long pageCount) {
        MemorySegment[] copies = new MemorySegment[Math.max(16, (int) pageCount)];
        for (int i = 0; i < pageCount; i++) {
            copies[i] = pages[i] == null ? null : nativeCopy(MemorySegment.ofArray(pages[i]));
        }
        return copies;
    }

    /** A copy of every page's bytes (null for a page never written). */
    public byte[][] snapshotPages() {
        byte[][] copy = new byte[(int) pageCount()][];
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
        forgetVerified(pgno);
        return pages[(int) pgno];
    }

    @Override
    public MemorySegment read(long pgno) {
        ensureOpen();
        if (pgno < 0 || pgno >= pageCount()) {
            throw beyondTheEnd(pgno);
        }
        // A page allocated but never written lies beyond the array, or is null in it: both read as empty.
        MemorySegment[] current = pages;
        MemorySegment page = pgno < current.length ? current[(int) pgno] : null;
        if (page == null) {
            page = EMPTY;
        }
        return page.asReadOnly();
    }

    @Override
    public synchronized void write(long pgno, MemorySegment page) {
        ensureWritable();
        if (pgno > Integer.MAX_VALUE - 8) {
            throw new BigException("a memory pager holds at most 2^31 pages");
        }
        MemorySegment[] current = pages;
        if (pgno >= current.length) {
            current = Arrays.copyOf(current, (int) Math.max(pgno + 1, current.length * 2L));
        }
        forgetVerified(pgno);
        current[(int) pgno] = nativeCopy(page);
        pages = current;
        grewTo(pgno);
    }

    @Override
    public void sync() {
        ensureOpen();
    }

    @Override
    public synchronized void truncate(long newCount) {
        ensureOpen();
        MemorySegment[] current = pages.clone();
        for (long i = newCount; i < Math.min(pageCount(), current.length); i++) {
            current[(int) i] = null;
        }
        pages = current;
        truncatedTo(newCount);
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
    public void close() {
        markClosed();
    }
}
