package dev.big.engine;

import dev.big.page.MetaPage;

/**
 * For tests of what a commit to the pages does (the commit protocol, the freelist, faults of page
 * writes and syncs, pages read): files of the format before the write log, whose every commit goes
 * to the pages. The write log's own tests ({@link WriteLogTest}) cover the other path.
 */
final class PageCommits {

    /** The newest format without a write log. */
    static final int FORMAT = MetaPage.VERSION_WRITE_LOG - 1;

    private PageCommits() {}
}
