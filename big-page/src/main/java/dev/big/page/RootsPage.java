package dev.big.page;

import static dev.big.page.PageFormat.LE_LONG;

import java.lang.foreign.MemorySegment;

/**
 * A leaf of the roots tree, which names every fragment tree in the file. It has the
 * {@link LeafPage} layout with kind ROOTS; every cell is a BYTES cell holding a roots entry.
 *
 * <pre>
 * RootsPage  --&gt; LeafPage with kind ROOTS, Owner ROOTS
 * Cell.Key   --&gt; u64 fragment key (see the coords wire format in docs/versioning.md)
 * RootsEntry --&gt; RootPage:u64 RootChecksum:u64 Summary
 * Summary    --&gt; bytes kept with the fragment's root and committed with it (the BSI zone map,
 *                for example); opaque to the engine, at most {@link #MAX_SUMMARY_BYTES}
 * </pre>
 *
 * <p>Branch pages of the roots tree are ordinary {@link BranchPage}s with Owner ROOTS. Because
 * the roots tree is a copy-on-write B+tree, a commit that touches k fragments rewrites only the
 * paths to those k entries, not a list of every fragment.
 */
public final class RootsPage {

    public static final int MAGIC = PageHeader.ascii("BIGR");
    public static final int VERSION_START = 1;
    public static final int VERSION_CURRENT = 1;

    public static final int ENTRY_FIXED_BYTES = 16;
    public static final int MAX_SUMMARY_BYTES = LeafPage.MAX_PAYLOAD_BYTES - ENTRY_FIXED_BYTES;

    /** Encodes a roots entry. */
    public static byte[] encodeEntry(PageRef root, byte[] summary) {
        if (summary.length > MAX_SUMMARY_BYTES) {
            throw new IllegalArgumentException("fragment summary of " + summary.length + " bytes exceeds " + MAX_SUMMARY_BYTES);
        }
        byte[] entry = new byte[ENTRY_FIXED_BYTES + summary.length];
        MemorySegment segment = MemorySegment.ofArray(entry);
        segment.set(LE_LONG, 0, root.pgno());
        segment.set(LE_LONG, 8, root.checksum());
        System.arraycopy(summary, 0, entry, ENTRY_FIXED_BYTES, summary.length);
        return entry;
    }

    /** The fragment root named by an encoded entry. */
    public static PageRef root(MemorySegment entry) {
        return new PageRef(entry.get(LE_LONG, 0), entry.get(LE_LONG, 8));
    }

    /** The summary bytes of an encoded entry. */
    public static byte[] summary(MemorySegment entry) {
        return entry.asSlice(ENTRY_FIXED_BYTES).toArray(PageFormat.BYTE);
    }

    /** The root of the fragment in cell {@code i} of a roots page. */
    public static PageRef root(MemorySegment page, int i) {
        return root(LeafPage.payload(page, i));
    }

    private RootsPage() {}
}
