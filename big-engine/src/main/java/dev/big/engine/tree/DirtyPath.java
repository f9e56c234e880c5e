package dev.big.engine.tree;

import dev.big.page.PageClass;
import dev.big.page.PageKind;
import dev.big.page.PageRef;
import java.lang.foreign.MemorySegment;

/**
 * The copy-on-write path of one tree's write transaction: copies the root-to-leaf path to a key
 * into dirty nodes (freeing the committed pages it replaces), remembers it, and splits a leaf
 * that grew past its in-memory limit back up that path. The limits only keep in-memory nodes
 * small; commit ({@link TreeWriteOut}) splits and merges by bytes anyway.
 *
 * <p>Made on a tree's first write: readers make a tree per fragment they look at, and zeroing the
 * path's two arrays took ~70 ns of each, seven times the root lookup itself.
 */
final class DirtyPath {

    /** In-memory leaves split beyond this many cells. */
    static final int LEAF_SPLIT_CELLS = 512;
    /** In-memory branches split beyond this many children. */
    static final int BRANCH_SPLIT_CHILDREN = 256;

    private static final int MAX_DEPTH = 64;

    private final PageAccess access;
    private final PageKind leafKind;
    private final PageClass owner;
    private final TxnContext txn;
    /** The branches the last {@link #leaf} walked through, root first, and the child taken in each. */
    private final BranchNode[] branches = new BranchNode[MAX_DEPTH];
    private final int[] taken = new int[MAX_DEPTH];
    private int depth;

    DirtyPath(PageAccess access, PageKind leafKind, PageClass owner, TxnContext txn) {
        this.access = access;
        this.leafKind = leafKind;
        this.owner = owner;
        this.txn = txn;
    }

    /**
     * {@code root} as a dirty node: itself if it is one, else a copy of the committed root (or a new
     * leaf). An inline leaf is copied too; it is no page, so nothing is freed.
     */
    Node<?> dirtyRoot(Object root) {
        return switch (root) {
            case PageRef ref -> ref.isNone() ? new LeafNode(leafKind, owner, 16) : load(ref);
            case MemorySegment inlineLeaf -> LeafNode.copyOf(inlineLeaf, leafKind, owner);
            default -> (Node<?>) root;
        };
    }

    /** Makes the path from dirty {@code root} to {@code key}'s leaf dirty and returns the leaf; the path is kept for {@link #split}. */
    LeafNode leaf(Node<?> root, long key) {
        Node<?> node = root;
        depth = 0;
        while (node instanceof BranchNode branch) {
            int c = branch.childIndexFor(key);
            Object child = branch.value(c);
            if (child instanceof PageRef ref) {
                child = load(ref);
                branch.set(c, child);
            }
            branches[depth] = branch;
            taken[depth] = c;
            depth++;
            node = (Node<?>) child;
        }
        return (LeafNode) node;
    }

    /**
     * Splits {@code leaf}, the end of the last path, if it outgrew {@link #LEAF_SPLIT_CELLS}, and
     * every branch above it that outgrows {@link #BRANCH_SPLIT_CHILDREN} in turn. Returns the tree's
     * root: {@code root}, or a new branch above it when the split reached the top.
     */
    Node<?> split(LeafNode leaf, Node<?> root) {
        if (leaf.size <= LEAF_SPLIT_CELLS) {
            return root;
        }
        Node<?> left = leaf;
        Node<?> right = leaf.splitOff(leaf.size / 2);
        for (int level = depth - 1; level >= 0; level--) {
            BranchNode parent = branches[level];
            parent.insert(taken[level] + 1, right.keys[0], right);
            if (parent.size <= BRANCH_SPLIT_CHILDREN) {
                return root;
            }
            left = parent;
            right = parent.splitOff(parent.size / 2);
        }
        BranchNode newRoot = new BranchNode(owner, 4);
        newRoot.append(left.size > 0 ? left.keys[0] : 0, left);
        newRoot.append(right.keys[0], right);
        return newRoot;
    }

    /** Copies a committed page into a dirty node and frees the page. */
    private Node<?> load(PageRef ref) {
        MemorySegment page = access.treePage(ref, leafKind);
        txn.free(ref.pgno());
        return PageAccess.isBranch(page) ? BranchNode.copyOf(page, owner) : LeafNode.copyOf(page, leafKind, owner);
    }
}
