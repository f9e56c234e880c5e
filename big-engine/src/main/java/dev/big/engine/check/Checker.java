package dev.big.engine.check;

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
 * structure, container cardinalities, and LMDB's invariant that each page below the high-water
 * mark is reachable exactly once, from a tree, the freelist chain, or the free runs it lists.
 */
public final class Checker {

    private final Pager pager;
    private final long pageCount;
    private final List<CheckReport.Problem> problems = new ArrayList<>();
    private final Map<Long, String> owners = new HashMap<>();
    private long checked;

    private Checker(Pager pager, long pageCount) {
        this.pager = pager;
        this.pageCount = pageCount;
    }

    /**
     * The pages the trees of {@code meta} use (not the freelist), or null if any page on the way
     * failed verification: then the trees cannot vouch for which pages are free.
     */
    public static org.roaringbitmap.RoaringBitmap treePagesOrNull(Pager pager, MetaPage.State meta) {
        Checker checker = new Checker(pager, meta.pageCount());
        checker.walkTree(meta.roots(), PageKind.ROOTS, "roots tree");
        checker.walkTree(meta.catalog(), PageKind.CATALOG, "catalog tree");
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

    public static CheckReport check(Pager pager, MetaPage.State meta) {
        Checker checker = new Checker(pager, meta.pageCount());
        checker.owners.put(0L, "meta slot 0");
        checker.owners.put(1L, "meta slot 1");
        checker.walkTree(meta.roots(), PageKind.ROOTS, "roots tree");
        checker.walkTree(meta.catalog(), PageKind.CATALOG, "catalog tree");
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
        int otherSlot = 1 - MetaPage.slotOf(meta.txid());
        String slotError = MetaPage.validate(otherSlot, pager.read(otherSlot));
        if (slotError != null && !(meta.txid() == 0 && otherSlot == 1)) {
            notes.add("meta slot " + otherSlot + " does not hold the previous commit (" + slotError
                    + "): a crash during a commit, or damage; the next commit rewrites it");
        }
        return new CheckReport(pager.name(), meta.txid(), meta.pageCount(), checker.checked, free, checker.problems, notes);
    }

    private void problem(long pgno, String kind, String message) {
        problems.add(new CheckReport.Problem(pgno, kind, message));
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

    private void walkTree(PageRef ref, PageKind leafKind, String owner) {
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
                walkTree(BranchPage.child(page, c), leafKind, owner);
            }
            return;
        }
        String structure = LeafPage.structureError(page);
        if (structure != null) {
            problem(ref.pgno(), kind.label(), structure);
            return;
        }
        for (int cell = 0; cell < LeafPage.count(page); cell++) {
            checkCell(ref.pgno(), page, cell, kind, owner);
        }
    }

    private void checkCell(long pgno, MemorySegment page, int cell, PageKind kind, String owner) {
        ContainerKind containerKind = LeafPage.kind(page, cell);
        long key = LeafPage.key(page, cell);
        if (kind == PageKind.ROOTS) {
            if (containerKind != ContainerKind.BYTES || LeafPage.payloadLength(page, cell) < RootsPage.ENTRY_FIXED_BYTES) {
                problem(pgno, "roots", "cell " + cell + " is not a roots entry");
                return;
            }
            walkTree(RootsPage.root(page, cell), PageKind.LEAF, "tree " + Long.toUnsignedString(key, 16));
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
                }
            }
            case ARRAY -> {
                for (int j = 1; j < LeafPage.cardinality(page, cell); j++) {
                    if (LeafPage.arrayValue(page, cell, j - 1) >= LeafPage.arrayValue(page, cell, j)) {
                        problem(pgno, kind.label(), "cell " + cell + ": array values not increasing at " + j);
                        return;
                    }
                }
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
                }
            }
            case BYTES -> {
                if (kind == PageKind.LEAF && owner.startsWith("tree")) {
                    return;
                }
            }
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
