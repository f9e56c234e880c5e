package dev.big.engine;

import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import dev.big.page.PageRef;
import dev.big.page.RootsPage;
import java.lang.foreign.MemorySegment;

/**
 * A named tree as the roots tree records it: its root page and the summary bytes committed with
 * it (a zone map, for example). The entry's bytes are {@link RootsPage}'s; this is where the
 * engine reads and writes them, for snapshots and write transactions alike.
 */
record FragmentRoot(PageRef root, byte[] summary) {

    static final byte[] NO_SUMMARY = new byte[0];

    /** What a fragment the roots tree does not name has: no root, no summary. */
    static final FragmentRoot ABSENT = new FragmentRoot(PageRef.NONE, NO_SUMMARY);

    /** The entry of {@code fragmentKey} in {@code roots}, or {@link #ABSENT}. */
    static FragmentRoot find(Tree roots, long fragmentKey) {
        ContainerView view = new ContainerView();
        return roots.find(fragmentKey, view) ? decode(view.bytes()) : ABSENT;
    }

    /** Decodes a roots entry. */
    static FragmentRoot decode(byte[] entry) {
        MemorySegment bytes = MemorySegment.ofArray(entry);
        return new FragmentRoot(RootsPage.root(bytes), RootsPage.summary(bytes));
    }

    /** The roots entry that records this root. */
    byte[] encode() {
        return RootsPage.encodeEntry(root, summary);
    }
}
