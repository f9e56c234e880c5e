package dev.big.pager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.BitmapPage;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import java.io.RandomAccessFile;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class VerifiedChecksumMemoTest {

    @Test
    void aWrongChecksumNeverPassesEvenAfterTheRightOneWasRemembered() {
        try (MmapPager pager = MmapPager.open(TestDirs.newDir("memo").resolve("w.big"), OpenMode.CREATE_NEW)) {
            MemorySegment page = Pages.randomBitmap(new Random(3));
            pager.write(5, page);
            long right = BitmapPage.checksum(page);
            assertTrue(pager.verifyBitmap(5, pager.read(5), right));
            assertTrue(pager.verifyBitmap(5, pager.read(5), right));
            assertFalse(pager.verifyBitmap(5, pager.read(5), right + 1));
            assertFalse(pager.verifyBitmap(5, pager.read(5), ~right));
            assertTrue(pager.verifyBitmap(5, pager.read(5), right));
        }
    }

    @Test
    void aRewrittenPageNeverVerifiesAgainstItsOldChecksum() {
        try (MmapPager pager = MmapPager.open(TestDirs.newDir("memo").resolve("r.big"), OpenMode.CREATE_NEW)) {
            Random random = new Random(4);
            MemorySegment before = Pages.randomBitmap(random);
            pager.write(7, before);
            long old = BitmapPage.checksum(before);
            assertTrue(pager.verifyBitmap(7, pager.read(7), old));
            MemorySegment after = Pages.randomBitmap(random);
            pager.write(7, after);
            assertFalse(pager.verifyBitmap(7, pager.read(7), old));
            assertTrue(pager.verifyBitmap(7, pager.read(7), BitmapPage.checksum(after)));

            MemorySegment header = Pages.branch(8, 1);
            pager.write(8, header);
            long headerChecksum = PageHeader.storedChecksum(header);
            assertTrue(pager.verifyPage(8, pager.read(8), headerChecksum));
            pager.write(8, Pages.branch(8, 2));
            assertFalse(pager.verifyPage(8, pager.read(8), headerChecksum));
        }
    }

    @Test
    void truncationDropsTheEntriesOfTheDroppedPages() {
        try (MmapPager pager = MmapPager.open(TestDirs.newDir("memo").resolve("t.big"), OpenMode.CREATE_NEW)) {
            Random random = new Random(5);
            MemorySegment page = Pages.randomBitmap(random);
            pager.write(9, page);
            long checksum = BitmapPage.checksum(page);
            assertTrue(pager.verifyBitmap(9, pager.read(9), checksum));
            pager.truncate(9);
            pager.write(9, Pages.randomBitmap(random));
            assertFalse(pager.verifyBitmap(9, pager.read(9), checksum));
        }
    }

    @Test
    void nothingSurvivesReopening() throws Exception {
        Path file = TestDirs.newDir("memo").resolve("reopen.big");
        long checksum;
        try (MmapPager pager = MmapPager.open(file, OpenMode.CREATE_NEW)) {
            MemorySegment page = Pages.randomBitmap(new Random(6));
            pager.write(2, page);
            checksum = BitmapPage.checksum(page);
            assertTrue(pager.verifyBitmap(2, pager.read(2), checksum));
            pager.sync();
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(2L * PageFormat.PAGE_SIZE_BYTES + 100);
            int b = raf.read();
            raf.seek(2L * PageFormat.PAGE_SIZE_BYTES + 100);
            raf.write(b ^ 0x10);
        }
        try (MmapPager pager = MmapPager.open(file, OpenMode.READ_WRITE)) {
            assertFalse(pager.verifyBitmap(2, pager.read(2), checksum));
        }
    }

    /**
     * Random writes, truncations and verifications (right and wrong checksums) against a pager with
     * the memo and one without: every answer must agree.
     */
    @Test
    void memoAndRecomputingDefaultAgreeOnRandomInputs() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Path dir = TestDirs.newDir("memo-agree");
        try (MmapPager memo = MmapPager.open(dir.resolve("memo.big"), OpenMode.CREATE_NEW, true);
             MmapPager plain = MmapPager.open(dir.resolve("plain.big"), OpenMode.CREATE_NEW, false)) {
            int pages = 64;
            long[] checksums = new long[pages];
            long[] stale = new long[pages];
            boolean[] bitmap = new boolean[pages];
            long written = 0;
            for (int step = 0; step < 20_000; step++) {
                int op = random.nextInt(10);
                int pgno = random.nextInt(pages);
                if (op < 2 || written <= pgno) {
                    MemorySegment page = random.nextBoolean() ? Pages.randomBitmap(random) : Pages.branch(pgno, random.nextLong());
                    memo.write(pgno, page);
                    plain.write(pgno, page);
                    bitmap[pgno] = PageHeader.storedChecksum(page) != PageHeader.computeChecksum(page);
                    stale[pgno] = checksums[pgno];
                    checksums[pgno] = bitmap[pgno] ? BitmapPage.checksum(page) : PageHeader.storedChecksum(page);
                    written = Math.max(written, pgno + 1);
                } else if (op == 2 && random.nextInt(20) == 0) {
                    int to = 1 + random.nextInt((int) written);
                    memo.truncate(to);
                    plain.truncate(to);
                    written = to;
                } else {
                    long expected = switch (random.nextInt(3)) {
                        case 0 -> checksums[pgno];
                        case 1 -> stale[pgno];
                        default -> random.nextLong();
                    };
                    boolean viaMemo = memo.verifyBitmap(pgno, memo.read(pgno), expected);
                    boolean recomputed = plain.verifyBitmap(pgno, plain.read(pgno), expected);
                    assertEquals(recomputed, viaMemo, "verifyBitmap disagrees at step " + step + ", seed " + seed);
                    viaMemo = memo.verifyPage(pgno, memo.read(pgno), expected);
                    recomputed = plain.verifyPage(pgno, plain.read(pgno), expected);
                    assertEquals(recomputed, viaMemo, "verifyPage disagrees at step " + step + ", seed " + seed);
                }
            }
        }
    }

    @Test
    void concurrentReadersGetTheRightAnswerFromTheMemo() throws Exception {
        Path file = TestDirs.newDir("memo-threads").resolve("c.big");
        try (MmapPager pager = MmapPager.open(file, OpenMode.CREATE_NEW)) {
            int pages = 512;
            long[] checksums = new long[pages];
            Random random = new Random(7);
            for (int i = 0; i < pages; i++) {
                MemorySegment page = Pages.randomBitmap(random);
                pager.write(i, page);
                checksums[i] = BitmapPage.checksum(page);
            }
            ExecutorService threads = Executors.newFixedThreadPool(8);
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                long seed = t;
                results.add(threads.submit(() -> {
                    Random r = new Random(seed);
                    int wrong = 0;
                    for (int i = 0; i < 50_000; i++) {
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
            threads.shutdown();
        }
    }
}
