package dev.big.pager;

import dev.big.page.BitmapPage;
import dev.big.page.BranchPage;
import dev.big.page.PageClass;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import java.lang.foreign.MemorySegment;
import java.util.Random;

/** Page contents for pager tests. */
final class Pages {

    static MemorySegment randomBitmap(Random random) {
        long[] words = new long[BitmapPage.WORDS];
        for (int i = 0; i < words.length; i++) {
            words[i] = random.nextLong();
        }
        MemorySegment page = MemorySegment.ofArray(new byte[PageFormat.PAGE_SIZE_BYTES]);
        BitmapPage.write(page, words);
        return page;
    }

    /** A sealed branch page numbered {@code pgno} with one child whose key is {@code tag}. */
    static MemorySegment branch(long pgno, long tag) {
        MemorySegment page = MemorySegment.ofArray(new byte[PageFormat.PAGE_SIZE_BYTES]);
        BranchPage.init(page, PageClass.DATA, pgno, 1);
        BranchPage.setChild(page, 0, tag, 99, 0);
        PageHeader.setCount(page, 1);
        PageHeader.seal(page);
        return page;
    }

    private Pages() {}
}
