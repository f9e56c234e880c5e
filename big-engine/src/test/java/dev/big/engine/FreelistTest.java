package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.tree.Tree;
import dev.big.pager.MemoryPager;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Freed pages come back, but never under a reader that can still see them. */
class FreelistTest {

    private static void updateRound(Store store, Random random) {
        try (WriteTxn txn = store.beginWrite()) {
            Tree tree = Tree.of(txn, 3);
            for (int i = 0; i < 30; i++) {
                long key = random.nextInt(300);
                if (random.nextInt(3) == 0) {
                    tree.remove(key);
                } else {
                    tree.put(key, ContainerData.toContainer(ContainerData.randomBits(random)));
                }
            }
            txn.commit();
        }
    }

    @Test
    void theFileReachesAPlateauUnderSteadyUpdates() {
        Random random = new Random(11);
        try (Store store = Store.create(new MemoryPager(), PageCommits.FORMAT)) {
            for (int i = 0; i < 200; i++) {
                updateRound(store, random);
            }
            long afterWarmup = store.pageCount();
            long max = afterWarmup;
            for (int i = 0; i < 800; i++) {
                updateRound(store, random);
                max = Math.max(max, store.pageCount());
            }
            assertTrue(max <= afterWarmup * 1.25 + 20,
                    "file grew from " + afterWarmup + " to " + max + " pages under a steady workload");
            assertTrue(store.freePages() > 0);
            assertTrue(store.check().ok(), store.check().describe());
        }
    }

    @Test
    void aPinnedReaderKeepsItsPagesAndTheyComeBackWhenItCloses() {
        Random random = new Random(12);
        try (Store store = Store.create(new MemoryPager(), PageCommits.FORMAT)) {
            for (int i = 0; i < 50; i++) {
                updateRound(store, random);
            }
            java.util.Map<Long, java.util.TreeMap<Long, java.util.BitSet>> seenByReader = new java.util.HashMap<>();
            ReadTxn reader = store.beginRead();
            java.util.TreeMap<Long, java.util.BitSet> snapshot = new java.util.TreeMap<>(Long::compareUnsigned);
            Tree.of(reader, 3).forEach(0, -1L, view -> {
                snapshot.put(view.key(), ContainerData.toBits(view));
                return true;
            });
            seenByReader.put(3L, snapshot);
            long pinnedAt = store.pageCount();
            for (int i = 0; i < 100; i++) {
                updateRound(store, random);
                TreeModelTest.assertSame(reader, seenByReader, "pinned reader after commit " + i);
            }
            assertTrue(store.pageCount() > pinnedAt, "pages under a reader must not be reused");
            reader.close();
            for (int i = 0; i < 50; i++) {
                updateRound(store, random);
            }
            long released = store.pageCount();
            for (int i = 0; i < 200; i++) {
                updateRound(store, random);
            }
            assertTrue(store.pageCount() <= released * 1.25 + 20, "growth after the reader closed: "
                    + released + " -> " + store.pageCount());
            assertEquals(true, store.check().ok(), store.check().describe());
        }
    }
}
