package dev.big.engine;

import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import dev.big.page.CorruptPageException;
import dev.big.page.PageKind;
import dev.big.page.PageRef;
import dev.big.page.RootsPage;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A named tree as the roots tree records it: its root, and the summary bytes committed with it (a
 * zone map, for example). The root is a page ({@link PageRef}) or, for a fragment of one small leaf
 * in a file of format 6 or later, that leaf's image held in the entry itself ({@link RootsPage}):
 * what {@link Tree#writeOut(int)} returns and {@link Tree}'s constructor takes (and checks).
 * The entry's bytes are {@link RootsPage}'s; this is where the engine reads and writes them, for
 * snapshots and write transactions alike.
 */
record FragmentRoot(Object root, byte[] summary) {

    static final byte[] NO_SUMMARY = new byte[0];

    /** What a fragment the roots tree does not name has: no root, no summary. */
    static final FragmentRoot ABSENT = new FragmentRoot(PageRef.NONE, NO_SUMMARY);

    /** The entry of {@code fragmentKey} in {@code roots}, a tree of {@code file}, or {@link #ABSENT}. */
    static FragmentRoot find(Tree roots, long fragmentKey, String file) {
        ContainerView view = new ContainerView();
        return roots.find(fragmentKey, view) ? decode(view.bytes(), file) : ABSENT;
    }

    /**
     * Decodes a roots entry of {@code file}. An inline leaf is copied out of the entry, so that it
     * outlives whatever page the entry was read from, into native memory like the pages beside it.
     */
    static FragmentRoot decode(byte[] entry, String file) {
        MemorySegment bytes = MemorySegment.ofArray(entry);
        if (!RootsPage.isInline(bytes)) {
            return new FragmentRoot(RootsPage.root(bytes), RootsPage.summary(bytes));
        }
        MemorySegment image = RootsPage.inlineLeaf(bytes);
        if (image == null) {
            throw new CorruptPageException(file, -1, PageKind.ROOTS,
                    "an inline roots entry of " + entry.length + " bytes names lengths that do not fit it");
        }
        MemorySegment copy = Arena.ofAuto().allocate(image.byteSize(), Long.BYTES);
        MemorySegment.copy(image, 0, copy, 0, image.byteSize());
        return new FragmentRoot(copy, RootsPage.summary(bytes));
    }

    /** The summary of a roots entry, whatever its root. */
    static byte[] summaryOf(byte[] entry) {
        return RootsPage.summary(MemorySegment.ofArray(entry));
    }

    /** The roots entry that records this root. */
    byte[] encode() {
        return root instanceof MemorySegment inlineLeaf ? RootsPage.encodeInlineEntry(inlineLeaf, summary)
                : RootsPage.encodeEntry((PageRef) root, summary);
    }
}
