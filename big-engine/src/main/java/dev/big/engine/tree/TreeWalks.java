package dev.big.engine.tree;

import dev.big.page.PageKind;

/**
 * The read walks of a tree: one key, many ascending keys, a key range. Each is written once for
 * both kinds of root, a committed {@code PageRef} and a dirty {@code Node} of an open write
 * transaction: {@link AnyNode} opens, descends and reads either. {@link Tree} holds the root and
 * calls these; the writes, which keep a dirty path, stay in Tree.
 */
final class TreeWalks {

    /** Fills {@code out} with the container at {@code key}; returns false (and clears it) if absent. */
    static boolean find(PageAccess access, PageKind leafKind, Object root, long key, ContainerView out) {
        Object node = AnyNode.open(access, leafKind, root);
        if (node == null) {
            out.clear();
            return false;
        }
        while (AnyNode.isBranch(node)) {
            node = AnyNode.descend(access, leafKind, node, AnyNode.childIndexFor(node, key));
        }
        int cell = AnyNode.search(node, key, 0);
        if (cell < 0) {
            out.clear();
            return false;
        }
        AnyNode.fill(access, out, key, node, cell);
        return true;
    }

    /**
     * Finds {@code keys[0..count)}, which must be in ascending unsigned order, filling
     * {@code out[i]} for each (cleared when absent). Keys that share a leaf are answered from one
     * descent. Returns how many were found.
     */
    static int findMany(PageAccess access, PageKind leafKind, Object root, long[] keys, int count, ContainerView[] out) {
        int found = 0;
        int i = 0;
        while (i < count) {
            Object node = AnyNode.open(access, leafKind, root);
            if (node == null) {
                for (; i < count; i++) {
                    out[i].clear();
                }
                return found;
            }
            // Descend for keys[i]; remember the exclusive upper bound of the leaf reached.
            long upper = 0;
            boolean bounded = false;
            while (AnyNode.isBranch(node)) {
                int c = AnyNode.childIndexFor(node, keys[i]);
                if (c + 1 < AnyNode.size(node)) {
                    long next = AnyNode.key(node, c + 1);
                    if (!bounded || Long.compareUnsigned(next, upper) < 0) {
                        upper = next;
                        bounded = true;
                    }
                }
                node = AnyNode.descend(access, leafKind, node, c);
            }
            // Answer every key below the bound from this leaf.
            int from = 0;
            do {
                long key = keys[i];
                int cell = AnyNode.search(node, key, from);
                if (cell >= 0) {
                    AnyNode.fill(access, out[i], key, node, cell);
                    found++;
                    from = cell + 1;
                } else {
                    out[i].clear();
                    from = -cell - 1;
                }
                i++;
            } while (i < count && (!bounded || Long.compareUnsigned(keys[i], upper) < 0));
        }
        return found;
    }

    /**
     * Visits containers with keys in {@code [fromKey, toKey]} (inclusive, unsigned) in order, until
     * the visitor returns false. Returns false if the visitor stopped the scan.
     */
    static boolean forEach(PageAccess access, PageKind leafKind, Object root, long fromKey, long toKey, ContainerVisitor visitor) {
        if (Long.compareUnsigned(fromKey, toKey) > 0) {
            return true;
        }
        return scan(access, leafKind, root, fromKey, toKey, visitor, new ContainerView());
    }

    private static boolean scan(PageAccess access, PageKind leafKind, Object child, long fromKey, long toKey,
                                ContainerVisitor visitor, ContainerView view) {
        Object node = AnyNode.open(access, leafKind, child);
        if (node == null) {
            return true;
        }
        if (AnyNode.isBranch(node)) {
            for (int c = AnyNode.childIndexFor(node, fromKey); c < AnyNode.size(node); c++) {
                if (c > 0 && Long.compareUnsigned(AnyNode.key(node, c), toKey) > 0) {
                    break;
                }
                if (!scan(access, leafKind, AnyNode.child(node, c), fromKey, toKey, visitor, view)) {
                    return false;
                }
            }
            return true;
        }
        int cell = AnyNode.search(node, fromKey, 0);
        for (cell = cell < 0 ? -cell - 1 : cell; cell < AnyNode.size(node); cell++) {
            long key = AnyNode.key(node, cell);
            if (Long.compareUnsigned(key, toKey) > 0) {
                return true;
            }
            AnyNode.fill(access, view, key, node, cell);
            if (!visitor.visit(view)) {
                return false;
            }
        }
        return true;
    }

    private TreeWalks() {}
}
