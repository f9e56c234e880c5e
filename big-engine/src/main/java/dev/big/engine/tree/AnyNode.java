package dev.big.engine.tree;

import dev.big.page.BranchPage;
import dev.big.page.ContainerKind;
import dev.big.page.LeafPage;
import dev.big.page.PageHeader;
import dev.big.page.PageKind;
import dev.big.page.PageRef;
import java.lang.foreign.MemorySegment;

/**
 * Reads one node of a tree, whichever kind it is: a committed page (verified as it is opened) or
 * a dirty {@link Node} of the write transaction. A tree's root and a dirty branch's children may
 * be either, so every walk of {@link Tree} is written once against these methods and crosses both
 * alike.
 *
 * <p>A walk holds the node it is at as an {@code Object}: the page's {@link MemorySegment} or the
 * {@link Node}. A view object would read better, but it is only free when the JIT inlines every
 * method it is handed to, which it did not reliably do (a lookup then allocated the view, 40
 * bytes); plain references cost nothing whatever is inlined.
 */
final class AnyNode {

    /**
     * The node {@code child} names (a {@link PageRef}, whose page is read and verified, or a dirty
     * {@link Node}); null for the empty tree's {@link PageRef#NONE}.
     */
    static Object open(PageAccess access, PageKind leafKind, Object child) {
        if (child instanceof PageRef ref) {
            return ref.isNone() ? null : access.treePage(ref.pgno(), ref.checksum(), leafKind);
        }
        return child;
    }

    /** Child {@code c} of branch {@code node}, opened. */
    static Object descend(PageAccess access, PageKind leafKind, Object node, int c) {
        if (node instanceof BranchNode branch) {
            Object child = branch.value(c);
            return child instanceof PageRef ref ? access.treePage(ref.pgno(), ref.checksum(), leafKind) : child;
        }
        MemorySegment page = (MemorySegment) node;
        return access.treePage(BranchPage.childPgno(page, c), BranchPage.childChecksum(page, c), leafKind);
    }

    static boolean isBranch(Object node) {
        // Tests against the two final node classes, each one comparison; a test against the
        // abstract Node would also load the class's supertypes, on every level of every walk.
        if (node instanceof BranchNode) {
            return true;
        }
        return !(node instanceof LeafNode) && PageAccess.isBranch((MemorySegment) node);
    }

    /** Cells of a leaf, children of a branch. */
    static int size(Object node) {
        return node instanceof Node<?> dirty ? dirty.size : PageHeader.count((MemorySegment) node);
    }

    /** The key of cell or child {@code i}. */
    static long key(Object node, int i) {
        if (node instanceof Node<?> dirty) {
            return dirty.keys[i];
        }
        MemorySegment page = (MemorySegment) node;
        return PageAccess.isBranch(page) ? BranchPage.key(page, i) : LeafPage.key(page, i);
    }

    /** Child {@code c} of branch {@code node}, unopened: a committed {@link PageRef} or a dirty {@link Node}. */
    static Object child(Object node, int c) {
        return node instanceof BranchNode branch ? branch.value(c) : BranchPage.child((MemorySegment) node, c);
    }

    /** The index of the child of branch {@code node} whose subtree may hold {@code key}. */
    static int childIndexFor(Object node, long key) {
        return node instanceof BranchNode branch ? branch.childIndexFor(key)
                : BranchPage.childIndexFor((MemorySegment) node, key);
    }

    /** The cell of leaf {@code node} holding {@code key}, searching from cell {@code from}; {@code -(insertionPoint) - 1} if absent. */
    static int search(Object node, long key, int from) {
        if (node instanceof LeafNode leaf) {
            return leaf.search(key, from);
        }
        MemorySegment page = (MemorySegment) node;
        return LeafPage.search(page, key, from, PageHeader.count(page) - 1);
    }

    /** Points {@code out} at the container of cell {@code cell} of leaf {@code node}, whose key is {@code key}. */
    static void fill(PageAccess access, ContainerView out, long key, Object node, int cell) {
        if (node instanceof LeafNode leaf) {
            fillFromCell(access, out, key, leaf.value(cell));
        } else {
            fillFromPage(access, out, key, (MemorySegment) node, cell);
        }
    }

    /** The cardinality of cell {@code cell} of leaf {@code node}, from the cell alone: a bitmap page is not opened. */
    static int cardinality(Object node, int cell) {
        if (node instanceof LeafNode leaf) {
            return leaf.value(cell).cardinality();
        }
        return LeafPage.cardinality((MemorySegment) node, cell);
    }

    private static void fillFromPage(PageAccess access, ContainerView out, long key, MemorySegment page, int cell) {
        if (LeafPage.kindCode(page, cell) == ContainerKind.BITMAP.code()) {
            MemorySegment bitmap = access.bitmap(LeafPage.bitmapPgno(page, cell), LeafPage.bitmapChecksum(page, cell));
            out.setBitmap(key, bitmap, LeafPage.cardinality(page, cell));
        } else {
            out.setInline(key, page, cell);
        }
    }

    private static void fillFromCell(PageAccess access, ContainerView out, long key, CellValue value) {
        switch (value) {
            case CellValue.Inline inline -> out.setInline(key, inline);
            case CellValue.StoredBitmap stored -> out.setBitmap(key, access.bitmap(stored.page()), stored.cardinality());
            case CellValue.Modified modified -> out.setHeap(key, modified.container());
        }
    }

    /**
     * The page number of committed {@code node} (verified: its header names it), or -1 for a dirty
     * node or an inline leaf (whose header says {@link dev.big.page.LeafPage#INLINE_PAGE_NUMBER}).
     */
    static long committedPage(Object node) {
        return node instanceof Node<?> ? -1 : PageHeader.pageNumber((MemorySegment) node);
    }

    /** The bitmap page cell {@code cell} of leaf {@code node} owns, or -1 if its container is not on one. */
    static long bitmapPageOf(Object node, int cell) {
        if (node instanceof LeafNode leaf) {
            return leaf.value(cell) instanceof CellValue.StoredBitmap stored ? stored.page().pgno() : -1;
        }
        MemorySegment page = (MemorySegment) node;
        return LeafPage.kindCode(page, cell) == ContainerKind.BITMAP.code() ? LeafPage.bitmapPgno(page, cell) : -1;
    }

    private AnyNode() {}
}
