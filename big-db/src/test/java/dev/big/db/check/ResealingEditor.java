package dev.big.db.check;

import static dev.big.page.PageFormat.LE_LONG;

import dev.big.page.BranchPage;
import dev.big.page.ContainerKind;
import dev.big.page.LeafPage;
import dev.big.page.MetaPage;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import dev.big.page.PageKind;
import dev.big.page.PageRef;
import dev.big.page.RootsPage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Rewrites a page of a closed database file and re-seals every checksum from it up to the meta
 * page: the page's own, the link its parent keeps to it, the parent's own, and so on. The file
 * stays checksum-valid and every page keeps its identity, so a wrong value written this way is
 * invisible to checksum verification: only a check of what the structures mean can find it.
 */
final class ResealingEditor implements AutoCloseable {

    /** Where the checksum of a page is kept: a byte offset in its parent page, or a field of the meta page. */
    private record Link(long parent, long checksumOffset, MetaField metaField) {}

    private enum MetaField { ROOTS, CATALOG }

    /** A branch page of a fragment tree, found by the walk. */
    record Branch(long pgno, long fragmentKey) {}

    /** A fragment held inline in cell {@code cell} of roots page {@code rootsPgno}, found by the walk. */
    record InlineEntry(long rootsPgno, int cell, long fragmentKey) {}

    private final FileChannel channel;
    private final int slot;
    private MetaPage.State meta;
    private final Map<Long, Link> links = new HashMap<>();
    private final List<Branch> fragmentBranches = new ArrayList<>();
    private final List<InlineEntry> inlineEntries = new ArrayList<>();

    ResealingEditor(Path file) {
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        MetaPage.State newest = null;
        int newestSlot = -1;
        for (int s = 0; s < MetaPage.SLOTS; s++) {
            MemorySegment page = read(s);
            if (MetaPage.validate(s, page) == null && (newest == null || MetaPage.read(page).txid() > newest.txid())) {
                newest = MetaPage.read(page);
                newestSlot = s;
            }
        }
        meta = newest;
        slot = newestSlot;
        walk(meta.roots(), new Link(-1, -1, MetaField.ROOTS), true, 0);
        walk(meta.catalog(), new Link(-1, -1, MetaField.CATALOG), false, 0);
    }

    private void walk(PageRef ref, Link link, boolean rootsTree, long fragmentKey) {
        if (ref.isNone()) {
            return;
        }
        links.put(ref.pgno(), link);
        MemorySegment page = read(ref.pgno());
        if (PageHeader.kind(page) == PageKind.BRANCH) {
            if (!rootsTree && fragmentKey != 0) {
                fragmentBranches.add(new Branch(ref.pgno(), fragmentKey));
            }
            for (int c = 0; c < BranchPage.count(page); c++) {
                long offset = PageHeader.SIZE_BYTES + (long) c * BranchPage.CHILD_SIZE_BYTES + 16;
                walk(BranchPage.child(page, c), new Link(ref.pgno(), offset, null), rootsTree, fragmentKey);
            }
            return;
        }
        for (int cell = 0; cell < LeafPage.count(page); cell++) {
            long checksumOffset = LeafPage.payloadOffset(page, cell) + 8;
            if (rootsTree && RootsPage.isInline(LeafPage.payload(page, cell))) {
                // a fragment held in its entry: the roots page's checksum covers it
                inlineEntries.add(new InlineEntry(ref.pgno(), cell, LeafPage.key(page, cell)));
            } else if (rootsTree) {
                walk(RootsPage.root(page, cell), new Link(ref.pgno(), checksumOffset, null), false, LeafPage.key(page, cell));
            } else if (LeafPage.kind(page, cell) == ContainerKind.BITMAP) {
                links.put(LeafPage.bitmapRef(page, cell).pgno(), new Link(ref.pgno(), checksumOffset, null));
            }
        }
    }

    /** The branch pages of fragment trees (not of the roots or catalog tree), in walk order. */
    List<Branch> fragmentBranches() {
        return fragmentBranches;
    }

    /** The fragments held inline in their roots entries, in walk order. */
    List<InlineEntry> inlineEntries() {
        return inlineEntries;
    }

    /** A copy of page {@code pgno}. */
    MemorySegment read(long pgno) {
        ByteBuffer buffer = ByteBuffer.allocate(PageFormat.PAGE_SIZE_BYTES);
        try {
            channel.read(buffer, PageFormat.offsetOf(pgno));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return MemorySegment.ofArray(buffer.array());
    }

    /** Applies {@code edit} to headed page {@code pgno} and re-seals the path from it to the meta page. */
    void rewrite(long pgno, Consumer<MemorySegment> edit) {
        MemorySegment page = read(pgno);
        edit.accept(page);
        long checksum = PageHeader.seal(page);
        write(pgno, page);
        relink(pgno, checksum);
    }

    private void relink(long child, long checksum) {
        Link link = links.get(child);
        if (link == null) {
            throw new IllegalArgumentException("page " + child + " is not reachable from the newest meta page");
        }
        if (link.metaField() != null) {
            PageRef roots = link.metaField() == MetaField.ROOTS ? new PageRef(child, checksum) : meta.roots();
            PageRef catalog = link.metaField() == MetaField.CATALOG ? new PageRef(child, checksum) : meta.catalog();
            meta = new MetaPage.State(meta.formatVersion(), meta.txid(), meta.pageCount(), roots, catalog, meta.freelist(), meta.freePages(),
                    meta.commitMillis());
            MemorySegment page = MemorySegment.ofArray(new byte[PageFormat.PAGE_SIZE_BYTES]);
            MetaPage.write(page, meta);
            write(slot, page);
            return;
        }
        MemorySegment parent = read(link.parent());
        parent.set(LE_LONG, link.checksumOffset(), checksum);
        long parentChecksum = PageHeader.seal(parent);
        write(link.parent(), parent);
        relink(link.parent(), parentChecksum);
    }

    private void write(long pgno, MemorySegment page) {
        try {
            channel.write(page.asByteBuffer(), PageFormat.offsetOf(pgno));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            channel.force(true);
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
