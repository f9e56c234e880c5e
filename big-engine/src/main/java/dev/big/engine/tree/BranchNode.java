package dev.big.engine.tree;

import dev.big.page.PageClass;
import java.util.Arrays;

/**
 * A dirty branch: children sorted by their lower-bound keys. A child is a committed
 * {@link dev.big.page.PageRef} or a dirty {@link Node}.
 */
public final class BranchNode extends Node {

    Object[] children;

    BranchNode(PageClass owner, int capacity) {
        super(owner, capacity);
        this.children = new Object[keys.length];
    }

    /** The index of the child whose subtree may hold {@code key}. */
    int childIndexFor(long key) {
        int lo = 1;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(keys[mid], key) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return lo - 1;
    }

    void insert(int at, long key, Object child) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            children = Arrays.copyOf(children, size * 2);
        }
        System.arraycopy(keys, at, keys, at + 1, size - at);
        System.arraycopy(children, at, children, at + 1, size - at);
        keys[at] = key;
        children[at] = child;
        size++;
    }

    void append(long key, Object child) {
        insert(size, key, child);
    }

    void removeAt(int at) {
        System.arraycopy(keys, at + 1, keys, at, size - at - 1);
        System.arraycopy(children, at + 1, children, at, size - at - 1);
        size--;
        children[size] = null;
    }

    BranchNode splitOff(int from) {
        BranchNode right = new BranchNode(owner, size - from);
        System.arraycopy(keys, from, right.keys, 0, size - from);
        System.arraycopy(children, from, right.children, 0, size - from);
        right.size = size - from;
        Arrays.fill(children, from, size, null);
        size = from;
        return right;
    }
}
