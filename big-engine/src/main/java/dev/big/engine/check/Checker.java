package dev.big.engine.check;

import dev.big.engine.coords.Coords;
import dev.big.engine.tree.Containers;
import dev.big.page.BitmapPage;
import dev.big.page.BranchPage;
import dev.big.page.ContainerKind;
import dev.big.page.FreelistPage;
import dev.big.page.LeafPage;
import dev.big.page.MetaPage;
import dev.big.page.PageHeader;
import dev.big.page.PageKind;
import dev.big.page.PageRef;
import dev.big.page.RootsPage;
import dev.big.pager.Pager;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Walks every structure of one committed state and reports every problem instead of stopping at
 * the first: checksums (always recomputed, never taken from the memo), page identity, cell
 * structure, container cardinalities, LMDB's invariant that each page below the high-water mark
 * is reachable exactly once, from a tree, the freelist chain, or the free runs it lists; and what
 * reads trust without verifying it: that every key lies within the separators that route lookups
 * to it ({@link KeyRange}), the schema-free invariants of bit-sliced fragments and their zone maps
 * ({@link BsiFragmentAudit}), and that the meta slot on disk is still the commit checked
 * ({@link MetaOnDisk}). All of it in the one walk that reads every page anyway.
 */
public final class Checker {

    private final Pager pager;
    private final long pageCount;
    private final List<StoreCheckReport.Problem> problems = new ArrayList<>();
    private final Map<Long, String> owners = new HashMap<>();
    /** Whether to check what the pages mean as well (a full check), or only walk them (page accounting). */
    private final boolean semantic;
    private long checked;

    private Checker(Pager pager, long pageCount, boolean semantic) {
        this.pager = pager;
        this.pageCount = pageCount;
        this.semantic = semantic;
    }

    /**
     * The pages the trees of {@code meta} use (not the freelist), or null if any page on the way
     * failed verification: then the trees cannot vouch for which pages are free.
     */
    public static org.roaringbitmap.RoaringBitmap treePagesOrNull(Pager pager, MetaPage.State meta) {
        Checker checker = new Checker(pager, meta.pageCount(), false);
        checker.walkTree(meta.roots(), PageKind.ROOTS, "roots tree", KeyRange.ALL, null);
        checker.walkTree(meta.catalog(), PageKind.CATALOG, "catalog tree", KeyRange.ALL, null);
        if (!checker.problems.isEmpty()) {
            return null;
        }
        org.roaringbitmap.RoaringBitmap used = new org.roaringbitmap.RoaringBitmap();
        for (long pgno : checker.owners.keySet()) {
            used.add((int) pgno);
        }
        used.add(0);
        used.add(1);
        return used;
    }

    public static StoreCheckReport check(Pager pager, MetaPage.State meta) {
        Checker checker = new Checker(pager, meta.pageCount(), true);
        checker.owners.put(0L, "meta slot 0");
        checker.owners.put(1L, "meta slot 1");
        checker.walkTree(meta.roots(), PageKind.ROOTS, "roots tree", KeyRange.ALL, null);
        checker.walkTree(meta.catalog(), PageKind.CATALOG, "catalog tree", KeyRange.ALL, null);
        long free = checker.walkFreelist(meta.freelist());
        if (free != meta.freePages()) {
            checker.problem(MetaPage.slotOf(meta.txid()), "meta",
                    "meta says " + meta.freePages() + " free pages, the freelist lists " + free);
        }
        for (long pgno = MetaPage.SLOTS; pgno < meta.pageCount(); pgno++) {
            if (!checker.owners.containsKey(pgno)) {
                checker.problem(pgno, "unknown", "neither used by a tree nor listed as free (leaked page)");
            }
        }
        List<String> notes = new ArrayList<>();
        MetaOnDisk.compare(pager, meta, checker.problems, notes);
        int otherSlot = 1 - MetaPage.slotOf(meta.txid());
        String slotError = MetaPage.validate(otherSlot, pager.read(otherSlot));
        if (slotError != null && !(meta.txid() == 0 && otherSlot == 1)) {
            notes.add("meta slot " + otherSlot + " does not hold the previous commit (" + slotError
                    + "): a crash during a commit, or damage; the next commit rewrites it");
        }
        return new StoreCheckReport(pager.name(), meta.txid(), meta.pageCount(), checker.checked, free, checker.problems, notes);
    }

    private void problem(long pgno, String kind, String message) {
        problems.add(new StoreCheckReport.Problem(pgno, kind, message));
    }

    /** Claims {@code pgno} for {@code owner}; reports links out of range and pages reached twice. */
    private boolean claim(long pgno, String kind, String owner) {
        if (pgno < MetaPage.SLOTS || pgno >= pageCount) {
            problem(pgno, kind, owner + " links to page " + pgno + ", outside the data pages 2.." + (pageCount - 1));
            return false;
        }
        String previous = owners.putIfAbsent(pgno, owner);
        if (previous != null) {
            problem(pgno, kind, "reached twice: from " + previous + " and from " + owner);
            return false;
        }
        return true;
    }

    /**
     * Walks the tree at {@code ref}, whose keys must lie in {@code range}; feeds every container to
     * {@code bsi} when the tree is a bit-sliced fragment (else it is null).
     */
    private void walkTree(PageRef ref, PageKind leafKind, String owner, KeyRange range, BsiFragmentAudit bsi) {
        if (ref.isNone()) {
            return;
        }
        if (!claim(ref.pgno(), "tree page", owner)) {
            return;
        }
        MemorySegment page = pager.read(ref.pgno());
        checked++;
        PageKind kind = PageHeader.kindCode(page) == PageKind.BRANCH.code() ? PageKind.BRANCH : leafKind;
        String error = PageHeader.checksumError(ref.pgno(), page, kind, ref.checksum());
        if (error != null) {
            problem(ref.pgno(), kind.label(), error + " (in " + owner + ")");
            return;
        }
        if (kind == PageKind.BRANCH) {
            String structure = BranchPage.structureError(page);
            if (structure != null) {
                problem(ref.pgno(), "branch", structure);
                return;
            }
            for (int c = 0; c < BranchPage.count(page); c++) {
                walkTree(BranchPage.child(page, c), leafKind, owner, range.child(ref.pgno(), page, c), bsi);
            }
            return;
        }
        String structure = LeafPage.structureError(page);
        if (structure != null) {
            problem(ref.pgno(), kind.label(), structure);
            return;
        }
        if (semantic) {
            checkRange(ref.pgno(), page, kind, owner, range);
        }
        for (int cell = 0; cell < LeafPage.count(page); cell++) {
            checkCell(ref.pgno(), page, cell, kind, owner, bsi);
        }
    }

    /**
     * Reports a leaf whose keys leave the range its separators route to it. Its keys increase
     * (the structure check saw to that), so its first and last key are all there is to compare.
     */
    private void checkRange(long pgno, MemorySegment page, PageKind kind, String owner, KeyRange range) {
        int count = LeafPage.count(page);
        if (count == 0) {
            return;
        }
        long first = LeafPage.key(page, 0);
        long last = LeafPage.key(page, count - 1);
        if (range.isBelow(first)) {
            problem(range.lowPgno(), "separator", kind.label() + " page " + pgno + " of " + owner + ", under child "
                    + range.lowChild() + " of this page, holds key " + Long.toUnsignedString(first) + ", below that"
                    + " child's separator " + Long.toUnsignedString(range.low()) + ": a lookup of that key goes to an"
                    + " earlier child and misses it");
        }
        if (range.isAtOrAbove(last)) {
            problem(range.highPgno(), "separator", kind.label() + " page " + pgno + " of " + owner + ", under child "
                    + (range.highChild() - 1) + " of this page, holds key " + Long.toUnsignedString(last) + ", not below"
                    + " the separator " + Long.toUnsignedString(range.high()) + " of child " + range.highChild()
                    + ": a lookup of that key goes to a later child and misses it");
        }
    }

    private void checkCell(long pgno, MemorySegment page, int cell, PageKind kind, String owner, BsiFragmentAudit bsi) {
        ContainerKind containerKind = LeafPage.kind(page, cell);
        long key = LeafPage.key(page, cell);
        if (kind == PageKind.ROOTS) {
            if (containerKind != ContainerKind.BYTES || LeafPage.payloadLength(page, cell) < RootsPage.ENTRY_FIXED_BYTES) {
                problem(pgno, "roots", "cell " + cell + " is not a roots entry");
                return;
            }
            walkFragment(pgno, key, LeafPage.payload(page, cell));
            return;
        }
        switch (containerKind) {
            case BITMAP -> {
                PageRef bitmap = LeafPage.bitmapRef(page, cell);
                if (!claim(bitmap.pgno(), "bitmap", owner + " key " + key)) {
                    return;
                }
                checked++;
                MemorySegment bits = pager.read(bitmap.pgno());
                String error = BitmapPage.checksumError(bits, bitmap.checksum());
                if (error != null) {
                    problem(bitmap.pgno(), "bitmap", error + " (in " + owner + ", key " + key + ")");
                } else if (BitmapPage.cardinality(bits) != LeafPage.cardinality(page, cell)) {
                    problem(bitmap.pgno(), "bitmap", "holds " + BitmapPage.cardinality(bits)
                            + " bits, its cell in page " + pgno + " says " + LeafPage.cardinality(page, cell));
                } else if (bsi != null) {
                    bsi.visit(bitmap.pgno(), key, Containers.decodeBitmap(bits, LeafPage.cardinality(page, cell)));
                }
            }
            case ARRAY -> {
                for (int j = 1; j < LeafPage.cardinality(page, cell); j++) {
                    if (LeafPage.arrayValue(page, cell, j - 1) >= LeafPage.arrayValue(page, cell, j)) {
                        problem(pgno, kind.label(), "cell " + cell + ": array values not increasing at " + j);
                        return;
                    }
                }
                visitInline(bsi, pgno, page, cell, key);
            }
            case RUN -> {
                int total = 0;
                int previousEnd = -2;
                for (int r = 0; r < LeafPage.runCount(page, cell); r++) {
                    int start = LeafPage.runStart(page, cell, r);
                    int length = LeafPage.runLengthMinusOne(page, cell, r) + 1;
                    if (start <= previousEnd + 1 || start + length > BitmapPage.BITS) {
                        problem(pgno, kind.label(), "cell " + cell + ": run " + r + " overlaps, touches or overflows");
                        return;
                    }
                    previousEnd = start + length - 1;
                    total += length;
                }
                if (total != LeafPage.cardinality(page, cell)) {
                    problem(pgno, kind.label(), "cell " + cell + ": runs hold " + total + " bits, the cell says "
                            + LeafPage.cardinality(page, cell));
                    return;
                }
                visitInline(bsi, pgno, page, cell, key);
            }
            case BYTES -> {
                if (bsi != null) {
                    problem(pgno, "bit planes", "cell " + cell + " (key " + key + ") of " + owner + " holds bytes, but a"
                            + " bit-sliced fragment holds only containers");
                }
            }
        }
    }

    /**
     * Walks the fragment tree a roots entry names; a bit-sliced fragment's containers are audited
     * on the way, and its audit reported only if the walk found its pages sound (a page that
     * could not be read would make a sound fragment look inconsistent).
     */
    private void walkFragment(long rootsPgno, long fragmentKey, MemorySegment entry) {
        BsiFragmentAudit bsi = semantic && Coords.viewOf(fragmentKey) == Coords.VIEW_BSI
                ? new BsiFragmentAudit(fragmentKey, RootsPage.summary(entry), rootsPgno) : null;
        int before = problems.size();
        if (RootsPage.isInline(entry)) {
            walkInlineLeaf(rootsPgno, entry, describeFragment(fragmentKey), bsi);
        } else {
            walkTree(RootsPage.root(entry), PageKind.LEAF, describeFragment(fragmentKey), KeyRange.ALL, bsi);
        }
        if (bsi != null && problems.size() == before) {
            problems.addAll(bsi.finish());
        }
    }

    /**
     * Checks a fragment's leaf held inline in its roots entry, on roots page {@code rootsPgno}
     * (whose checksum covers it): its lengths, header and cells, as a leaf page's. It owns no page
     * but its bitmap containers'.
     */
    private void walkInlineLeaf(long rootsPgno, MemorySegment entry, String owner, BsiFragmentAudit bsi) {
        MemorySegment leaf = RootsPage.inlineLeaf(entry);
        String error = leaf == null ? "its lengths do not fit the entry's " + entry.byteSize() + " bytes" : inlineLeafError(leaf);
        if (error != null) {
            problem(rootsPgno, "roots", "the inline leaf of " + owner + ": " + error);
            return;
        }
        for (int cell = 0; cell < LeafPage.count(leaf); cell++) {
            checkCell(rootsPgno, leaf, cell, PageKind.LEAF, owner, bsi);
        }
    }

    private static String inlineLeafError(MemorySegment leaf) {
        if (PageHeader.kindCode(leaf) != PageKind.LEAF.code() || PageHeader.magic(leaf) != LeafPage.MAGIC) {
            return "its image is not headed as a leaf";
        }
        if (PageHeader.pageNumber(leaf) != LeafPage.INLINE_PAGE_NUMBER || PageHeader.extra(leaf) != leaf.byteSize()) {
            return "its header names page " + PageHeader.pageNumber(leaf) + " and " + PageHeader.extra(leaf)
                    + " bytes used, not an inline leaf of " + leaf.byteSize();
        }
        return LeafPage.structureError(leaf);
    }

    /** A fragment for messages, by its ids: the engine knows no table or field names. */
    static String describeFragment(long fragmentKey) {
        return "fragment (field " + Coords.fieldOf(fragmentKey) + ", view " + Coords.viewOf(fragmentKey) + ", shard "
                + Coords.shardOf(fragmentKey) + ")";
    }

    private static void visitInline(BsiFragmentAudit bsi, long pgno, MemorySegment page, int cell, long key) {
        if (bsi != null) {
            bsi.visit(pgno, key, Containers.decodeInline(LeafPage.kind(page, cell), LeafPage.cardinality(page, cell),
                    page, LeafPage.payloadOffset(page, cell), LeafPage.payloadLength(page, cell)));
        }
    }

    private long walkFreelist(PageRef head) {
        long free = 0;
        PageRef ref = head;
        while (!ref.isNone()) {
            if (!claim(ref.pgno(), "freelist", "freelist chain")) {
                return free;
            }
            MemorySegment page = pager.read(ref.pgno());
            checked++;
            String error = PageHeader.checksumError(ref.pgno(), page, PageKind.FREELIST, ref.checksum());
            if (error == null) {
                error = FreelistPage.structureError(page, pageCount);
            }
            if (error != null) {
                problem(ref.pgno(), "freelist", error);
                return free;
            }
            for (int i = 0; i < FreelistPage.runCount(page); i++) {
                long start = FreelistPage.runStart(page, i);
                for (long p = start; p < start + FreelistPage.runLength(page, i); p++) {
                    if (claim(p, "free", "the freelist")) {
                        free++;
                    }
                }
            }
            ref = FreelistPage.next(page);
        }
        return free;
    }
}
