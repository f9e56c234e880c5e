package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.check.StoreCheckReport;
import dev.big.engine.tree.Tree;
import dev.big.page.MetaPage;
import dev.big.pager.MemoryPager;
import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.CharIterator;

/**
 * A fragment whose cells fit one small leaf is held in its roots entry (file format 6,
 * {@code RootsPage}): it moves there and back as it shrinks and grows, keeps its bitmap containers
 * on pages of their own and frees them when dropped, reads the same from the entry as from a page,
 * and a file of format 5 never holds one.
 */
class InlineLeavesTest {

    private static final long FRAGMENT = 42;

    @Test
    void aFragmentMovesIntoItsEntryAndOutAsItShrinksAndGrows() {
        Store store = Store.create(new MemoryPager("inline"));
        TreeMap<Long, BitSet> model = new TreeMap<>();
        write(store, model, 0, 10, 3); // 10 containers of 3 values: a few hundred bytes
        assertInline(store, true, model, "a small fragment");
        write(store, model, 10, 200, 3); // 200 containers: past what an entry holds
        assertInline(store, false, model, "a grown fragment");
        try (WriteTxn txn = store.beginWrite()) {
            Tree tree = Tree.of(txn, FRAGMENT);
            for (long key = 5; key < 200; key++) {
                tree.remove(key);
                model.remove(key);
            }
            txn.commitToPages();
            txn.commit();
        }
        assertInline(store, true, model, "a fragment that shrank again");
        write(store, model, 1, 3, 200); // changes inside the entry
        assertInline(store, true, model, "a fragment changed in its entry");
        store.close();
    }

    @Test
    void aBitmapContainerOfAnInlineFragmentIsAPageOfItsOwnAndIsFreedWithIt() {
        Store store = Store.create(new MemoryPager("bitmaps"));
        TreeMap<Long, BitSet> model = new TreeMap<>();
        write(store, model, 0, 2, 10_000); // 10,000 values: a bitmap container, on a page
        assertInline(store, true, model, "a fragment of bitmap containers");
        long pagesBefore = store.check().pagesChecked();
        try (WriteTxn txn = store.beginWrite()) {
            Tree.of(txn, FRAGMENT).dropAll();
            txn.commitToPages();
            txn.commit();
        }
        model.clear();
        StoreCheckReport report = store.check(); // a bitmap page left behind would be a leaked page
        assertTrue(report.ok(), report.describe());
        assertTrue(report.pagesChecked() < pagesBefore, report.pagesChecked() + " pages checked after the drop, " + pagesBefore + " before");
        try (ReadTxn txn = store.beginRead()) {
            assertTrue(txn.fragment(FRAGMENT).isEmpty());
            assertFalse(txn.hasFragment(FRAGMENT));
        }
        store.close();
    }

    @Test
    void aFormat5FileKeepsEveryFragmentOnPages() {
        Store store = Store.create(new MemoryPager("format5"), MetaPage.VERSION_INLINE_LEAVES - 1);
        TreeMap<Long, BitSet> model = new TreeMap<>();
        write(store, model, 0, 3, 3);
        assertInline(store, false, model, "a small fragment of a format-5 file");
        try (WriteTxn txn = store.beginWrite()) {
            txn.raiseFormatVersion(MetaPage.VERSION_INLINE_LEAVES);
            txn.commit();
        }
        assertInline(store, false, model, "after the migration, before a write");
        write(store, model, 3, 4, 3);
        assertInline(store, true, model, "after a write");
        store.close();
    }

    @Test
    void aFragmentReadsTheSameFromItsEntryAfterReopening() {
        MemoryPager pager = new MemoryPager("reopen");
        Store store = Store.create(pager);
        TreeMap<Long, BitSet> model = new TreeMap<>();
        write(store, model, 0, 20, 7);
        store.close();
        Store reopened = Store.open(MemoryPager.of("reopen", pager.snapshotPages(), pager.pageCount()));
        assertInline(reopened, true, model, "after reopening");
        try (ReadTxn txn = reopened.beginRead()) {
            assertNull(txn.fragment(FRAGMENT).find(1_000));
            assertEquals(7, txn.fragment(FRAGMENT).find(3).cardinality());
        }
        reopened.close();
    }

    /**
     * Sets {@code values} bits (every third from the key's own offset) in containers
     * {@code [from, to)}, in one commit to the pages (a logged one would leave the fragment where
     * the last checkpoint put it).
     */
    private static void write(Store store, Map<Long, BitSet> model, long from, long to, int values) {
        try (WriteTxn txn = store.beginWrite()) {
            Tree tree = Tree.of(txn, FRAGMENT);
            for (long key = from; key < to; key++) {
                for (int v = 0; v < values; v++) {
                    int bit = (int) ((key + 3L * v) % 65_536);
                    tree.addBit(key, bit);
                    model.computeIfAbsent(key, k -> new BitSet()).set(bit);
                }
            }
            txn.commitToPages();
            txn.commit();
        }
    }

    private static void assertInline(Store store, boolean inline, Map<Long, BitSet> model, String what) {
        StoreCheckReport report = store.check();
        assertTrue(report.ok(), what + ": " + report.describe());
        try (ReadTxn txn = store.beginRead()) {
            assertEquals(inline, txn.isHeldInline(FRAGMENT), what + " held inline");
            Map<Long, BitSet> found = new TreeMap<>();
            txn.fragment(FRAGMENT).forEachCell(0, -1L, cell -> {
                BitSet bits = new BitSet();
                CharIterator values = cell.toContainer().getCharIterator();
                while (values.hasNext()) {
                    bits.set(values.next());
                }
                found.put(cell.key(), bits);
                return true;
            });
            assertEquals(model, found, what);
        }
    }
}
