package dev.big.page;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

class PageRoundTripTest {

    @Test
    void metaPageKeepsEveryField() {
        MemorySegment page = SamplePages.meta(1);
        assertNull(MetaPage.validate(1, page));
        MetaPage.State state = MetaPage.read(page);
        assertEquals(new MetaPage.State(MetaPage.VERSION_CURRENT, 11, 1234, new PageRef(5, 0x55L), new PageRef(6, 0x66L),
                new PageRef(7, 0x77L), 42, 1_700_000_000_000L), state);
        assertEquals(MetaPage.VERSION_CURRENT, MetaPage.formatVersion(page));
        assertEquals(PageClass.META, PageHeader.classify(page));
    }

    @Test
    void metaPageKeepsAnOlderFormatVersion() {
        MemorySegment page = SamplePages.newPage();
        MetaPage.State older = MetaPage.read(SamplePages.meta(1)).withFormatVersion(MetaPage.VERSION_START);
        MetaPage.write(page, older);
        assertNull(MetaPage.validate(1, page));
        assertEquals(MetaPage.VERSION_START, MetaPage.formatVersion(page));
        assertEquals(older, MetaPage.read(page));
    }

    @Test
    void metaPageIsNotWrittenInAVersionThisBuildDoesNotRead() {
        MetaPage.State state = MetaPage.read(SamplePages.meta(1));
        for (int version : new int[] {MetaPage.VERSION_START - 1, MetaPage.VERSION_CURRENT + 1}) {
            assertThrows(IllegalArgumentException.class,
                    () -> MetaPage.write(SamplePages.newPage(), state.withFormatVersion(version)));
        }
    }

    @Test
    void metaPageInTheWrongSlotIsRejected() {
        assertEquals("header names page 1", MetaPage.validate(0, SamplePages.meta(1)));
    }

    @Test
    void branchPageKeepsChildren() {
        MemorySegment page = SamplePages.branch(12);
        PageHeader.verify("f", 12, page, PageKind.BRANCH, PageHeader.storedChecksum(page));
        assertEquals(5, BranchPage.count(page));
        assertEquals(new PageRef(1003, 0xABCD03L), BranchPage.child(page, 3));
        assertEquals(300, BranchPage.key(page, 3));
        assertEquals(0, BranchPage.childIndexFor(page, 99));
        assertEquals(1, BranchPage.childIndexFor(page, 100));
        assertEquals(4, BranchPage.childIndexFor(page, Long.MAX_VALUE));
        assertEquals(4, BranchPage.childIndexFor(page, -1L));
        assertNull(BranchPage.structureError(page));
        assertEquals(12, PageHeader.pageNumber(page));
        assertEquals(SamplePages.TXID, PageHeader.txid(page));
        assertEquals(PageClass.DATA, PageHeader.classify(page));
    }

    @Test
    void leafPageKeepsEveryContainerKind() {
        MemorySegment page = SamplePages.leaf(13, PageKind.LEAF);
        PageHeader.verify("f", 13, page, PageKind.LEAF, PageHeader.storedChecksum(page));
        assertNull(LeafPage.structureError(page));
        assertEquals(4, LeafPage.count(page));

        assertEquals(ContainerKind.ARRAY, LeafPage.kind(page, 0));
        assertEquals(4, LeafPage.cardinality(page, 0));
        assertEquals(65535, LeafPage.arrayValue(page, 0, 3));
        assertTrue(LeafPage.inlineContains(page, 0, 9));
        assertFalse(LeafPage.inlineContains(page, 0, 10));

        assertEquals(ContainerKind.RUN, LeafPage.kind(page, 1));
        assertEquals(2, LeafPage.runCount(page, 1));
        assertEquals(100, LeafPage.runStart(page, 1, 1));
        assertTrue(LeafPage.inlineContains(page, 1, 9));
        assertTrue(LeafPage.inlineContains(page, 1, 100));
        assertFalse(LeafPage.inlineContains(page, 1, 10));
        assertFalse(LeafPage.inlineContains(page, 1, 101));

        assertEquals(ContainerKind.BITMAP, LeafPage.kind(page, 2));
        assertEquals(new PageRef(321, 0x1234_5678_9ABC_DEF0L), LeafPage.bitmapRef(page, 2));

        assertEquals(ContainerKind.BYTES, LeafPage.kind(page, 3));
        assertArrayEquals(new byte[] {1, 2, 3}, LeafPage.payload(page, 3).toArray(PageFormat.BYTE));
        assertEquals(-1L, LeafPage.key(page, 3));

        assertEquals(2, LeafPage.search(page, 8));
        assertEquals(1, LeafPage.search(page, 7));
        assertEquals(-2, LeafPage.search(page, 4));
        assertEquals(3, LeafPage.search(page, -1L));
    }

    @Test
    void rootsAndCatalogPagesUseTheLeafLayoutWithTheirOwnKind() {
        MemorySegment roots = SamplePages.leaf(14, PageKind.ROOTS);
        PageHeader.verify("f", 14, roots, PageKind.ROOTS, PageHeader.storedChecksum(roots));
        assertEquals(PageClass.ROOTS, PageHeader.classify(roots));
        MemorySegment catalog = SamplePages.leaf(15, PageKind.CATALOG);
        PageHeader.verify("f", 15, catalog, PageKind.CATALOG, PageHeader.storedChecksum(catalog));
        assertEquals(PageClass.CATALOG, PageHeader.classify(catalog));

        byte[] entry = RootsPage.encodeEntry(new PageRef(88, 0x88L), new byte[] {4, 5});
        MemorySegment view = MemorySegment.ofArray(entry);
        assertEquals(new PageRef(88, 0x88L), RootsPage.root(view));
        assertArrayEquals(new byte[] {4, 5}, RootsPage.summary(view));
        assertFalse(RootsPage.isInline(view));
    }

    @Test
    void anInlineRootsEntryKeepsItsSummaryAndALeafImageThatReadsAsTheLeaf() {
        MemorySegment buffer = SamplePages.newPage();
        LeafPage.Writer writer = new LeafPage.Writer(buffer, PageKind.LEAF, PageClass.DATA, LeafPage.INLINE_PAGE_NUMBER, 9, 2);
        writer.appendArray(3, new char[] {1, 5, 9}, 3);
        writer.appendBitmap(8, 5000, 321, 0x77L);
        MemorySegment image = writer.finishImage(java.lang.foreign.Arena.ofAuto());
        assertEquals(PageHeader.SIZE_BYTES + LeafPage.cellBytes(6) + LeafPage.cellBytes(LeafPage.BITMAP_REF_BYTES), image.byteSize());

        byte[] summary = {4, 5, 6};
        MemorySegment entry = MemorySegment.ofArray(RootsPage.encodeInlineEntry(image, summary));
        assertTrue(RootsPage.isInline(entry));
        assertArrayEquals(summary, RootsPage.summary(entry));
        MemorySegment leaf = RootsPage.inlineLeaf(entry);
        assertEquals(0, leaf.address() % Long.BYTES, "the image starts 8-byte aligned in its entry");
        assertNull(LeafPage.structureError(leaf));
        assertEquals(LeafPage.INLINE_PAGE_NUMBER, PageHeader.pageNumber(leaf));
        assertEquals(2, LeafPage.count(leaf));
        assertTrue(LeafPage.inlineContains(leaf, 0, 5));
        assertEquals(new PageRef(321, 0x77L), LeafPage.bitmapRef(leaf, 1));

        // Lengths that do not add up to the entry are refused, not read past.
        MemorySegment damaged = MemorySegment.ofArray(entry.toArray(PageFormat.BYTE));
        damaged.set(PageFormat.LE_INT, 12, (int) image.byteSize() + 8);
        assertNull(RootsPage.inlineLeaf(damaged));
        // A leaf too large for an entry beside its summary is refused.
        assertThrows(IllegalArgumentException.class,
                () -> RootsPage.encodeInlineEntry(image, new byte[RootsPage.inlineRoom(0) - (int) image.byteSize() + 1]));
    }

    @Test
    void freelistPageKeepsRunsAndNext() {
        MemorySegment page = SamplePages.freelist(16);
        PageHeader.verify("f", 16, page, PageKind.FREELIST, PageHeader.storedChecksum(page));
        assertEquals(new PageRef(99, 0x99L), FreelistPage.next(page));
        assertEquals(2, FreelistPage.runCount(page));
        assertEquals(20, FreelistPage.runStart(page, 1));
        assertEquals(3, FreelistPage.runLength(page, 0));
        assertNull(FreelistPage.structureError(page, 100));
        assertEquals(PageClass.FREE, PageHeader.classify(page));
    }

    @Test
    void bitmapPageKeepsWordsAndChecksum() {
        MemorySegment page = SamplePages.bitmap(3);
        long[] words = new long[BitmapPage.WORDS];
        BitmapPage.read(page, words);
        MemorySegment copy = SamplePages.newPage();
        BitmapPage.write(copy, words);
        assertEquals(BitmapPage.checksum(page), BitmapPage.checksum(copy));
        int card = 0;
        for (int bit = 0; bit < BitmapPage.BITS; bit++) {
            if (BitmapPage.contains(page, bit)) {
                card++;
            }
        }
        assertEquals(card, BitmapPage.cardinality(page));
    }
}
