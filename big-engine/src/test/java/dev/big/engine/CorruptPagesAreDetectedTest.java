package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.big.engine.check.StoreCheckReport;
import dev.big.engine.tree.Tree;
import dev.big.page.BranchPage;
import dev.big.page.ContainerKind;
import dev.big.page.CorruptPageException;
import dev.big.page.LeafPage;
import dev.big.page.PageHeader;
import dev.big.page.PageKind;
import dev.big.pager.MemoryPager;
import java.lang.foreign.MemorySegment;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Flips a byte (or zeroes the whole page) of one page of every kind in a populated file. Every
 * read that touches the page fails with a {@link CorruptPageException} naming it; reads that do not
 * touch it answer correctly; check() reports it. Never a wrong answer.
 */
class CorruptPagesAreDetectedTest {

    private static final long SEED = 99;

    @Test
    void damageToAnyPageKindIsDetectedNeverAnswered() {
        for (boolean zeroWholePage : new boolean[] {false, true}) {
            for (PageKind kind : new PageKind[] {PageKind.BRANCH, PageKind.LEAF, PageKind.BITMAP, PageKind.ROOTS,
                    PageKind.CATALOG, PageKind.FREELIST}) {
                for (int trial = 0; trial < 5; trial++) {
                    damageAndRead(kind, zeroWholePage, trial);
                }
            }
        }
    }

    private void damageAndRead(PageKind kind, boolean zero, int trial) {
        MemoryPager written = new MemoryPager("rot.big");
        Map<Long, TreeMap<Long, BitSet>> model = populate(written);
        MemoryPager pager = MemoryPager.of("rot.big", written.snapshotPages(), written.pageCount());
        Map<PageKind, java.util.List<Long>> pages = pagesByKind(pager);
        java.util.List<Long> candidates = pages.get(kind);
        assertFalse(candidates.isEmpty(), "populated file has no " + kind + " page");
        Random random = new Random(SEED + trial * 31L + kind.ordinal());
        long victim = candidates.get(random.nextInt(candidates.size()));
        MemorySegment raw = pager.rawPage(victim);
        if (zero) {
            raw.fill((byte) 0);
        } else {
            int at = random.nextInt((int) raw.byteSize());
            raw.set(dev.big.page.PageFormat.BYTE, at, (byte) (raw.get(dev.big.page.PageFormat.BYTE, at) ^ (1 << random.nextInt(8))));
        }
        String when = kind + " page " + victim + (zero ? " zeroed" : " flipped") + " trial " + trial;
        try (Store store = Store.open(pager)) {
            if (kind == PageKind.FREELIST) {
                assertFalse(store.openNotes().isEmpty(), when + ": a damaged freelist is recomputed and said so");
            }
            boolean detected = false;
            try (ReadTxn txn = store.beginRead()) {
                for (var e : model.entrySet()) {
                    try {
                        TreeModelTest.assertSame(txn, Map.of(e.getKey(), e.getValue()), when);
                    } catch (CorruptPageException corrupt) {
                        assertEquals(victim, corrupt.pageNumber(), when + ": " + corrupt.getMessage());
                        assertTrue(corrupt.getMessage().contains("rot.big"), corrupt.getMessage());
                        detected = true;
                    }
                }
                try {
                    assertEquals(CommitWorkload.COMMITS_STAMP, CommitWorkload.stamp(txn), when);
                } catch (CorruptPageException corrupt) {
                    assertEquals(victim, corrupt.pageNumber(), when);
                    detected = true;
                }
            } catch (CorruptPageException corrupt) {
                assertEquals(victim, corrupt.pageNumber(), when);
                detected = true;
            }
            if (kind != PageKind.FREELIST) {
                assertTrue(detected, when + ": no read noticed the damage");
            }
            StoreCheckReport report = store.check();
            assertFalse(report.ok(), when + ": check found nothing");
            assertTrue(report.problems().stream().anyMatch(p -> p.pgno() == victim), when + ": " + report.describe());
        }
    }

    /** Three trees deep enough to have branch pages, bitmap, array and run containers, and a freelist. */
    private static Map<Long, TreeMap<Long, BitSet>> populate(MemoryPager pager) {
        Map<Long, TreeMap<Long, BitSet>> model = new HashMap<>();
        try (Store store = Store.create(pager, PageCommits.FORMAT)) {
            Random random = new Random(SEED);
            for (int round = 0; round < 4; round++) {
                try (WriteTxn txn = store.beginWrite()) {
                    for (long fragment = 0; fragment < 3; fragment++) {
                        TreeMap<Long, BitSet> tree = model.computeIfAbsent(fragment, f -> new TreeMap<>(Long::compareUnsigned));
                        int keys = fragment == 0 ? 900 : 40;
                        for (int k = 0; k < keys; k++) {
                            long key = random.nextInt(fragment == 0 ? 5000 : 100);
                            BitSet bits = fragment == 0 ? singleBit(random) : ContainerData.randomBits(random);
                            Tree.of(txn, fragment).put(key, ContainerData.toContainer(bits));
                            tree.put(key, bits);
                        }
                    }
                    txn.catalog().putBytes(CommitWorkload.STAMP_KEY, CommitWorkload.longBytes(CommitWorkload.COMMITS_STAMP));
                    txn.commit();
                }
            }
        }
        return model;
    }

    private static BitSet singleBit(Random random) {
        BitSet bits = new BitSet();
        bits.set(random.nextInt(65536));
        return bits;
    }

    /** Every page of the latest commit, by kind (bitmap pages found through their leaf cells). */
    private static Map<PageKind, java.util.List<Long>> pagesByKind(MemoryPager pager) {
        Map<PageKind, java.util.List<Long>> pages = new EnumMap<>(PageKind.class);
        for (PageKind kind : PageKind.values()) {
            pages.put(kind, new java.util.ArrayList<>());
        }
        java.util.Set<Long> free = new java.util.HashSet<>();
        for (long pgno = 2; pgno < pager.pageCount(); pgno++) {
            MemorySegment page = pager.read(pgno);
            PageKind kind = PageHeader.kind(page);
            if (kind == null || PageHeader.storedChecksum(page) != PageHeader.computeChecksum(page)) {
                continue;
            }
            if (kind == PageKind.FREELIST) {
                for (int r = 0; r < dev.big.page.FreelistPage.runCount(page); r++) {
                    long start = dev.big.page.FreelistPage.runStart(page, r);
                    for (long p = start; p < start + dev.big.page.FreelistPage.runLength(page, r); p++) {
                        free.add(p);
                    }
                }
            }
        }
        for (long pgno = 2; pgno < pager.pageCount(); pgno++) {
            if (free.contains(pgno)) {
                continue;
            }
            MemorySegment page = pager.read(pgno);
            PageKind kind = PageHeader.kind(page);
            if (kind == null || PageHeader.storedChecksum(page) != PageHeader.computeChecksum(page)) {
                continue;
            }
            pages.get(kind).add(pgno);
            if (kind == PageKind.LEAF) {
                for (int cell = 0; cell < LeafPage.count(page); cell++) {
                    if (LeafPage.kind(page, cell) == ContainerKind.BITMAP) {
                        pages.get(PageKind.BITMAP).add(LeafPage.bitmapPgno(page, cell));
                    }
                }
            }
            if (kind == PageKind.BRANCH && BranchPage.count(page) < 1) {
                fail("empty branch page " + pgno);
            }
        }
        return pages;
    }
}
