package dev.big.pager;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.BigException;
import dev.big.page.BitmapPage;
import dev.big.page.DatabaseClosedException;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * What every {@link Pager} promises, written once and run against each implementation (as
 * Lucene's {@code BaseDirectoryTestCase} is against every {@code Directory}): a subclass says how
 * to make an empty pager; {@link ReadOnlyPagerContract} adds what pagers with a read-only mode promise.
 *
 * <p>Pagers made here remember few verified pages ({@link #MEMO_SLOTS_PER_STRIPE}), so tests
 * that touch more pages than that also run the memo's evictions; the page numbers written cross
 * the boundaries where a file mapping grows. Random tests print their seed on failure.
 */
abstract class PagerContract {

    /** Two slots per stripe: 128 pages fit the memo, so tests over more pages evict. */
    static final int MEMO_SLOTS_PER_STRIPE = 2;

    /** Page numbers around the points where a mapped file adds a chunk (256 pages, then doubling). */
    private static final long[] GROWTH_PAGES = {255, 256, 257, 511, 512, 513, 1023, 1024, 2047, 2048, 4097, 40_000};

    /** The Pager interface's own verification, which rehashes every page: what any memo must agree with. */
    private static final Pager RECOMPUTING = new Pager() {
        @Override public MemorySegment read(long pgno) { throw new UnsupportedOperationException(); }
        @Override public void write(long pgno, MemorySegment page) { throw new UnsupportedOperationException(); }
        @Override public long allocate() { throw new UnsupportedOperationException(); }
        @Override public long pageCount() { throw new UnsupportedOperationException(); }
        @Override public void sync() { throw new UnsupportedOperationException(); }
        @Override public void truncate(long pageCount) { throw new UnsupportedOperationException(); }
        @Override public boolean readOnly() { return true; }
        @Override public String name() { return "the Pager defaults"; }
        @Override public void close() {}
    };

    private final List<Pager> opened = new ArrayList<>();

    /** A new, empty, writable pager whose memo (if it has one) has {@link #MEMO_SLOTS_PER_STRIPE} slots per stripe. */
    abstract Pager create();

    /** A new pager from {@link #create()}, closed after the test. */
    Pager newPager() {
        Pager pager = create();
        opened.add(pager);
        return pager;
    }

    /** Closes {@code pager} after the test. */
    Pager closedAfterTest(Pager pager) {
        opened.add(pager);
        return pager;
    }

    @AfterEach
    void closeAll() {
        for (Pager pager : opened) {
            pager.close();
        }
    }

    // ------------------------------------------------------------------ reads and writes

    @Test
    void pagesReadBackAsWrittenInAnyOrder() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Pager pager = newPager();
        Map<Long, byte[]> model = new HashMap<>();
        for (int round = 0; round < 4; round++) {
            for (int i = 0; i < 80; i++) {
                long pgno = random.nextInt(600);
                MemorySegment page = randomPage(random, pgno);
                pager.write(pgno, page);
                model.put(pgno, page.toArray(PageFormat.BYTE));
            }
            if (random.nextBoolean()) {
                pager.sync();
            }
            for (Map.Entry<Long, byte[]> e : model.entrySet()) {
                assertArrayEquals(e.getValue(), pager.read(e.getKey()).toArray(PageFormat.BYTE),
                        "page " + e.getKey() + " in round " + round + ", seed " + seed);
            }
        }
    }

    @Test
    void aWriteCopiesThePageItIsGiven() {
        Pager pager = newPager();
        MemorySegment page = Pages.randomBitmap(new Random(1));
        byte[] written = page.toArray(PageFormat.BYTE);
        pager.write(2, page);
        page.fill((byte) 0x5A);
        assertArrayEquals(written, pager.read(2).toArray(PageFormat.BYTE));
    }

    @Test
    void pageCountCoversEveryWriteAndAllocation() {
        Pager pager = newPager();
        assertEquals(0, pager.pageCount());
        pager.write(3, Pages.branch(3, 1));
        assertEquals(4, pager.pageCount());
        assertEquals(4, pager.allocate());
        assertEquals(5, pager.pageCount());
        pager.write(2, Pages.branch(2, 1));
        assertEquals(5, pager.pageCount(), "a write below the end does not move it");
        pager.write(4, Pages.branch(4, 1));
        assertEquals(5, pager.pageCount(), "writing an allocated page does not move the end");
        pager.write(9, Pages.branch(9, 1));
        assertEquals(10, pager.pageCount());
        assertEquals(10, pager.allocate());
        assertEquals(11, pager.followGrowth(), "a writable pager's growth is its own");
    }

    /**
     * A page number below zero or past everything the pager holds is refused. (Between the page
     * count and the end of a file's mapping a read is the caller's error, which the engine's own
     * bound check catches first: the mapped pager does not spend a check on it.)
     */
    @Test
    void readsOutsideThePagesAreRefused() {
        Pager pager = newPager();
        pager.write(0, Pages.branch(0, 1));
        pager.write(1, Pages.branch(1, 1));
        for (long pgno : new long[] {-1, Long.MIN_VALUE, 1_000_000}) {
            var error = assertThrows(IllegalArgumentException.class, () -> pager.read(pgno), "page " + pgno);
            assertTrue(error.getMessage().contains("beyond the end"), error.getMessage());
        }
    }

    @Test
    void growingNeverInvalidatesAViewAReaderHolds() {
        Random random = new Random(2);
        Pager pager = newPager();
        MemorySegment first = Pages.randomBitmap(random);
        pager.write(3, first);
        MemorySegment view = pager.read(3);
        byte[] expected = first.toArray(PageFormat.BYTE);
        Map<Long, byte[]> written = new HashMap<>();
        MemorySegment lastView = view;
        byte[] lastExpected = expected;
        for (long pgno : GROWTH_PAGES) {
            MemorySegment page = Pages.randomBitmap(random);
            pager.write(pgno, page);
            written.put(pgno, page.toArray(PageFormat.BYTE));
            assertArrayEquals(expected, view.toArray(PageFormat.BYTE), "view of page 3 after growing to " + pgno);
            assertArrayEquals(lastExpected, lastView.toArray(PageFormat.BYTE), "view of the page before " + pgno);
            lastView = pager.read(pgno);
            lastExpected = written.get(pgno);
        }
        for (Map.Entry<Long, byte[]> e : written.entrySet()) {
            assertArrayEquals(e.getValue(), pager.read(e.getKey()).toArray(PageFormat.BYTE), "page " + e.getKey());
        }
    }

    @Test
    void truncateDropsThePagesPastItAndWritesGrowAgain() {
        Random random = new Random(3);
        Pager pager = newPager();
        byte[][] pages = new byte[10][];
        for (int i = 0; i < pages.length; i++) {
            MemorySegment page = randomPage(random, i);
            pager.write(i, page);
            pages[i] = page.toArray(PageFormat.BYTE);
        }
        pager.sync();
        pager.truncate(5);
        assertEquals(5, pager.pageCount());
        assertEquals(5L * PageFormat.PAGE_SIZE_BYTES, pager.fileSizeBytes());
        for (int i = 0; i < 5; i++) {
            assertArrayEquals(pages[i], pager.read(i).toArray(PageFormat.BYTE), "page " + i);
        }
        MemorySegment again = Pages.randomBitmap(random);
        pager.write(5, again);
        assertEquals(6, pager.pageCount());
        assertArrayEquals(again.toArray(PageFormat.BYTE), pager.read(5).toArray(PageFormat.BYTE));
        assertEquals(6, pager.allocate());
    }

    @Test
    void theFileHoldsEveryWrittenPageInWholePages() {
        Pager pager = newPager();
        assertEquals(8192, Pager.PAGE_SIZE_BYTES);
        for (long pgno : new long[] {0, 1, 7, 300}) {
            pager.write(pgno, Pages.branch(pgno, 1));
            assertTrue(pager.fileSizeBytes() >= (pgno + 1) * Pager.PAGE_SIZE_BYTES,
                    "after writing page " + pgno + " the file has " + pager.fileSizeBytes() + " bytes");
        }
        pager.sync();
        pager.truncate(pager.pageCount());
        assertEquals(pager.pageCount() * Pager.PAGE_SIZE_BYTES, pager.fileSizeBytes());
    }

    // ------------------------------------------------------------------ verification

    @Test
    void aWrongChecksumNeverPassesEvenAfterTheRightOneWasRemembered() {
        Pager pager = newPager();
        long right = writeVerifiedBitmap(pager, 5, new Random(3));
        assertTrue(bitmapVerifies(pager, 5, right));
        assertFalse(bitmapVerifies(pager, 5, right + 1));
        assertFalse(bitmapVerifies(pager, 5, ~right));
        assertTrue(bitmapVerifies(pager, 5, right));
    }

    @Test
    void aRewrittenPageNeverVerifiesAgainstItsOldChecksum() {
        Random random = new Random(4);
        Pager pager = newPager();
        long old = writeVerifiedBitmap(pager, 7, random);
        long now = writeRandomBitmap(pager, 7, random);
        assertFalse(bitmapVerifies(pager, 7, old));
        assertTrue(bitmapVerifies(pager, 7, now));

        MemorySegment header = Pages.branch(8, 1);
        pager.write(8, header);
        long headerChecksum = PageHeader.storedChecksum(header);
        assertTrue(pager.verifyPage(8, pager.read(8), headerChecksum));
        pager.write(8, Pages.branch(8, 2));
        assertFalse(pager.verifyPage(8, pager.read(8), headerChecksum));
    }

    @Test
    void truncationDropsTheEntriesOfTheDroppedPages() {
        Pager pager = newPager();
        long dropped = writeVerifiedBitmap(pager, 9, new Random(5));
        pager.truncate(9);
        writeRandomBitmap(pager, 9, new Random(6));
        assertFalse(bitmapVerifies(pager, 9, dropped), "the memo remembered a page truncation dropped");
    }

    /**
     * Random writes, truncations and verifications (right, stale and random checksums, of bitmap
     * and headed pages, each asked both ways) over more pages than the memo holds: every answer
     * must be the one the recomputing {@link Pager} defaults give.
     */
    @Test
    void verificationAgreesWithTheRecomputingDefaultOnRandomInputs() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Pager pager = newPager();
        int pages = 400;
        long[] checksums = new long[pages];
        long[] stale = new long[pages];
        long written = 0;
        for (int step = 0; step < 20_000; step++) {
            int op = random.nextInt(10);
            int pgno = random.nextInt(pages);
            if (op < 2 || written <= pgno) {
                MemorySegment page = randomPage(random, pgno);
                pager.write(pgno, page);
                boolean bitmap = PageHeader.storedChecksum(page) != PageHeader.computeChecksum(page);
                stale[pgno] = checksums[pgno];
                checksums[pgno] = bitmap ? BitmapPage.checksum(page) : PageHeader.storedChecksum(page);
                written = Math.max(written, pgno + 1);
            } else if (op == 2 && random.nextInt(20) == 0) {
                int to = 1 + random.nextInt((int) written);
                pager.truncate(to);
                written = to;
            } else {
                long expected = switch (random.nextInt(3)) {
                    case 0 -> checksums[pgno];
                    case 1 -> stale[pgno];
                    default -> random.nextLong();
                };
                MemorySegment page = pager.read(pgno);
                assertEquals(RECOMPUTING.verifyBitmap(pgno, page, expected), pager.verifyBitmap(pgno, page, expected),
                        "verifyBitmap disagrees at step " + step + ", seed " + seed);
                assertEquals(RECOMPUTING.verifyPage(pgno, page, expected), pager.verifyPage(pgno, page, expected),
                        "verifyPage disagrees at step " + step + ", seed " + seed);
            }
        }
    }

    @Test
    void concurrentReadersGetTheRightAnswers() throws Exception {
        Pager pager = newPager();
        int pages = 512;
        long[] checksums = new long[pages];
        Random random = new Random(7);
        for (int i = 0; i < pages; i++) {
            MemorySegment page = Pages.randomBitmap(random);
            pager.write(i, page);
            checksums[i] = BitmapPage.checksum(page);
        }
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                long seed = t;
                results.add(threads.submit(() -> {
                    Random r = new Random(seed);
                    int wrong = 0;
                    for (int i = 0; i < 20_000; i++) {
                        int pgno = r.nextInt(pages);
                        boolean right = r.nextInt(4) != 0;
                        long expected = right ? checksums[pgno] : checksums[pgno] ^ (1L << r.nextInt(64));
                        if (pager.verifyBitmap(pgno, pager.read(pgno), expected) != right) {
                            wrong++;
                        }
                    }
                    return wrong;
                }));
            }
            for (Future<Integer> result : results) {
                assertEquals(0, result.get());
            }
        } finally {
            threads.shutdown();
        }
    }

    // ------------------------------------------------------------------ refusals

    @Test
    void aClosedPagerRefusesEverything() {
        Pager pager = newPager();
        pager.write(0, Pages.branch(0, 1));
        pager.close();
        assertThrows(DatabaseClosedException.class, () -> pager.read(0));
        for (Executable change : changes(pager)) {
            assertThrows(DatabaseClosedException.class, change);
        }
        pager.close();
    }

    /** Every call that changes a pager holding pages 0 and 1: rewriting one, growing, syncing, truncating. */
    static List<Executable> changes(Pager pager) {
        return List.of(
                () -> pager.write(0, Pages.branch(0, 2)),
                () -> pager.write(2, Pages.branch(2, 2)),
                pager::allocate,
                pager::sync,
                () -> pager.truncate(1));
    }

    /** Writes a random bitmap page at {@code pgno}; returns its checksum. */
    private static long writeRandomBitmap(Pager pager, long pgno, Random random) {
        MemorySegment page = Pages.randomBitmap(random);
        pager.write(pgno, page);
        return BitmapPage.checksum(page);
    }

    /** {@link #writeRandomBitmap}, then verifies the page once (so a memo remembers it). */
    private static long writeVerifiedBitmap(Pager pager, long pgno, Random random) {
        long checksum = writeRandomBitmap(pager, pgno, random);
        assertTrue(bitmapVerifies(pager, pgno, checksum), "page " + pgno + " right after it was written");
        return checksum;
    }

    private static boolean bitmapVerifies(Pager pager, long pgno, long checksum) {
        return pager.verifyBitmap(pgno, pager.read(pgno), checksum);
    }

    /** A random bitmap page or a headed page numbered {@code pgno}. */
    private static MemorySegment randomPage(Random random, long pgno) {
        return random.nextBoolean() ? Pages.randomBitmap(random) : Pages.branch(pgno, random.nextLong());
    }
}
