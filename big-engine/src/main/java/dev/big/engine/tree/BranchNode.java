package dev.big.engine.tree;

import dev.big.page.BranchPage;
import dev.big.page.KeySearch;
import dev.big.page.PageClass;
import java.lang.foreign.MemorySegment;

/**
 * A dirty branch: children sorted by their lower-bound keys. A child is a committed
 * {@link dev.big.page.PageRef} or a dirty {@link Node}.
 */
final class BranchNode extends Node<Object> {

    BranchNode(PageClass owner, int capacity) {
        super(owner, new Object[Math.max(4, capacity)]);
    }

    /** A dirty copy of committed branch {@code page}, whose children stay committed. */
    static BranchNode copyOf(MemorySegment page, PageClass owner) {
        int count = BranchPage.count(page);
        BranchNode branch = new BranchNode(owner, count + 4);
        for (int c = 0; c < count; c++) {
            branch.append(BranchPage.key(page, c), BranchPage.child(page, c));
        }
        return branch;
    }

    @Override
    BranchNode sibling(int capacity) {
        return new BranchNode(owner, capacity);
    }

    /** Child {@code c}: a committed {@link dev.big.page.PageRef} or a dirty {@link Node}. */
    @Override
    Object value(int c) {
        return values[c];
    }

    /** The index of the child whose subtree may hold {@code key}. */
    int childIndexFor(long key) {
        return KeySearch.lastAtMost(keys, key, size);
    }
}
