package dev.big.bench.pager;

import dev.big.page.BitmapPage;
import dev.big.page.PageFormat;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * A bitmap page of seeded random words (about half the bits set), on the heap or in a file, for
 * the page and pager benchmarks. Random words are what a bit plane of a uniform field looks like,
 * and they give the hash no shortcut.
 */
public final class RandomBitmapPage {

    /** The page the file variant is written at: the first page after the two meta slots. */
    public static final long PAGE_NUMBER = 2;

    /** A heap page of random words from {@code seed}. */
    public static MemorySegment onHeap(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] words = new long[BitmapPage.WORDS];
        for (int i = 0; i < words.length; i++) {
            words[i] = random.nextLong();
        }
        MemorySegment page = MemorySegment.ofArray(new byte[PageFormat.PAGE_SIZE_BYTES]);
        BitmapPage.write(page, words);
        return page;
    }

    /**
     * Creates {@code file} holding {@code page} at {@link #PAGE_NUMBER} (the pages before it are
     * left zero) and returns the open, synced pager; {@code memo} as in
     * {@link MmapPager#open(Path, OpenMode, boolean)}.
     */
    public static MmapPager inNewFile(Path file, MemorySegment page, boolean memo) {
        MmapPager pager = MmapPager.open(file, OpenMode.CREATE_NEW, memo);
        boolean success = false;
        try {
            pager.write(PAGE_NUMBER, page);
            pager.sync();
            success = true;
            return pager;
        } finally {
            if (!success) {
                pager.close();
            }
        }
    }

    private RandomBitmapPage() {}
}
