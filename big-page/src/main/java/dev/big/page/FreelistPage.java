package dev.big.page;

import static dev.big.page.PageFormat.LE_LONG;

import java.lang.foreign.MemorySegment;

/**
 * One page of the freelist chain: runs of free page numbers. The meta page points to the first
 * page of the chain; each page points to the next with its checksum.
 *
 * <pre>
 * FreelistPage --&gt; Header Next NextChecksum Run^Count
 * Header       --&gt; {@link PageHeader} with kind FREELIST, Owner FREE, Count = runs
 * Next         --&gt; u64 page number of the next freelist page, 0 at the end of the chain
 * NextChecksum --&gt; u64 checksum of the next freelist page
 * Run          --&gt; Start:u64 Length:u64   pages [Start, Start + Length) are free
 * </pre>
 *
 * <p>Invariants: runs in a chain are sorted, disjoint and below the meta's PageCount; the
 * chain's own pages are not listed in it. The chain lists every free page, including pages a
 * still-open reader could see: after a crash no reader is open, so all of them are reusable.
 */
public final class FreelistPage {

    public static final int MAGIC = PageHeader.ascii("BIGF");
    public static final int VERSION_START = 1;
    public static final int VERSION_CURRENT = 1;

    static final int NEXT_OFFSET = PageHeader.SIZE_BYTES;
    static final int RUNS_OFFSET = NEXT_OFFSET + 16;
    public static final int RUN_SIZE_BYTES = 16;
    public static final int MAX_RUNS = (PageFormat.PAGE_SIZE_BYTES - RUNS_OFFSET) / RUN_SIZE_BYTES;

    public static void init(MemorySegment page, long pgno, long txid, PageRef next) {
        page.fill((byte) 0);
        PageHeader.init(page, PageKind.FREELIST, PageClass.FREE, pgno, txid);
        page.set(LE_LONG, NEXT_OFFSET, next.pgno());
        page.set(LE_LONG, NEXT_OFFSET + 8, next.checksum());
    }

    public static PageRef next(MemorySegment page) {
        return new PageRef(page.get(LE_LONG, NEXT_OFFSET), page.get(LE_LONG, NEXT_OFFSET + 8));
    }

    public static int runCount(MemorySegment page) {
        return PageHeader.count(page);
    }

    public static long runStart(MemorySegment page, int i) {
        return page.get(LE_LONG, RUNS_OFFSET + (long) i * RUN_SIZE_BYTES);
    }

    public static long runLength(MemorySegment page, int i) {
        return page.get(LE_LONG, RUNS_OFFSET + (long) i * RUN_SIZE_BYTES + 8);
    }

    /** Writes run {@code i}; call {@link PageHeader#setCount} with the number of runs afterwards. */
    public static void setRun(MemorySegment page, int i, long start, long length) {
        page.set(LE_LONG, RUNS_OFFSET + (long) i * RUN_SIZE_BYTES, start);
        page.set(LE_LONG, RUNS_OFFSET + (long) i * RUN_SIZE_BYTES + 8, length);
    }

    /** Explains a structural problem of an already checksum-verified freelist page, or returns null. */
    public static String structureError(MemorySegment page, long pageCount) {
        int runs = runCount(page);
        if (runs < 0 || runs > MAX_RUNS) {
            return "run count " + runs + " outside 0.." + MAX_RUNS;
        }
        for (int i = 0; i < runs; i++) {
            long start = runStart(page, i);
            long length = runLength(page, i);
            if (start < MetaPage.SLOTS || length < 1 || start + length > pageCount || start + length < start) {
                return "run " + i + " [" + start + ", +" + length + ") outside pages 2.." + pageCount;
            }
        }
        return null;
    }

    private FreelistPage() {}
}
