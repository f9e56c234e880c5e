package dev.big.engine.rows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.ReadTxn;
import dev.big.engine.Store;
import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.Tree;
import dev.big.page.MetaPage;
import dev.big.page.RootsPage;
import dev.big.pager.ForwardingPager;
import dev.big.pager.MemoryPager;
import dev.big.pager.Pager;
import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.RoaringBitmap;

/**
 * The row counts a rows fragment keeps follow its bits through every way the engine writes them
 * ({@link RowWriter} bits and columns, {@link RowBulkWriter}, trees' puts and removes, a dropped
 * fragment), before commit (reads through the transaction), after commit, after a rollback and
 * after a reopen; a file raised to format 3 counts its rows; too many rows keep none.
 */
class RowCountsTest {

    private static final long FRAGMENT = Coords.fragmentKey(7, Coords.VIEW_ROWS, 2);

    @Test
    void theCountsFollowEveryWritePathAgainstAModel() {
        MemoryPager file = new MemoryPager("counts");
        Random random = new Random(20261206);
        Map<Long, Set<Integer>> model = new HashMap<>(); // row -> columns holding a bit
        try (Store store = Store.create(keepOpen(file))) {
            for (int commit = 0; commit < 60; commit++) {
                try (WriteTxn txn = store.beginWrite()) {
                    RowWriter rows = new RowWriter(txn);
                    Map<Long, Set<Integer>> next = copy(model);
                    int path = random.nextInt(5);
                    for (int change = 0; change < 1 + random.nextInt(300); change++) {
                        long row = random.nextInt(12);
                        int column = random.nextInt(Coords.CONTAINERS_PER_ROW) << 16 | random.nextInt(4000);
                        switch (path) {
                            case 0, 1 -> {
                                if (random.nextBoolean()) {
                                    rows.set(FRAGMENT, row, column);
                                    next.computeIfAbsent(row, r -> new HashSet<>()).add(column);
                                } else {
                                    rows.clear(FRAGMENT, row, column);
                                    next.getOrDefault(row, new HashSet<>()).remove(column);
                                }
                            }
                            case 2 -> {
                                RoaringBitmap columns = RoaringBitmap.bitmapOf(column, column + 1, column + 2);
                                if (random.nextBoolean()) {
                                    rows.setColumns(FRAGMENT, row, columns);
                                    columns.forEach((int c) -> next.computeIfAbsent(row, r -> new HashSet<>()).add(c));
                                } else {
                                    rows.clearColumns(FRAGMENT, row, columns);
                                    columns.forEach((int c) -> next.getOrDefault(row, new HashSet<>()).remove(c));
                                }
                            }
                            case 3 -> {
                                long key = Coords.containerKey(row, column);
                                if (random.nextBoolean()) {
                                    Tree.of(txn, FRAGMENT).put(key, new ArrayContainer().add((char) 1).add((char) 2));
                                } else {
                                    Tree.of(txn, FRAGMENT).remove(key);
                                }
                                Set<Integer> bits = next.computeIfAbsent(row, r -> new HashSet<>());
                                int first = column & ~0xFFFF;
                                bits.removeIf(c -> (c & ~0xFFFF) == first);
                                if (Tree.of(txn, FRAGMENT).find(key) != null) {
                                    bits.add(first | 1);
                                    bits.add(first | 2);
                                }
                            }
                            default -> {
                                RowBulkWriter bulk = new RowBulkWriter(txn);
                                int containerColumn = column >>> 16;
                                bulk.begin(FRAGMENT, containerColumn);
                                bulk.set(row, column & 0xFFFF);
                                bulk.end();
                                next.computeIfAbsent(row, r -> new HashSet<>()).add(column);
                            }
                        }
                    }
                    rows.flush();
                    assertEquals(counts(next), RowCounts.of(txn, FRAGMENT), "a read through the transaction, commit " + commit);
                    if (random.nextInt(6) == 0) {
                        txn.rollback();
                    } else {
                        txn.commit();
                        model = next;
                    }
                }
                try (ReadTxn read = store.beginRead()) {
                    assertEquals(counts(model), RowCounts.of(read, FRAGMENT), "after commit " + commit);
                    assertEquals(RowCounts.countCells(read.fragment(FRAGMENT)), RowCounts.of(read, FRAGMENT));
                }
            }
        }
        try (Store store = Store.open(keepOpen(file)); ReadTxn read = store.beginRead()) {
            assertEquals(counts(model), RowCounts.of(read, FRAGMENT), "after a reopen");
        }
    }

    @Test
    void aDroppedFragmentCountsNothingAndCountsAgainFromNothing() {
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                RowWriter rows = new RowWriter(txn);
                rows.set(FRAGMENT, 3, 5);
                rows.set(FRAGMENT, 3, 6);
                rows.flush();
                txn.commit();
            }
            try (WriteTxn txn = store.beginWrite()) {
                txn.dropFragment(FRAGMENT);
                RowWriter rows = new RowWriter(txn);
                rows.set(FRAGMENT, 4, 9);
                rows.flush();
                txn.commit();
            }
            try (ReadTxn read = store.beginRead()) {
                assertEquals(counts(Map.of(4L, Set.of(9))), RowCounts.of(read, FRAGMENT));
            }
        }
    }

    @Test
    void aFragmentOfTooManyRowsKeepsNoneAndIsCountedFromItsCells() {
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                RowWriter rows = new RowWriter(txn);
                for (long row = 0; row < RootsPage.MAX_SUMMARY_BYTES; row++) {
                    rows.set(FRAGMENT, row * 1000, (int) row);
                }
                rows.flush();
                txn.commit();
            }
            try (ReadTxn read = store.beginRead()) {
                assertNull(RowCounts.of(read, FRAGMENT), "too many rows for a summary: none kept");
                assertEquals(0, read.summary(FRAGMENT).length);
            }
            try (WriteTxn txn = store.beginWrite()) {
                RowWriter rows = new RowWriter(txn);
                rows.set(FRAGMENT, 1, 1);
                rows.flush();
                assertNull(RowCounts.of(txn, FRAGMENT), "what kept none keeps none after a change");
                txn.commit();
            }
            assertTrue(store.check().ok(), store.check().describe());
        }
    }

    @Test
    void theTransactionKeepsTheSummaryOfARowsFragment() {
        try (Store store = Store.create(new MemoryPager()); WriteTxn txn = store.beginWrite()) {
            var e = assertThrows(IllegalStateException.class, () -> txn.setSummary(FRAGMENT, new byte[] {1}));
            assertTrue(e.getMessage().contains("row counts"), e.getMessage());
        }
    }

    @Test
    void aFileRaisedToFormat3CountsItsRowsAndAnOlderOneKeepsNone() {
        MemoryPager file = new MemoryPager("older");
        try (Store store = Store.create(keepOpen(file))) {
            try (WriteTxn txn = store.beginWrite()) {
                RowWriter rows = new RowWriter(txn);
                rows.set(FRAGMENT, 1, 10);
                rows.set(FRAGMENT, 1, 70_000);
                rows.set(FRAGMENT, 5, 10);
                rows.flush();
                txn.commit();
            }
        }
        // The file as a build before format 3 would have written it: no row counts, and its version.
        try (Store store = Store.open(keepOpen(file)); WriteTxn txn = store.beginWrite()) {
            Tree.of(txn, FRAGMENT).put(Coords.containerKey(9, 0), new ArrayContainer().add((char) 3));
            txn.commit();
        }
        for (int slot = 0; slot < MetaPage.SLOTS; slot++) {
            MemorySegment page = file.rawPage(slot);
            MetaPage.write(page, MetaPage.read(page).withFormatVersion(MetaPage.VERSION_ROW_COUNTS - 1));
        }
        try (Store store = Store.open(keepOpen(file))) {
            try (WriteTxn txn = store.beginWrite()) {
                RowWriter rows = new RowWriter(txn);
                rows.set(FRAGMENT, 5, 11);
                rows.flush();
                txn.setSummary(FRAGMENT, new byte[0]); // an older file's writers keep none
                assertNull(RowCounts.of(txn, FRAGMENT), "an older file keeps no row counts");
                txn.commit();
            }
            try (WriteTxn txn = store.beginWrite()) {
                txn.raiseFormatVersion(MetaPage.VERSION_ROW_COUNTS);
                assertEquals(counts(Map.of(1L, Set.of(10, 70_000), 5L, Set.of(10, 11), 9L, Set.of(3))),
                        RowCounts.of(txn, FRAGMENT), "raised, the file counts its rows at once");
                RowWriter rows = new RowWriter(txn);
                rows.clear(FRAGMENT, 1, 10);
                rows.flush();
                txn.commit();
            }
            try (ReadTxn read = store.beginRead()) {
                assertEquals(counts(Map.of(1L, Set.of(70_000), 5L, Set.of(10, 11), 9L, Set.of(3))), RowCounts.of(read, FRAGMENT));
            }
            assertTrue(store.check().ok(), store.check().describe());
        }
    }

    @Test
    void theSummaryRoundTripsAndIsRefusedWhenDamaged() {
        try (Store store = Store.create(new MemoryPager())) {
            try (WriteTxn txn = store.beginWrite()) {
                RowWriter rows = new RowWriter(txn);
                for (long row : List.of(0L, 1L, 200L, 1L << 40)) {
                    rows.set(FRAGMENT, row, 17);
                }
                rows.flush();
                txn.commit();
            }
            try (ReadTxn read = store.beginRead()) {
                byte[] summary = read.summary(FRAGMENT);
                RowCounts counts = RowCounts.decode(summary, "f", FRAGMENT);
                assertEquals(4, counts.rows());
                assertEquals(1, counts.count(1L << 40));
                assertEquals(summary.length, counts.encode().length);
                byte[] truncated = java.util.Arrays.copyOf(summary, summary.length - 1);
                var e = assertThrows(dev.big.page.BigException.class, () -> RowCounts.decode(truncated, "f", FRAGMENT));
                assertTrue(e.getMessage().contains("big check"), e.getMessage());
                byte[] newer = summary.clone();
                newer[0] = (byte) (RowCounts.VERSION_CURRENT + 1);
                assertNotNull(assertThrows(dev.big.page.BigException.class, () -> RowCounts.decode(newer, "f", FRAGMENT)));
            }
        }
    }

    private static RowCounts counts(Map<Long, Set<Integer>> model) {
        Map<Long, Long> changes = new TreeMap<>();
        model.forEach((row, columns) -> {
            if (!columns.isEmpty()) {
                changes.put(row, (long) columns.size());
            }
        });
        return RowCounts.EMPTY.plus(changes, "model", FRAGMENT);
    }

    private static Map<Long, Set<Integer>> copy(Map<Long, Set<Integer>> model) {
        Map<Long, Set<Integer>> copy = new HashMap<>();
        model.forEach((row, columns) -> copy.put(row, new HashSet<>(columns)));
        return copy;
    }

    private static Pager keepOpen(MemoryPager file) {
        return new ForwardingPager(file) {
            @Override
            public void close() {}
        };
    }
}
