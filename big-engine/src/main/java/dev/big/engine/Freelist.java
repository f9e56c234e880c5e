package dev.big.engine;

import dev.big.engine.tree.PageAccess;
import dev.big.page.BigException;
import dev.big.page.FreelistPage;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import dev.big.page.PageRef;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.LongPredicate;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * Free pages: which may be reused now, and which must wait for readers.
 *
 * <p>A page freed by commit T was part of state T-1, so a reader of a snapshot older than T may
 * still read it. It stays <em>pending</em> until every open reader's snapshot is at least T, then
 * becomes <em>reusable</em>. On disk the freelist chain lists both kinds. When a store opens, no
 * reader of its own is open, but a read-only handle of another process may be: every listed page
 * starts pending on the commit the store opened at, and is reused once no such reader is older.
 *
 * <p>Page numbers are kept in {@link RoaringBitmap}s (which also makes runs cheap to find), so a
 * file holds at most 2^32 pages (32 TiB).
 */
final class Freelist {

    private record Pending(long txid, RoaringBitmap pages) {}

    private RoaringBitmap reusable;
    private final Deque<Pending> pending = new ArrayDeque<>();
    /** The pages of the chain that the last commit wrote; the next commit frees them. */
    private RoaringBitmap chainPages;

    private Freelist(RoaringBitmap reusable, RoaringBitmap chainPages) {
        this.reusable = reusable;
        this.chainPages = chainPages;
    }

    static Freelist empty() {
        return new Freelist(new RoaringBitmap(), new RoaringBitmap());
    }

    /**
     * A freelist of {@code free} pages recomputed from the trees of commit {@code txid}, pending on
     * it; the old chain's pages are among them.
     */
    static Freelist rebuilt(RoaringBitmap free, long txid) {
        Freelist freelist = new Freelist(new RoaringBitmap(), new RoaringBitmap());
        freelist.pending.add(new Pending(txid, free));
        return freelist;
    }

    /** Reads the chain of commit {@code txid}, starting at {@code head}; every listed page is pending on that commit. */
    static Freelist load(PageAccess access, PageRef head, long pageCount, long txid) {
        RoaringBitmap free = new RoaringBitmap();
        RoaringBitmap chain = new RoaringBitmap();
        PageRef ref = head;
        while (!ref.isNone()) {
            if (chain.contains((int) ref.pgno())) {
                throw new dev.big.page.CorruptPageException(access.file(), ref.pgno(), dev.big.page.PageKind.FREELIST,
                        "the freelist chain loops back to this page");
            }
            MemorySegment page = access.freelist(ref);
            String error = FreelistPage.structureError(page, pageCount);
            if (error != null) {
                throw new dev.big.page.CorruptPageException(access.file(), ref.pgno(), dev.big.page.PageKind.FREELIST, error);
            }
            chain.add((int) ref.pgno());
            for (int i = 0; i < FreelistPage.runCount(page); i++) {
                long start = FreelistPage.runStart(page, i);
                free.add(start, start + FreelistPage.runLength(page, i));
            }
            ref = FreelistPage.next(page);
        }
        Freelist freelist = new Freelist(new RoaringBitmap(), chain);
        freelist.pending.add(new Pending(txid, free));
        return freelist;
    }

    /**
     * Makes pages freed by commits up to {@code txid} reusable (no reader of this store is older
     * than that), each commit's only if {@code otherReaderOlderThan} says no reader of another
     * handle or process is older than it either.
     */
    synchronized void releaseUpTo(long txid, LongPredicate otherReaderOlderThan) {
        while (!pending.isEmpty() && pending.peekFirst().txid <= txid
                && !otherReaderOlderThan.test(pending.peekFirst().txid)) {
            reusable.or(pending.pollFirst().pages);
        }
    }

    /** A private copy for a write transaction to allocate from; the freelist itself changes only on commit. */
    synchronized Allocation beginAllocation() {
        return new Allocation(reusable.clone());
    }

    synchronized long freePages() {
        long count = reusable.getLongCardinality();
        for (Pending p : pending) {
            count += p.pages.getLongCardinality();
        }
        return count;
    }

    synchronized long reusablePages() {
        return reusable.getLongCardinality();
    }

    /** Every free page, reusable or pending (what the chain lists). */
    synchronized RoaringBitmap allFree() {
        RoaringBitmap all = reusable.clone();
        for (Pending p : pending) {
            all.or(p.pages);
        }
        return all;
    }

    /** Installs the outcome of commit {@code txid}. */
    synchronized void committed(long txid, Allocation allocation) {
        reusable = allocation.reusable;
        if (!allocation.freed.isEmpty()) {
            pending.addLast(new Pending(txid, allocation.freed));
        }
        chainPages = allocation.newChain;
    }

    synchronized RoaringBitmap chainPages() {
        return chainPages.clone();
    }

    /** Page bookkeeping of one write transaction. */
    final class Allocation {
        private final RoaringBitmap reusable;
        private final RoaringBitmap freed = new RoaringBitmap();
        private final RoaringBitmap allocated = new RoaringBitmap();
        private RoaringBitmap newChain = new RoaringBitmap();
        private long pageCount;

        private Allocation(RoaringBitmap reusable) {
            this.reusable = reusable;
        }

        void startAt(long pageCount) {
            this.pageCount = pageCount;
        }

        long pageCount() {
            return pageCount;
        }

        long allocate() {
            if (!reusable.isEmpty()) {
                int pgno = reusable.first();
                reusable.remove(pgno);
                allocated.add(pgno);
                return Integer.toUnsignedLong(pgno);
            }
            if (pageCount >= (1L << 32)) {
                throw new BigException("the file has reached 2^32 pages (32 TiB), the most a big file can hold");
            }
            allocated.add((int) pageCount);
            return pageCount++;
        }

        void free(long pgno) {
            if (freed.contains((int) pgno) || reusable.contains((int) pgno)) {
                throw new IllegalStateException("page " + pgno + " freed twice (engine bug)");
            }
            if (allocated.contains((int) pgno)) {
                throw new IllegalStateException("page " + pgno + " was written by this transaction and freed by it (engine bug)");
            }
            freed.add((int) pgno);
        }

        long freedCount() {
            return freed.getLongCardinality();
        }

        /**
         * Writes the freelist chain for the state after this commit: every page free now (the
         * remaining reusable ones, the pending ones of earlier commits, and those this commit
         * freed, including the previous chain). Its own pages are taken from the reusable set
         * first; taking one can split a run of the combined set, so pages are taken until the
         * runs fit the pages taken.
         */
        Chain writeChain(long txid, Iterable<RoaringBitmap> pendingSets, PageWriter writer) {
            for (int pgno : chainPages) {
                free(Integer.toUnsignedLong(pgno));
            }
            RoaringBitmap all = reusable.clone();
            all.or(freed);
            for (RoaringBitmap set : pendingSets) {
                all.or(set);
            }
            java.util.List<Long> taken = new java.util.ArrayList<>();
            while (pagesFor(countRuns(all)) > taken.size()) {
                long pgno = allocate();
                taken.add(pgno);
                all.remove((int) pgno);
            }
            int needed = taken.size();
            long[] chain = new long[needed];
            for (int i = 0; i < needed; i++) {
                chain[i] = taken.get(i);
            }
            newChain = new RoaringBitmap();
            for (long pgno : chain) {
                newChain.add((int) pgno);
            }
            long[][] runs = runsOf(all);
            MemorySegment page = MemorySegment.ofArray(new long[PageFormat.PAGE_SIZE_BYTES / Long.BYTES]);
            PageRef next = PageRef.NONE;
            for (int p = needed - 1; p >= 0; p--) {
                FreelistPage.init(page, chain[p], txid, next);
                int from = p * FreelistPage.MAX_RUNS;
                int to = Math.min(runs.length, from + FreelistPage.MAX_RUNS);
                for (int r = from; r < to; r++) {
                    FreelistPage.setRun(page, r - from, runs[r][0], runs[r][1]);
                }
                PageHeader.setCount(page, Math.max(0, to - from));
                long checksum = PageHeader.seal(page);
                writer.write(chain[p], page);
                next = new PageRef(chain[p], checksum);
            }
            return new Chain(next, all.getLongCardinality());
        }
    }

    /** The head of a freshly written chain and how many free pages it lists. */
    record Chain(PageRef head, long freePages) {}

    /** Snapshot of the pending sets, for writing the chain. */
    synchronized Iterable<RoaringBitmap> pendingSets() {
        java.util.List<RoaringBitmap> sets = new java.util.ArrayList<>();
        for (Pending p : pending) {
            sets.add(p.pages);
        }
        return sets;
    }

    interface PageWriter {
        void write(long pgno, MemorySegment page);
    }

    private static int pagesFor(int runs) {
        return (runs + FreelistPage.MAX_RUNS - 1) / FreelistPage.MAX_RUNS;
    }

    static int countRuns(RoaringBitmap set) {
        int runs = 0;
        long previous = -2;
        IntIterator it = set.getIntIterator();
        while (it.hasNext()) {
            long pgno = Integer.toUnsignedLong(it.next());
            if (pgno != previous + 1) {
                runs++;
            }
            previous = pgno;
        }
        return runs;
    }

    private static long[][] runsOf(RoaringBitmap set) {
        long[][] runs = new long[countRuns(set)][];
        int r = -1;
        long previous = -2;
        IntIterator it = set.getIntIterator();
        while (it.hasNext()) {
            long pgno = Integer.toUnsignedLong(it.next());
            if (pgno != previous + 1) {
                runs[++r] = new long[] {pgno, 1};
            } else {
                runs[r][1]++;
            }
            previous = pgno;
        }
        return runs;
    }
}
