package dev.big.engine.tree;

import dev.big.page.PageClass;

/**
 * A dirty tree node: a page being rewritten by the current write transaction, held in memory
 * until commit. A node's children are either committed pages ({@link dev.big.page.PageRef}) or
 * other dirty nodes, so a transaction copies exactly the root-to-leaf paths it changes.
 *
 * <p>Nodes may exceed a page while in memory; commit ({@link TreeWriteOut}) splits them into as
 * many pages as they need.
 */
public abstract sealed class Node permits LeafNode, BranchNode {

    final PageClass owner;
    long[] keys;
    int size;

    Node(PageClass owner, int capacity) {
        this.owner = owner;
        this.keys = new long[Math.max(4, capacity)];
    }

    public int size() {
        return size;
    }

    public long key(int i) {
        return keys[i];
    }

    /** Index of {@code key}, or {@code -(insertionPoint) - 1}, in unsigned key order. */
    int search(long key) {
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int cmp = Long.compareUnsigned(keys[mid], key);
            if (cmp < 0) {
                lo = mid + 1;
            } else if (cmp > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }
}
