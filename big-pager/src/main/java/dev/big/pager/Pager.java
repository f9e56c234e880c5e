package dev.big.pager;

import dev.big.page.BitmapPage;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import java.lang.foreign.MemorySegment;

/**
 * The file a database lives in, as numbered 8 KiB pages.
 *
 * <p>Contract: {@link #read} returns a view of the page's current bytes, without copying; the
 * view stays readable until the pager closes, and callers never write into it. Under
 * copy-on-write a page's bytes change only when its number is reused by {@link #write}, which the
 * engine does only after no reader can reach the old contents. Writes are not durable until
 * {@link #sync} returns.
 *
 * <p>Verification: {@link #verifyPage} and {@link #verifyBitmap} answer whether a page's bytes
 * have the checksum its parent recorded. The defaults recompute the hash every time; an
 * implementation may remember verified (page, checksum) pairs, which changes the cost, never the
 * answer.
 */
public interface Pager extends AutoCloseable {

    int PAGE_SIZE_BYTES = PageFormat.PAGE_SIZE_BYTES;

    /** A read-only view of page {@code pgno}, which must be below {@link #pageCount()}. */
    MemorySegment read(long pgno);

    /** Copies {@code page} (8,192 bytes) to page {@code pgno}, growing the file if needed. */
    void write(long pgno, MemorySegment page);

    /** Reserves the page after the last one and returns its number; it is written later. */
    long allocate();

    /** The number of pages in the file, including those {@link #allocate}d but not yet written. */
    long pageCount();

    /**
     * For a read-only pager: learns how far a writer of another handle or process has grown the
     * file since, so its new pages can be read. Returns {@link #pageCount()}.
     */
    default long followGrowth() {
        return pageCount();
    }

    /** The file's size in bytes (it may end in a partial page, which no page number reaches). */
    default long fileSizeBytes() {
        return pageCount() * PAGE_SIZE_BYTES;
    }

    /** Forces every write so far to stable storage. */
    void sync();

    /** Drops every page from {@code pageCount} on. No view of those pages may be in use. */
    void truncate(long pageCount);

    /** Whether the pager was opened read-only; writes are refused. */
    boolean readOnly();

    /** The file's name, for messages. */
    String name();

    /**
     * Whether headed page {@code pgno}, whose bytes are {@code page}, carries checksum
     * {@code expectedChecksum}: the stored checksum and the hash of bytes {@code [8, 8192)} must
     * both equal it. Identity (kind, page number) is the caller's to check.
     */
    default boolean verifyPage(long pgno, MemorySegment page, long expectedChecksum) {
        return PageHeader.storedChecksum(page) == expectedChecksum
                && PageHeader.computeChecksum(page) == expectedChecksum;
    }

    /** Whether bitmap page {@code pgno}, whose bytes are {@code page}, hashes to {@code expectedChecksum}. */
    default boolean verifyBitmap(long pgno, MemorySegment page, long expectedChecksum) {
        return BitmapPage.checksum(page) == expectedChecksum;
    }

    /**
     * Tells writers in other handles and processes of this file that a reader holds snapshot
     * {@code txid}, so they keep its pages ({@link #otherReaderOlderThan}); the reader closes the pin
     * when it ends. The default, for a pager no one else opens, pins nothing.
     */
    default SnapshotPin pinSnapshot(long txid) {
        return SnapshotPin.NONE;
    }

    /**
     * Whether a reader in another handle or process of this file has pinned a snapshot older than
     * {@code txid}: a writer reuses the pages freed by commit {@code txid} only when none has.
     */
    default boolean otherReaderOlderThan(long txid) {
        return false;
    }

    /**
     * Opens the write log beside this file ({@link LogFile#pathFor}): for reading only if this pager
     * is read-only, and then an absent log reads as empty. The caller closes it. The default, for a
     * pager that is no file, has none.
     */
    default LogFile openLog() {
        throw new UnsupportedOperationException(name() + " keeps no write log");
    }

    /** Closes the file; views handed out earlier become unreadable. */
    @Override
    void close();
}
