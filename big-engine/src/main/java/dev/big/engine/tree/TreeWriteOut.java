package dev.big.engine.tree;

import dev.big.page.BitmapPage;
import dev.big.page.BranchPage;
import dev.big.page.LeafPage;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import dev.big.page.PageRef;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a tree's dirty nodes as pages at commit, children before parents, so each parent link
 * can carry its child's checksum; or, for a tree of one leaf small enough, as the leaf's image
 * alone, which its roots entry holds instead of a page ({@code RootsPage}, file format 6).
 *
 * <p>Changed containers are encoded here ({@link Containers#encode}); bitmap containers get a
 * page of their own. Leaves that outgrew a page are split into as many as they need, leaves that
 * shrank below a quarter page are merged with a neighbour when the two fit one page, and a branch
 * left with a single child is replaced by that child. New pages come from
 * {@link TxnContext#allocate()}, so they never overwrite anything a reader can see.
 */
final class TreeWriteOut {

    private static final int MERGE_BELOW_BYTES = LeafPage.BODY_BYTES / 4;

    private final Tree tree;
    private final TxnContext txn;
    private final MemorySegment buffer = MemorySegment.ofArray(new long[PageFormat.PAGE_SIZE_BYTES / Long.BYTES]);

    private record Entry(long firstKey, PageRef ref) {}

    private TreeWriteOut(Tree tree, TxnContext txn) {
        this.tree = tree;
        this.txn = txn;
    }

    /**
     * Writes {@code tree}'s dirty nodes and returns its new root ({@link PageRef#NONE} if empty):
     * a page, or the image of its one leaf if the tree is a leaf whose cells fit
     * {@code inlineRoom} bytes (a {@link MemorySegment}, which no page holds: its roots entry will).
     */
    static Object writeOut(Tree tree, TxnContext txn, int inlineRoom) {
        TreeWriteOut out = new TreeWriteOut(tree, txn);
        List<Entry> entries;
        if (tree.root() instanceof LeafNode leaf) {
            out.encode(leaf);
            if (leaf.size > 0 && PageHeader.SIZE_BYTES + bytes(leaf) <= inlineRoom) {
                return out.leafImage(leaf);
            }
            entries = out.writeLeaves(leaf);
        } else {
            entries = out.write((Node<?>) tree.root());
        }
        while (entries.size() > 1) {
            entries = out.writeBranches(entries);
        }
        return entries.isEmpty() ? PageRef.NONE : entries.get(0).ref;
    }

    private List<Entry> write(Node<?> node) {
        if (node instanceof LeafNode leaf) {
            encode(leaf);
            return writeLeaves(leaf);
        }
        BranchNode branch = (BranchNode) node;
        for (int c = 0; c < branch.size; c++) {
            if (branch.value(c) instanceof LeafNode leaf) {
                encode(leaf);
            }
        }
        mergeSmallLeaves(branch);
        List<Entry> entries = new ArrayList<>(branch.size + 4);
        for (int c = 0; c < branch.size; c++) {
            Object child = branch.value(c);
            if (child instanceof PageRef ref) {
                entries.add(new Entry(branch.keys[c], ref));
            } else {
                entries.addAll(write((Node<?>) child));
            }
        }
        if (entries.size() <= 1) {
            return entries;
        }
        return writeBranches(entries);
    }

    /** Replaces every changed container by its stored form, writing bitmap pages; drops empty ones. */
    private void encode(LeafNode leaf) {
        int kept = 0;
        for (int i = 0; i < leaf.size; i++) {
            CellValue value = leaf.value(i);
            if (value instanceof CellValue.Modified modified) {
                Containers.Encoded encoded = Containers.encode(modified.container());
                value = switch (encoded) {
                    case null -> null;
                    case Containers.EncodedInline inline -> inline.value();
                    case Containers.EncodedBitmap bitmap -> writeBitmap(bitmap);
                };
            }
            if (value != null) {
                leaf.keys[kept] = leaf.keys[i];
                leaf.set(kept, value);
                kept++;
            }
        }
        leaf.truncate(kept);
    }

    private CellValue.StoredBitmap writeBitmap(Containers.EncodedBitmap bitmap) {
        long pgno = txn.allocate();
        BitmapPage.write(buffer, bitmap.words());
        long checksum = BitmapPage.checksum(buffer);
        txn.write(pgno, buffer);
        PageRef ref = new PageRef(pgno, checksum);
        txn.writtenBitmaps().wrote(ref, bitmap.words(), bitmap.cardinality());
        return new CellValue.StoredBitmap(bitmap.cardinality(), ref);
    }

    private static int cellBytes(CellValue value) {
        return switch (value) {
            case CellValue.Inline inline -> LeafPage.cellBytes(inline.payload().length);
            case CellValue.StoredBitmap ignored -> LeafPage.cellBytes(LeafPage.BITMAP_REF_BYTES);
            case CellValue.Modified ignored -> throw new IllegalStateException("leaf not encoded");
        };
    }

    private static int bytes(LeafNode leaf) {
        int total = 0;
        for (int i = 0; i < leaf.size; i++) {
            total += cellBytes(leaf.value(i));
        }
        return total;
    }

    /**
     * Merges each small dirty leaf child with its right neighbour when both fit one page. A
     * committed neighbour is loaded (and its page freed) only when the merge will happen.
     */
    private void mergeSmallLeaves(BranchNode branch) {
        for (int c = 0; c + 1 < branch.size; ) {
            if (!(branch.value(c) instanceof LeafNode left)) {
                c++;
                continue;
            }
            int leftBytes = bytes(left);
            if (leftBytes >= MERGE_BELOW_BYTES && left.size > 0) {
                c++;
                continue;
            }
            LeafNode right = asLeafIfFits(branch.value(c + 1), LeafPage.BODY_BYTES - leftBytes);
            if (right == null) {
                c++;
                continue;
            }
            left.absorb(right);
            branch.removeAt(c + 1);
        }
        // An empty first child would leave keys[0] meaningless but harmless; drop empty leaves.
        for (int c = branch.size - 1; c >= 0 && branch.size > 1; c--) {
            if (branch.value(c) instanceof LeafNode leaf && leaf.size == 0) {
                branch.removeAt(c);
            }
        }
    }

    /** The child as an encoded dirty leaf if it is a leaf of at most {@code room} bytes, else null. */
    private LeafNode asLeafIfFits(Object child, int room) {
        if (child instanceof LeafNode leaf) {
            return bytes(leaf) <= room ? leaf : null;
        }
        if (child instanceof PageRef ref) {
            MemorySegment page = tree.access().treePage(ref, tree.leafKind());
            if (PageAccess.isBranch(page) || PageHeader.extra(page) - PageHeader.SIZE_BYTES > room) {
                return null;
            }
            txn.free(ref.pgno());
            return LeafNode.copyOf(page, tree.leafKind(), tree.owner());
        }
        return null;
    }

    /** Packs an encoded leaf into as few pages as fit, spreading cells evenly. */
    private List<Entry> writeLeaves(LeafNode leaf) {
        List<Entry> entries = new ArrayList<>();
        if (leaf.size == 0) {
            return entries;
        }
        int total = bytes(leaf);
        int pages = Math.max(1, (total + LeafPage.BODY_BYTES - 1) / LeafPage.BODY_BYTES);
        int target = (total + pages - 1) / pages;
        int start = 0;
        while (start < leaf.size) {
            int used = 0;
            int end = start;
            while (end < leaf.size) {
                int next = cellBytes(leaf.value(end));
                if (used + next > LeafPage.BODY_BYTES || (used >= target && end > start)) {
                    break;
                }
                used += next;
                end++;
            }
            entries.add(new Entry(leaf.keys[start], writeLeafPage(leaf, start, end)));
            start = end;
        }
        return entries;
    }

    private PageRef writeLeafPage(LeafNode leaf, int from, int to) {
        long pgno = txn.allocate();
        LeafPage.Writer writer = new LeafPage.Writer(buffer, leaf.kind, leaf.owner, pgno, txn.txid(), to - from);
        appendCells(writer, leaf, from, to);
        long checksum = writer.finish();
        txn.write(pgno, buffer);
        return new PageRef(pgno, checksum);
    }

    /** The whole of an encoded leaf as the image an inline roots entry holds, in memory of its own. */
    private MemorySegment leafImage(LeafNode leaf) {
        LeafPage.Writer writer = new LeafPage.Writer(buffer, leaf.kind, leaf.owner, LeafPage.INLINE_PAGE_NUMBER, txn.txid(),
                leaf.size);
        appendCells(writer, leaf, 0, leaf.size);
        return writer.finishImage(Arena.ofAuto());
    }

    private static void appendCells(LeafPage.Writer writer, LeafNode leaf, int from, int to) {
        MemorySegment scratch;
        for (int i = from; i < to; i++) {
            switch (leaf.value(i)) {
                case CellValue.Inline inline -> {
                    scratch = MemorySegment.ofArray(inline.payload());
                    writer.append(leaf.keys[i], inline.kind(), inline.cardinality(), scratch, 0, inline.payload().length);
                }
                case CellValue.StoredBitmap stored ->
                        writer.appendBitmap(leaf.keys[i], stored.cardinality(), stored.page().pgno(), stored.page().checksum());
                case CellValue.Modified ignored -> throw new IllegalStateException("leaf not encoded");
            }
        }
    }

    /** Writes branch pages over {@code entries}, at most {@link BranchPage#MAX_CHILDREN} each, evenly filled. */
    private List<Entry> writeBranches(List<Entry> entries) {
        int pages = (entries.size() + BranchPage.MAX_CHILDREN - 1) / BranchPage.MAX_CHILDREN;
        List<Entry> parents = new ArrayList<>(pages);
        int start = 0;
        for (int p = 0; p < pages; p++) {
            int end = start + (entries.size() - start) / (pages - p);
            long pgno = txn.allocate();
            BranchPage.init(buffer, tree.owner(), pgno, txn.txid());
            for (int i = start; i < end; i++) {
                Entry entry = entries.get(i);
                BranchPage.setChild(buffer, i - start, entry.firstKey, entry.ref.pgno(), entry.ref.checksum());
            }
            PageHeader.setCount(buffer, end - start);
            long checksum = PageHeader.seal(buffer);
            txn.write(pgno, buffer);
            parents.add(new Entry(entries.get(start).firstKey, new PageRef(pgno, checksum)));
            start = end;
        }
        return parents;
    }
}
