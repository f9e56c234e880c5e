package dev.big.engine;

import dev.big.page.PageClass;
import dev.big.pager.PageCounts;

/**
 * What one commit wrote: pages per class (meta, catalog, roots, data, free), syncs, pages freed,
 * and the file's size in pages afterwards.
 */
public record CommitStats(long txid, PageCounts counts, long pagesFreed, long pageCount, long freePages) {

    public long pagesWritten(PageClass cls) {
        return counts.written(cls);
    }

    public long bytesWritten(PageClass cls) {
        return counts.bytesWritten(cls);
    }

    public long totalPagesWritten() {
        return counts.totalWritten();
    }

    public long totalBytesWritten() {
        return counts.totalBytesWritten();
    }

    public static CommitStats none() {
        return new CommitStats(0, PageCounts.zero(), 0, 0, 0);
    }
}
