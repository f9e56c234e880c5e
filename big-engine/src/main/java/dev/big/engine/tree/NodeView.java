package dev.big.engine.tree;

import dev.big.page.BranchPage;
import dev.big.page.ContainerKind;
import dev.big.page.LeafPage;
import dev.big.page.PageHeader;
import dev.big.page.PageKind;
import dev.big.page.PageRef;
import java.lang.foreign.MemorySegment;

/**
 * One node of a tree as a walk sees it: a committed page (verified as it is opened) or a dirty
 * node of the write transaction. A tree's root and a dirty branch's children may be either, so
 * every walk of {@link Tree} is written once against this view and crosses both alike.
 *
 * <p>A walk makes one view per level it keeps open (a descent moves one view down); a view is
 * never shared. Its methods are small so that the JIT inlines them into the walk and keeps the
 * view in registers: a point read allocates nothing for it.
 */
final class NodeView {

    private final PageAccess access;
    private final PageKind leafKind;
    /** The committed page this view is on, or null on a dirty node. */
    private MemorySegment page;
    private long pgno;
    /** The dirty node this view is on, or null on a committed page. */
    private Node<?> node;
    private boolean branch;

    NodeView(PageAccess access, PageKind leafKind) {
        this.access = access;
        this.leafKind = leafKind;
    }

    /** Moves to {@code child} (a {@link PageRef} or a {@link Node}); false when it is the empty tree's {@link PageRef#NONE}. */
    boolean open(Object child) {
        if (child instanceof PageRef ref) {
            if (ref.isNone()) {
                return false;
            }
            openPage(ref);
        } else {
            node = (Node<?>) child;
            page = null;
            pgno = -1;
            branch = node instanceof BranchNode;
        }
        return true;
    }

    private void openPage(PageRef ref) {
        page = access.treePage(ref, leafKind);
        pgno = ref.pgno();
        node = null;
        branch = PageAccess.isBranch(page);
    }

    /** Moves to child {@code c} of this branch. */
    void descend(int c) {
        if (page != null) {
            openPage(new PageRef(BranchPage.childPgno(page, c), BranchPage.childChecksum(page, c)));
        } else {
            open(((BranchNode) node).value(c));
        }
    }

    boolean isBranch() {
        return branch;
    }

    /** Cells of a leaf, children of a branch. */
    int size() {
        return page != null ? PageHeader.count(page) : node.size;
    }

    /** The key of cell or child {@code i}. */
    long key(int i) {
        if (page == null) {
            return node.keys[i];
        }
        return branch ? BranchPage.key(page, i) : LeafPage.key(page, i);
    }

    /** Child {@code c} of this branch: a committed {@link PageRef} or a dirty {@link Node}. */
    Object child(int c) {
        return page != null ? BranchPage.child(page, c) : ((BranchNode) node).value(c);
    }

    /** The index of the child of this branch whose subtree may hold {@code key}. */
    int childIndexFor(long key) {
        return page != null ? BranchPage.childIndexFor(page, key) : ((BranchNode) node).childIndexFor(key);
    }

    /** The cell of this leaf holding {@code key}, searching from cell {@code from}; {@code -(insertionPoint) - 1} if absent. */
    int search(long key, int from) {
        return page != null ? LeafPage.search(page, key, from, PageHeader.count(page) - 1) : node.search(key, from);
    }

    /** Points {@code out} at the container of cell {@code cell} of this leaf, whose key is {@code key}. */
    void fill(ContainerView out, long key, int cell) {
        if (page != null) {
            fillFromPage(access, out, key, page, cell);
        } else {
            fillFromCell(access, out, key, ((LeafNode) node).value(cell));
        }
    }

    /** The committed page this view is on, or -1 on a dirty node. */
    long committedPage() {
        return pgno;
    }

    /** The bitmap page cell {@code cell} of this leaf owns, or -1 if its container is not on one. */
    long bitmapPageOf(int cell) {
        if (page != null) {
            return LeafPage.kindCode(page, cell) == ContainerKind.BITMAP.code() ? LeafPage.bitmapPgno(page, cell) : -1;
        }
        return ((LeafNode) node).value(cell) instanceof CellValue.StoredBitmap stored ? stored.page().pgno() : -1;
    }

    private static void fillFromPage(PageAccess access, ContainerView out, long key, MemorySegment page, int cell) {
        if (LeafPage.kindCode(page, cell) == ContainerKind.BITMAP.code()) {
            MemorySegment bitmap = access.bitmap(LeafPage.bitmapRef(page, cell));
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
}
