package dev.big.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Flips every bit of every byte of a sample page of each kind and expects a
 * {@link CorruptPageException} naming the page every time (Lucene's TestAllFilesDetectBitFlips).
 */
class BitFlipTest {

    private static final String FILE = "sample.big";

    @Test
    void everyFlipInAMetaPageIsCaught() {
        MemorySegment page = SamplePages.meta(0);
        assertEveryFlipCaught(page, 0, PageKind.META, p -> MetaPage.verify(FILE, 0, p));
    }

    @Test
    void everyFlipInABranchPageIsCaught() {
        assertEveryFlipCaughtByHeader(SamplePages.branch(21), 21, PageKind.BRANCH);
    }

    @Test
    void everyFlipInALeafPageIsCaught() {
        assertEveryFlipCaughtByHeader(SamplePages.leaf(22, PageKind.LEAF), 22, PageKind.LEAF);
    }

    @Test
    void everyFlipInARootsPageIsCaught() {
        assertEveryFlipCaughtByHeader(SamplePages.leaf(23, PageKind.ROOTS), 23, PageKind.ROOTS);
    }

    @Test
    void everyFlipInACatalogPageIsCaught() {
        assertEveryFlipCaughtByHeader(SamplePages.leaf(24, PageKind.CATALOG), 24, PageKind.CATALOG);
    }

    @Test
    void everyFlipInAFreelistPageIsCaught() {
        assertEveryFlipCaughtByHeader(SamplePages.freelist(25), 25, PageKind.FREELIST);
    }

    @Test
    void everyFlipInABitmapPageIsCaughtThroughItsParentCell() {
        MemorySegment bitmap = SamplePages.bitmap(9);
        MemorySegment leaf = SamplePages.newPage();
        var writer = new LeafPage.Writer(leaf, PageKind.LEAF, PageClass.DATA, 30, 1, 1);
        writer.appendBitmap(0, BitmapPage.cardinality(bitmap), 31, BitmapPage.checksum(bitmap));
        writer.finish();
        LeafPage.bitmapChecked(leaf, 0, bitmap, FILE);
        assertEveryFlipCaught(bitmap, 31, PageKind.BITMAP, p -> LeafPage.bitmapChecked(leaf, 0, p, FILE));
    }

    @Test
    void aPageCopiedToAnotherNumberIsCaughtEvenWithAValidChecksum() {
        MemorySegment page = SamplePages.leaf(40, PageKind.LEAF);
        long checksum = PageHeader.storedChecksum(page);
        var error = assertThrows(CorruptPageException.class,
                () -> PageHeader.verify(FILE, 41, page, PageKind.LEAF, checksum));
        assertTrue(error.getMessage().contains("misdirected"), error.getMessage());
        assertEquals(41, error.pageNumber());
    }

    private static void assertEveryFlipCaughtByHeader(MemorySegment page, long pgno, PageKind kind) {
        long expected = PageHeader.storedChecksum(page);
        PageHeader.verify(FILE, pgno, page, kind, expected);
        assertEveryFlipCaught(page, pgno, kind, p -> PageHeader.verify(FILE, pgno, p, kind, expected));
    }

    private static void assertEveryFlipCaught(MemorySegment page, long pgno, PageKind kind, Consumer<MemorySegment> verify) {
        for (int offset = 0; offset < PageFormat.PAGE_SIZE_BYTES; offset++) {
            byte original = page.get(PageFormat.BYTE, offset);
            for (int bit = 0; bit < 8; bit++) {
                page.set(PageFormat.BYTE, offset, (byte) (original ^ (1 << bit)));
                int at = offset;
                var error = assertThrows(CorruptPageException.class, () -> verify.accept(page),
                        () -> kind + " page: flip of bit " + " at byte " + at + " went unnoticed");
                assertEquals(pgno, error.pageNumber());
                assertEquals(kind, error.kind());
                assertTrue(error.getMessage().contains(FILE), error.getMessage());
            }
            page.set(PageFormat.BYTE, offset, original);
        }
        verify.accept(page);
    }
}
