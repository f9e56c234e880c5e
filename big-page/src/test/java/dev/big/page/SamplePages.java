package dev.big.page;

import java.lang.foreign.MemorySegment;
import java.util.Random;

/** One populated, sealed page of every kind, for round-trip and corruption tests. */
final class SamplePages {

    static final long TXID = 77;

    static MemorySegment newPage() {
        return MemorySegment.ofArray(new byte[PageFormat.PAGE_SIZE_BYTES]);
    }

    static MemorySegment meta(int slot) {
        MemorySegment page = newPage();
        MetaPage.write(page, new MetaPage.State(MetaPage.VERSION_CURRENT, slot == 0 ? 10 : 11, 1234,
                new PageRef(5, 0x55L), new PageRef(6, 0x66L), new PageRef(7, 0x77L), 42, 1_700_000_000_000L));
        return page;
    }

    static MemorySegment branch(long pgno) {
        MemorySegment page = newPage();
        BranchPage.init(page, PageClass.DATA, pgno, TXID);
        for (int i = 0; i < 5; i++) {
            BranchPage.setChild(page, i, i * 100L, 1000 + i, 0xABCD00L + i);
        }
        PageHeader.setCount(page, 5);
        PageHeader.seal(page);
        return page;
    }

    static MemorySegment leaf(long pgno, PageKind kind) {
        MemorySegment page = newPage();
        var writer = new LeafPage.Writer(page, kind, kind == PageKind.LEAF ? PageClass.DATA
                : kind == PageKind.ROOTS ? PageClass.ROOTS : PageClass.CATALOG, pgno, TXID, 4);
        writer.appendArray(3, new char[] {1, 5, 9, 65535}, 4);
        writer.appendRuns(7, new char[] {0, 9, 100, 0}, 2, 11);
        writer.appendBitmap(8, 4096, 321, 0x1234_5678_9ABC_DEF0L);
        writer.appendBytes(-1L, new byte[] {1, 2, 3});
        writer.finish();
        return page;
    }

    static MemorySegment freelist(long pgno) {
        MemorySegment page = newPage();
        FreelistPage.init(page, pgno, TXID, new PageRef(99, 0x99L));
        FreelistPage.setRun(page, 0, 10, 3);
        FreelistPage.setRun(page, 1, 20, 1);
        PageHeader.setCount(page, 2);
        PageHeader.seal(page);
        return page;
    }

    static MemorySegment bitmap(long seed) {
        MemorySegment page = newPage();
        long[] words = new long[BitmapPage.WORDS];
        Random random = new Random(seed);
        for (int i = 0; i < words.length; i++) {
            words[i] = random.nextLong();
        }
        BitmapPage.write(page, words);
        return page;
    }

    private SamplePages() {}
}
