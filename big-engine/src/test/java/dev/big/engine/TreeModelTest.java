package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.check.StoreCheckReport;
import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import dev.big.pager.MemoryPager;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Random put / remove / bit-add / bit-remove / drop / commit / rollback / reopen against a
 * {@code TreeMap<Long, BitSet>} model per named tree (H2's TestRandomMapOps). The seed is printed
 * on failure so a run replays.
 */
class TreeModelTest {

    private static final int TREES = 4;

    @Test
    void randomOperationsMatchTheModel() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            run(seed, 6_000, 400);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    @Test
    void manyKeysMakeTreesSeveralLevelsDeep() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            Random random = new Random(seed);
            MemoryPager pager = new MemoryPager("deep");
            Store store = Store.create(pager);
            TreeMap<Long, BitSet> model = new TreeMap<>(Long::compareUnsigned);
            for (int round = 0; round < 3; round++) {
                try (WriteTxn txn = store.beginWrite()) {
                    Tree tree = Tree.of(txn, 7);
                    for (int i = 0; i < 60_000; i++) {
                        long key = random.nextInt(200_000);
                        int bit = random.nextInt(65536);
                        tree.addBit(key, bit);
                        model.computeIfAbsent(key, k -> new BitSet()).set(bit);
                    }
                    txn.commit();
                }
            }
            Map<Long, TreeMap<Long, BitSet>> models = new HashMap<>();
            models.put(7L, model);
            assertMatches(store, models, "deep tree");
            assertTrue(depth(store, 7) >= 3, "tree depth " + depth(store, 7));
            StoreCheckReport report = store.check();
            assertTrue(report.ok(), report.describe());
            try (WriteTxn txn = store.beginWrite()) {
                Tree tree = Tree.of(txn, 7);
                List<Long> keys = new ArrayList<>(model.keySet());
                for (int i = 0; i < keys.size(); i += 2) {
                    tree.remove(keys.get(i));
                    model.remove(keys.get(i));
                }
                txn.commit();
            }
            assertMatches(store, models, "after removing half the keys");
            report = store.check();
            assertTrue(report.ok(), report.describe());
            store.close();
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed, e);
        }
    }

    static int depth(Store store, long fragment) {
        try (ReadTxn txn = store.beginRead()) {
            var root = Tree.of(txn, fragment).root();
            int depth = 1;
            var page = ((dev.big.page.PageRef) root);
            while (true) {
                var segment = store.pager().read(page.pgno());
                if (dev.big.page.PageHeader.kindCode(segment) != dev.big.page.PageKind.BRANCH.code()) {
                    return depth;
                }
                page = dev.big.page.BranchPage.child(segment, 0);
                depth++;
            }
        }
    }

    private void run(long seed, int steps, int keySpace) {
        Random random = new Random(seed);
        MemoryPager pager = new MemoryPager("model");
        Store store = Store.create(pager);
        Map<Long, TreeMap<Long, BitSet>> committed = newModel();
        Map<Long, TreeMap<Long, BitSet>> working = newModel();
        WriteTxn txn = store.beginWrite();
        int commits = 0;
        for (int step = 0; step < steps; step++) {
            long fragment = random.nextInt(TREES);
            Tree tree = Tree.of(txn, fragment);
            TreeMap<Long, BitSet> model = working.get(fragment);
            long key = random.nextInt(4) == 0 ? random.nextLong() : random.nextInt(keySpace);
            int op = random.nextInt(100);
            if (op < 30) {
                int bit = random.nextInt(65536);
                boolean changed = tree.addBit(key, bit);
                BitSet bits = model.computeIfAbsent(key, k -> new BitSet());
                assertEquals(!bits.get(bit), changed, "addBit result at step " + step);
                bits.set(bit);
            } else if (op < 45) {
                BitSet bits = model.get(key);
                int bit = bits != null && !bits.isEmpty() && random.nextBoolean()
                        ? bits.nextSetBit(random.nextInt(65536)) : random.nextInt(65536);
                if (bit < 0) {
                    bit = random.nextInt(65536);
                }
                boolean changed = tree.removeBit(key, bit);
                assertEquals(bits != null && bits.get(bit), changed, "removeBit result at step " + step);
                if (bits != null) {
                    bits.clear(bit);
                    if (bits.isEmpty()) {
                        model.remove(key);
                    }
                }
            } else if (op < 55) {
                int n = 1 + random.nextInt(random.nextBoolean() ? 10 : 3000);
                char[] lows = new char[n];
                for (int i = 0; i < n; i++) {
                    lows[i] = (char) random.nextInt(65536);
                }
                boolean add = random.nextInt(3) > 0;
                if (add) {
                    tree.addBits(key, lows, 0, n);
                    BitSet bits = model.computeIfAbsent(key, k -> new BitSet());
                    for (char low : lows) {
                        bits.set(low);
                    }
                } else {
                    tree.removeBits(key, lows, 0, n);
                    BitSet bits = model.get(key);
                    if (bits != null) {
                        for (char low : lows) {
                            bits.clear(low);
                        }
                        if (bits.isEmpty()) {
                            model.remove(key);
                        }
                    }
                }
            } else if (op < 68) {
                BitSet bits = ContainerData.randomBits(random);
                tree.put(key, ContainerData.toContainer(bits));
                model.put(key, bits);
            } else if (op < 75) {
                boolean removed = tree.remove(key);
                assertEquals(model.remove(key) != null, removed, "remove result at step " + step);
            } else if (op < 76) {
                txn.dropFragment(fragment);
                model.clear();
            } else if (op < 84) {
                assertSame(txn, working, "inside the write transaction at step " + step);
            } else if (op < 93) {
                txn.commit();
                commits++;
                committed = copy(working);
                assertMatches(store, committed, "after commit at step " + step);
                if (commits % 25 == 0) {
                    StoreCheckReport report = store.check();
                    assertTrue(report.ok(), report.describe());
                }
                txn = store.beginWrite();
            } else if (op < 97) {
                txn.rollback();
                working = copy(committed);
                assertMatches(store, committed, "after rollback at step " + step);
                txn = store.beginWrite();
            } else {
                txn.rollback();
                working = copy(committed);
                store.close();
                MemoryPager reopened = MemoryPager.of("model", pager.snapshotPages(), pager.pageCount());
                pager = reopened;
                store = Store.open(pager);
                assertMatches(store, committed, "after reopen at step " + step);
                StoreCheckReport report = store.check();
                assertTrue(report.ok(), report.describe());
                txn = store.beginWrite();
            }
        }
        txn.commit();
        assertMatches(store, working, "at the end");
        StoreCheckReport report = store.check();
        assertTrue(report.ok(), report.describe());
        store.close();
    }

    private static Map<Long, TreeMap<Long, BitSet>> newModel() {
        Map<Long, TreeMap<Long, BitSet>> model = new HashMap<>();
        for (long f = 0; f < TREES; f++) {
            model.put(f, new TreeMap<>(Long::compareUnsigned));
        }
        return model;
    }

    private static Map<Long, TreeMap<Long, BitSet>> copy(Map<Long, TreeMap<Long, BitSet>> model) {
        Map<Long, TreeMap<Long, BitSet>> copy = new HashMap<>();
        for (var e : model.entrySet()) {
            TreeMap<Long, BitSet> tree = new TreeMap<>(Long::compareUnsigned);
            for (var cell : e.getValue().entrySet()) {
                tree.put(cell.getKey(), (BitSet) cell.getValue().clone());
            }
            copy.put(e.getKey(), tree);
        }
        return copy;
    }

    static void assertMatches(Store store, Map<Long, TreeMap<Long, BitSet>> model, String when) {
        try (ReadTxn txn = store.beginRead()) {
            assertSame(txn, model, when);
        }
    }

    static void assertSame(Txn txn, Map<Long, TreeMap<Long, BitSet>> model, String when) {
        for (var e : model.entrySet()) {
            Tree tree = Tree.of(txn, e.getKey());
            TreeMap<Long, BitSet> actual = new TreeMap<>(Long::compareUnsigned);
            tree.forEach(0, -1L, view -> {
                actual.put(view.key(), ContainerData.toBits(view));
                return true;
            });
            assertEquals(e.getValue(), actual, "tree " + e.getKey() + " " + when);
            // Point lookups and findMany agree with the scan.
            long[] keys = e.getValue().keySet().stream().mapToLong(Long::longValue).limit(64).toArray();
            ContainerView[] views = new ContainerView[keys.length];
            for (int i = 0; i < views.length; i++) {
                views[i] = new ContainerView();
            }
            assertEquals(keys.length, tree.findMany(keys, keys.length, views), "findMany " + when);
            for (int i = 0; i < keys.length; i++) {
                assertEquals(e.getValue().get(keys[i]), ContainerData.toBits(views[i]), "findMany key " + keys[i] + " " + when);
                assertEquals(e.getValue().get(keys[i]).cardinality(), views[i].cardinality());
                ContainerView single = new ContainerView();
                assertTrue(tree.find(keys[i], single));
                int probe = e.getValue().get(keys[i]).nextSetBit(0);
                assertTrue(single.contains(probe), "contains " + when);
            }
            // Cardinalities from the cells alone, with absent keys (counting 0) between present ones.
            long[] mixed = java.util.stream.LongStream.concat(java.util.Arrays.stream(keys), java.util.Arrays.stream(keys).map(k -> k + 1))
                    .distinct().boxed().sorted(Long::compareUnsigned).mapToLong(Long::longValue).toArray();
            long expected = java.util.Arrays.stream(mixed).map(k -> e.getValue().containsKey(k) ? e.getValue().get(k).cardinality() : 0).sum();
            assertEquals(expected, tree.cardinalityOfMany(mixed, mixed.length), "cardinalityOfMany " + when);
        }
    }
}
