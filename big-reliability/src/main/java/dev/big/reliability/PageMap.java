package dev.big.reliability;

import dev.big.page.BranchPage;
import dev.big.page.ContainerKind;
import dev.big.page.FreelistPage;
import dev.big.page.LeafPage;
import dev.big.page.MetaPage;
import dev.big.page.PageClass;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import dev.big.page.PageRef;
import dev.big.page.RootsPage;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every page of a database file's latest commit, found by walking its structures from the newest
 * meta page (not by guessing from headers, which a bitmap page does not have): the roots tree and
 * every fragment tree it names down to bitmap pages, the catalog tree, the freelist chain and the
 * free pages it lists. For each page: what it is and which page links to it.
 */
public final class PageMap {

    /** What a page is, finer than its header kind: the tree it belongs to matters for what reads it. */
    public enum Role {
        META_NEWEST, META_OLDER, ROOTS_BRANCH, ROOTS_LEAF, CATALOG_BRANCH, CATALOG_LEAF, DATA_BRANCH, DATA_LEAF, BITMAP,
        FREELIST, FREE
    }

    /** One page: its role and the page that links to it (-1 for meta pages and free pages). */
    public record Page(long pgno, Role role, long parent) {}

    private final Map<Long, Page> pages = new LinkedHashMap<>();
    private final long txid;
    private final long previousTxid;
    private final boolean previousHoldsTheLatestTrees;
    private final long pageCount;

    private PageMap(MemorySegment file) {
        MemorySegment slot0 = page(file, 0);
        MemorySegment slot1 = page(file, 1);
        boolean ok0 = MetaPage.validate(0, slot0) == null;
        boolean ok1 = MetaPage.validate(1, slot1) == null;
        if (!ok0 && !ok1) {
            throw new IllegalArgumentException("no valid meta page");
        }
        MetaPage.State s0 = ok0 ? MetaPage.read(slot0) : null;
        MetaPage.State s1 = ok1 ? MetaPage.read(slot1) : null;
        MetaPage.State newest = s0 == null ? s1 : s1 == null ? s0 : s0.txid() > s1.txid() ? s0 : s1;
        int newestSlot = MetaPage.slotOf(newest.txid());
        txid = newest.txid();
        MetaPage.State older = newest == s0 ? s1 : s0;
        previousTxid = older == null ? -1 : older.txid();
        previousHoldsTheLatestTrees = older != null && older.roots().equals(newest.roots()) && older.catalog().equals(newest.catalog());
        pageCount = newest.pageCount();
        pages.put((long) newestSlot, new Page(newestSlot, Role.META_NEWEST, -1));
        pages.put((long) 1 - newestSlot, new Page(1 - newestSlot, Role.META_OLDER, -1));
        walk(file, newest.roots(), -1, Role.ROOTS_BRANCH, Role.ROOTS_LEAF);
        walk(file, newest.catalog(), -1, Role.CATALOG_BRANCH, Role.CATALOG_LEAF);
        long parent = -1;
        for (PageRef ref = newest.freelist(); !ref.isNone(); ) {
            pages.put(ref.pgno(), new Page(ref.pgno(), Role.FREELIST, parent));
            MemorySegment list = page(file, ref.pgno());
            for (int r = 0; r < FreelistPage.runCount(list); r++) {
                long start = FreelistPage.runStart(list, r);
                for (long p = start; p < start + FreelistPage.runLength(list, r); p++) {
                    pages.put(p, new Page(p, Role.FREE, -1));
                }
            }
            parent = ref.pgno();
            ref = FreelistPage.next(list);
        }
    }

    /** The map of {@code file}'s bytes (a whole database file). */
    public static PageMap of(byte[] file) {
        return new PageMap(MemorySegment.ofArray(file));
    }

    private static MemorySegment page(MemorySegment file, long pgno) {
        return file.asSlice(PageFormat.offsetOf(pgno), PageFormat.PAGE_SIZE_BYTES);
    }

    private void walk(MemorySegment file, PageRef ref, long parent, Role branch, Role leaf) {
        if (ref.isNone()) {
            return;
        }
        MemorySegment page = page(file, ref.pgno());
        if (PageHeader.kindCode(page) == dev.big.page.PageKind.BRANCH.code()) {
            pages.put(ref.pgno(), new Page(ref.pgno(), branch, parent));
            for (int c = 0; c < BranchPage.count(page); c++) {
                walk(file, BranchPage.child(page, c), ref.pgno(), branch, leaf);
            }
            return;
        }
        pages.put(ref.pgno(), new Page(ref.pgno(), leaf, parent));
        for (int cell = 0; cell < LeafPage.count(page); cell++) {
            MemorySegment entry = LeafPage.payload(page, cell);
            if (leaf == Role.ROOTS_LEAF && RootsPage.isInline(entry)) {
                MemorySegment inlineLeaf = RootsPage.inlineLeaf(entry); // a leaf held in the entry; null if damaged
                if (inlineLeaf != null) {
                    bitmaps(inlineLeaf, ref.pgno());
                }
            } else if (leaf == Role.ROOTS_LEAF) {
                walk(file, RootsPage.root(page, cell), ref.pgno(), Role.DATA_BRANCH, Role.DATA_LEAF);
            }
        }
        if (leaf != Role.ROOTS_LEAF) {
            bitmaps(page, ref.pgno());
        }
    }

    /** The bitmap pages the cells of {@code leaf} (a page, or a leaf image on page {@code pgno}) name. */
    private void bitmaps(MemorySegment leaf, long pgno) {
        for (int cell = 0; cell < LeafPage.count(leaf); cell++) {
            if (LeafPage.kind(leaf, cell) == ContainerKind.BITMAP) {
                long bitmap = LeafPage.bitmapPgno(leaf, cell);
                pages.put(bitmap, new Page(bitmap, Role.BITMAP, pgno));
            }
        }
    }

    /**
     * The txid of the other meta slot's commit (-1 if it is not valid): what opens when the newest
     * meta page is damaged. The commit before the newest, or, in a file with a write log, the
     * checkpoint before (the commits logged between are in the newest one's pages).
     */
    public long previousTxid() {
        return previousTxid;
    }

    /**
     * Whether the other meta slot names the newest commit's trees: a file with a write log is
     * sealed so when it closes (its last commit changes nothing), and then a damaged newest meta
     * page opens the same data.
     */
    public boolean previousHoldsTheLatestTrees() {
        return previousHoldsTheLatestTrees;
    }

    public long txid() {
        return txid;
    }

    public long pageCount() {
        return pageCount;
    }

    public Page page(long pgno) {
        return pages.get(pgno);
    }

    /** Pages by role, in walk order. */
    public Map<Role, List<Long>> byRole() {
        Map<Role, List<Long>> byRole = new EnumMap<>(Role.class);
        for (Role role : Role.values()) {
            byRole.put(role, new ArrayList<>());
        }
        for (Page page : pages.values()) {
            byRole.get(page.role()).add(page.pgno());
        }
        return byRole;
    }

    /** Whether {@code ancestor} links, directly or through other pages, to {@code pgno}. */
    public boolean isAncestor(long ancestor, long pgno) {
        for (Page page = pages.get(pgno); page != null && page.parent() >= 0; page = pages.get(page.parent())) {
            if (page.parent() == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** The owner class a data page's header records, for messages. */
    static PageClass ownerOf(byte[] file, long pgno) {
        return PageHeader.owner(page(MemorySegment.ofArray(file), pgno));
    }
}
