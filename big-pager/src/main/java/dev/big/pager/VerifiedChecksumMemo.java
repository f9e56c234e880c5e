package dev.big.pager;

import dev.big.page.BitmapPage;
import dev.big.page.PageHeader;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Remembers which pages have been verified against which checksum, so a page read again and
 * again (a bit plane on every point read) is hashed once.
 *
 * <p>Why it is sound: under copy-on-write a written page never changes until its number is
 * reused, and reuse goes through {@link #forget} before the new bytes are written. A hit requires
 * the caller's expected checksum to equal the remembered one, so a wrong expectation is never
 * waved through. The memo lives in memory only: nothing survives reopening.
 *
 * <p>Shape: 64 stripes (chosen by a mix of the page number) of direct-mapped slots. A slot holds
 * an immutable {@link Entry}, so a reader sees a page number and checksum that belong together
 * without locking; a collision simply evicts. Striping spreads concurrent reader threads over
 * separate arrays.
 *
 * <p>The mix is a multiplication by an odd constant and nothing more, so its low bits are a
 * bijection of the page number's low bits: the pages of a file no larger than the memo each get
 * a slot of their own and never evict each other. A finaliser that also folded high bits in
 * (it did, {@code z ^ (z >>> 29)}) made 11 of a 2,000-page file's pages share a slot with another
 * (and 1,606 of 4,096 when the file filled the memo);
 * a query touching both rehashed both every time, and GROUP BY over a 1M-record file spent a
 * fifth of its time hashing 8 KiB bitmap pages it had verified a moment before.
 */
final class VerifiedChecksumMemo {

    static final int STRIPES = 64;
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Entry[].class);

    /** What was hashed: a headed page hashes bytes [8, 8192), a bitmap page all of them. */
    enum Hash { HEADED_PAGE, BITMAP_PAGE }

    private record Entry(long pgno, long checksum, Hash hash) {}

    private final Entry[][] stripes;
    private final int slotMask;

    /** A memo with room for {@code STRIPES * slotsPerStripe} pages; slotsPerStripe must be a power of two. */
    VerifiedChecksumMemo(int slotsPerStripe) {
        if (Integer.bitCount(slotsPerStripe) != 1) {
            throw new IllegalArgumentException("slots per stripe must be a power of two: " + slotsPerStripe);
        }
        stripes = new Entry[STRIPES][slotsPerStripe];
        slotMask = slotsPerStripe - 1;
    }

    /**
     * Whether {@code pgno} was verified against exactly {@code checksum}, hashed the way
     * {@code hash} says, and not forgotten since.
     */
    boolean isVerified(long pgno, long checksum, Hash hash) {
        long mixed = mix(pgno);
        Entry entry = (Entry) SLOTS.getAcquire(stripes[(int) mixed & (STRIPES - 1)], slot(mixed));
        return entry != null && entry.pgno == pgno && entry.checksum == checksum && entry.hash == hash;
    }

    /** Records that {@code pgno}'s bytes, hashed the way {@code hash} says, came to {@code checksum}. */
    void remember(long pgno, long checksum, Hash hash) {
        long mixed = mix(pgno);
        SLOTS.setRelease(stripes[(int) mixed & (STRIPES - 1)], slot(mixed), new Entry(pgno, checksum, hash));
    }

    /** Forgets {@code pgno}; called before its bytes are overwritten. */
    void forget(long pgno) {
        long mixed = mix(pgno);
        Entry[] stripe = stripes[(int) mixed & (STRIPES - 1)];
        int slot = slot(mixed);
        Entry entry = (Entry) SLOTS.getAcquire(stripe, slot);
        if (entry != null && entry.pgno == pgno) {
            SLOTS.setRelease(stripe, slot, null);
        }
    }

    /** Forgets every page numbered {@code pageCount} or more (the file was truncated). */
    void forgetFrom(long pageCount) {
        for (Entry[] stripe : stripes) {
            for (int slot = 0; slot < stripe.length; slot++) {
                Entry entry = (Entry) SLOTS.getAcquire(stripe, slot);
                if (entry != null && entry.pgno >= pageCount) {
                    SLOTS.setRelease(stripe, slot, null);
                }
            }
        }
    }

    /** {@link Pager#verifyPage} through the memo: hash only what was not verified before. */
    boolean verifyPage(long pgno, MemorySegment page, long expectedChecksum) {
        if (PageHeader.storedChecksum(page) != expectedChecksum) {
            return false;
        }
        if (isVerified(pgno, expectedChecksum, Hash.HEADED_PAGE)) {
            return true;
        }
        if (PageHeader.computeChecksum(page) == expectedChecksum) {
            remember(pgno, expectedChecksum, Hash.HEADED_PAGE);
            return true;
        }
        return false;
    }

    /** {@link Pager#verifyBitmap} through the memo. */
    boolean verifyBitmap(long pgno, MemorySegment page, long expectedChecksum) {
        if (isVerified(pgno, expectedChecksum, Hash.BITMAP_PAGE)) {
            return true;
        }
        if (BitmapPage.checksum(page) == expectedChecksum) {
            remember(pgno, expectedChecksum, Hash.BITMAP_PAGE);
            return true;
        }
        return false;
    }

    private int slot(long mixed) {
        return (int) (mixed >>> 6) & slotMask;
    }

    /** Spreads consecutive page numbers over stripes and slots, one slot per page up to the memo's size. */
    private static long mix(long pgno) {
        return pgno * 0x9E3779B97F4A7C15L;
    }
}
