package dev.big.page;

import static dev.big.page.PageFormat.LE_INT;
import static dev.big.page.PageFormat.LE_LONG;

import java.lang.foreign.MemorySegment;

/**
 * A leaf of the roots tree, which names every fragment tree in the file. It has the
 * {@link LeafPage} layout with kind ROOTS; every cell is a BYTES cell holding a roots entry.
 *
 * <pre>
 * RootsPage   --&gt; LeafPage with kind ROOTS, Owner ROOTS
 * Cell.Key    --&gt; u64 fragment key (see the coords wire format in docs/versioning.md)
 * RootsEntry  --&gt; PagedEntry | InlineEntry
 * PagedEntry  --&gt; RootPage:u64 RootChecksum:u64 Summary
 * InlineEntry --&gt; INLINE:u64 SummaryLength:u32 LeafLength:u32 Summary Padding LeafImage   (format 6 and later)
 * Summary     --&gt; bytes kept with the fragment's root and committed with it (the BSI zone map,
 *                 for example); opaque to the engine, at most {@link #MAX_SUMMARY_BYTES}
 * Padding     --&gt; zeros up to the next multiple of 8 bytes of the entry
 * LeafImage   --&gt; the first LeafLength bytes of a {@link LeafPage} holding the whole fragment:
 *                 header (Checksum 0, PageNumber {@link LeafPage#INLINE_PAGE_NUMBER}, Extra =
 *                 LeafLength), cells and payloads, so that it reads as the leaf it is
 * </pre>
 *
 * <p>A fragment whose cells fit one leaf of at most {@link #inlineRoom} bytes is held inline
 * (files of format {@link MetaPage#VERSION_INLINE_LEAVES} and later): a commit that changes it
 * rewrites the roots tree's path, which it rewrites anyway to record the fragment's new root,
 * instead of a page of its own. At 64 sparse shards that was 192 of the 258 leaves a checkpoint
 * wrote. A bitmap container of such a fragment is still a page of its own, which its cell names.
 * INLINE is page 1, a meta slot, which no paged entry can name, so the two kinds of entry cannot be
 * confused whatever the page's version.
 *
 * <p>Branch pages of the roots tree are ordinary {@link BranchPage}s with Owner ROOTS. Because
 * the roots tree is a copy-on-write B+tree, a commit that touches k fragments rewrites only the
 * paths to those k entries, not a list of every fragment.
 */
public final class RootsPage {

    public static final int MAGIC = PageHeader.ascii("BIGR");
    public static final int VERSION_START = 1;
    /**
     * Inline entries did not change the page's version but the file's: a format-5 file this build
     * writes to keeps pages its own build opens, and holds no inline entry.
     */
    public static final int VERSION_CURRENT = 1;

    public static final int ENTRY_FIXED_BYTES = 16;
    public static final int MAX_SUMMARY_BYTES = LeafPage.MAX_PAYLOAD_BYTES - ENTRY_FIXED_BYTES;
    /** The RootPage of an inline entry. */
    public static final long INLINE = 1;

    /** Encodes a roots entry. */
    public static byte[] encodeEntry(PageRef root, byte[] summary) {
        checkSummary(summary);
        byte[] entry = new byte[ENTRY_FIXED_BYTES + summary.length];
        MemorySegment segment = MemorySegment.ofArray(entry);
        segment.set(LE_LONG, 0, root.pgno());
        segment.set(LE_LONG, 8, root.checksum());
        System.arraycopy(summary, 0, entry, ENTRY_FIXED_BYTES, summary.length);
        return entry;
    }

    /**
     * The most bytes a leaf image may take to be held inline beside a summary of
     * {@code summaryLength} bytes: what is left of a leaf's largest payload (negative if nothing is).
     */
    public static int inlineRoom(int summaryLength) {
        return LeafPage.MAX_PAYLOAD_BYTES - ENTRY_FIXED_BYTES - PageFormat.align8(summaryLength);
    }

    /** Encodes an inline entry holding {@code leafImage} (see {@link LeafPage#INLINE_PAGE_NUMBER}). */
    public static byte[] encodeInlineEntry(MemorySegment leafImage, byte[] summary) {
        checkSummary(summary);
        int leafLength = Math.toIntExact(leafImage.byteSize());
        if (leafLength > inlineRoom(summary.length)) {
            throw new IllegalArgumentException("leaf image of " + leafLength + " bytes does not fit an entry beside a summary of "
                    + summary.length + " bytes");
        }
        int leafAt = ENTRY_FIXED_BYTES + PageFormat.align8(summary.length);
        byte[] entry = new byte[leafAt + leafLength];
        MemorySegment segment = MemorySegment.ofArray(entry);
        segment.set(LE_LONG, 0, INLINE);
        segment.set(LE_INT, 8, summary.length);
        segment.set(LE_INT, 12, leafLength);
        System.arraycopy(summary, 0, entry, ENTRY_FIXED_BYTES, summary.length);
        MemorySegment.copy(leafImage, 0, segment, leafAt, leafLength);
        return entry;
    }

    /** Whether an encoded entry holds its fragment's leaf inline. */
    public static boolean isInline(MemorySegment entry) {
        return entry.get(LE_LONG, 0) == INLINE;
    }

    /** The fragment root named by an encoded paged entry ({@link #isInline} is false). */
    public static PageRef root(MemorySegment entry) {
        return new PageRef(entry.get(LE_LONG, 0), entry.get(LE_LONG, 8));
    }

    /**
     * The leaf image of an inline entry, a view of {@code entry}; null if its lengths do not fit the
     * entry (damage the roots page's checksum did not catch, or a bug).
     */
    public static MemorySegment inlineLeaf(MemorySegment entry) {
        long summaryLength = Integer.toUnsignedLong(entry.get(LE_INT, 8));
        long leafLength = Integer.toUnsignedLong(entry.get(LE_INT, 12));
        long leafAt = ENTRY_FIXED_BYTES + ((summaryLength + 7) & ~7L);
        if (leafLength < PageHeader.SIZE_BYTES || leafAt + leafLength != entry.byteSize()) {
            return null;
        }
        return entry.asSlice(leafAt, leafLength);
    }

    /** The summary bytes of an encoded entry, paged or inline. */
    public static byte[] summary(MemorySegment entry) {
        if (isInline(entry)) {
            long length = Math.min(Integer.toUnsignedLong(entry.get(LE_INT, 8)), entry.byteSize() - ENTRY_FIXED_BYTES);
            return entry.asSlice(ENTRY_FIXED_BYTES, length).toArray(PageFormat.BYTE);
        }
        return entry.asSlice(ENTRY_FIXED_BYTES).toArray(PageFormat.BYTE);
    }

    /**
     * The root page of the fragment in cell {@code i} of a roots page; for an inline entry (ask
     * {@link #isInline} first) its page number is {@link #INLINE}, which names no tree page.
     */
    public static PageRef root(MemorySegment page, int i) {
        return root(LeafPage.payload(page, i));
    }

    private static void checkSummary(byte[] summary) {
        if (summary.length > MAX_SUMMARY_BYTES) {
            throw new IllegalArgumentException("fragment summary of " + summary.length + " bytes exceeds " + MAX_SUMMARY_BYTES);
        }
    }

    private RootsPage() {}
}
