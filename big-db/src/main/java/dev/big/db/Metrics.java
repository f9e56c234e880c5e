package dev.big.db;

import dev.big.engine.CommitStats;
import dev.big.pager.PageCounts;

/**
 * What the database has written and how big it is: the last commit's pages and bytes per class
 * (catalog, roots, data, free, meta), the totals since open, the number of fragments (named
 * trees), the file's size and its free pages.
 */
public record Metrics(CommitStats lastCommit, PageCounts sinceOpen, long fragments, long pageCount, long freePages,
                      long fileSizeBytes) {

    /** Bytes in use: pages up to the high-water mark. */
    public long usedBytes() {
        return pageCount * dev.big.page.PageFormat.PAGE_SIZE_BYTES;
    }
}
