package dev.big.engine.tree;

import dev.big.page.CorruptPageException;
import dev.big.page.LeafPage;
import dev.big.page.MetaPage;
import dev.big.page.PageHeader;
import dev.big.page.PageKind;
import dev.big.page.PageRef;
import dev.big.pager.Pager;
import java.lang.foreign.MemorySegment;

/**
 * Verified page reads: every page a tree walk follows is checked against the checksum its
 * parent recorded (through the pager, whose memo makes a repeat check cheap) and against the
 * identity in its header. A failure is a {@link CorruptPageException} naming the page; nothing
 * is ever answered from an unverified page.
 */
public final class PageAccess {

    private final Pager pager;

    public PageAccess(Pager pager) {
        this.pager = pager;
    }

    public Pager pager() {
        return pager;
    }

    public String file() {
        return pager.name();
    }

    /**
     * The branch or leaf page {@code ref} names, verified. Leaves must be of {@code leafKind}
     * (LEAF, ROOTS or CATALOG), so a fragment tree cannot wander into the roots tree.
     */
    public MemorySegment treePage(PageRef ref, PageKind leafKind) {
        return treePage(ref.pgno(), ref.checksum(), leafKind);
    }

    /**
     * {@link #treePage(PageRef, PageKind)} for a link read as two numbers: a descent passes them
     * on without making a {@link PageRef}, so what it allocates does not hang on what the JIT inlines.
     */
    MemorySegment treePage(long pgno, long checksum, PageKind leafKind) {
        MemorySegment page = read(pgno, leafKind);
        int kindCode = PageHeader.kindCode(page);
        PageKind kind = kindCode == PageKind.BRANCH.code() ? PageKind.BRANCH : leafKind;
        if (!pager.verifyPage(pgno, page, checksum)) {
            throw new CorruptPageException(file(), pgno, kind, PageHeader.checksumError(pgno, page, kind, checksum));
        }
        String identity = PageHeader.identityError(pgno, page, kind);
        if (identity != null) {
            throw new CorruptPageException(file(), pgno, kind, identity);
        }
        return page;
    }

    /** The bitmap page {@code ref} names, verified against the checksum its leaf cell holds. */
    public MemorySegment bitmap(PageRef ref) {
        return bitmap(ref.pgno(), ref.checksum());
    }

    /** {@link #bitmap(PageRef)} for a link read as two numbers. */
    MemorySegment bitmap(long pgno, long checksum) {
        MemorySegment page = read(pgno, PageKind.BITMAP);
        if (!pager.verifyBitmap(pgno, page, checksum)) {
            throw new CorruptPageException(file(), pgno, PageKind.BITMAP,
                    dev.big.page.BitmapPage.checksumError(page, checksum));
        }
        return page;
    }

    /** A freelist page, verified. */
    public MemorySegment freelist(PageRef ref) {
        MemorySegment page = read(ref.pgno(), PageKind.FREELIST);
        if (!pager.verifyPage(ref.pgno(), page, ref.checksum())) {
            throw new CorruptPageException(file(), ref.pgno(), PageKind.FREELIST,
                    PageHeader.checksumError(ref.pgno(), page, PageKind.FREELIST, ref.checksum()));
        }
        String identity = PageHeader.identityError(ref.pgno(), page, PageKind.FREELIST);
        if (identity != null) {
            throw new CorruptPageException(file(), ref.pgno(), PageKind.FREELIST, identity);
        }
        return page;
    }

    private MemorySegment read(long pgno, PageKind kind) {
        if (pgno < MetaPage.SLOTS || pgno >= pager.pageCount()) {
            throw new CorruptPageException(file(), pgno, kind,
                    "a link points to page " + pgno + ", outside the data pages 2.." + (pager.pageCount() - 1));
        }
        return pager.read(pgno);
    }

    /** Whether a verified tree page is a branch. */
    public static boolean isBranch(MemorySegment page) {
        return PageHeader.kindCode(page) == PageKind.BRANCH.code();
    }

    /** Cell count of a verified leaf-layout page, for callers that do not import big-page. */
    public static int leafCount(MemorySegment page) {
        return LeafPage.count(page);
    }
}
