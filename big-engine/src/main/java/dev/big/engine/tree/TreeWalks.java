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
        int[] found = {0};
        walkMany(access, leafKind, root, keys, count, (i, node, cell) -> {
            if (cell >= 0) {
                AnyNode.fill(access, out[i], keys[i], node, cell);
                found[0]++;
            } else {
                out[i].clear();
            }
        });
        return found[0];
    }

    /**
     * The total cardinality of the containers at {@code keys[0..count)} (ascending unsigned; an
     * absent key counts 0), read from the leaf cells: a count needs no bitmap page opened, which
     * for a keyed value's row is most of the cost (a check of the page's checksum memo and a read
     * of its header, each a cache miss).
     */
    static long cardinalityOfMany(PageAccess access, PageKind leafKind, Object root, long[] keys, int count) {
        long[] total = {0};
        walkMany(access, leafKind, root, keys, count, (i, node, cell) -> {
            if (cell >= 0) {
                total[0] += AnyNode.cardinality(node, cell);
            }
        });
        return total[0];
    }

    /** What a walk over many keys does with key {@code i}: found in {@code cell} of leaf {@code node}, or absent when {@code cell < 0}. */
    private interface KeyVisit {
        void visit(int i, Object node, int cell);
    }

    /** Visits {@code keys[0..count)} in order; keys that share a leaf are answered from one descent. */
    private static void walkMany(PageAccess access, PageKind leafKind, Object root, long[] keys, int count, KeyVisit visit) {
        int i = 0;
        while (i < count) {
            Object node = AnyNode.open(access, leafKind, root);
            if (node == null) {
                for (; i < count; i++) {
                    visit.visit(i, null, -1);
                }
                return;
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
                int cell = AnyNode.search(node, keys[i], from);
                visit.visit(i, node, cell);
                from = cell >= 0 ? cell + 1 : -cell - 1;
                i++;
            } while (i < count && (!bounded || Long.compareUnsigned(keys[i], upper) < 0));
        }
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
