package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Readers opened at different commits each see exactly their commit, for as long as they stay
 * open, while a writer keeps committing.
 */
class SnapshotIsolationTest {

    private static final int KEYS = 40;

    /** Commit {@code i} stores bit {@code i} (and the bits of keys spread over many pages) in every key. */
    private static void writeCommit(Store store, int i) {
        try (WriteTxn txn = store.beginWrite()) {
            Tree tree = txn.tree(1);
            for (int k = 0; k < KEYS; k++) {
                org.roaringbitmap.Container c = new org.roaringbitmap.ArrayContainer();
                c = c.add((char) i);
                for (int extra = 0; extra < (k % 3 == 0 ? 5000 : 3); extra++) {
                    c = c.add((char) (1000 + extra * 7 + k));
                }
                tree.put(k * 1000L, c);
            }
            txn.catalog().putBytes(1, new byte[] {(byte) i, (byte) (i >>> 8)});
            txn.commit();
        }
    }

    /** Which commit a reader sees; fails if its keys disagree with each other or the catalog. */
    private static int observedCommit(Txn txn) {
        byte[] stamp = txn.catalog().getBytes(1);
        int commit = (stamp[0] & 0xFF) | (stamp[1] & 0xFF) << 8;
        Tree tree = txn.tree(1);
        ContainerView view = new ContainerView();
        for (int k = 0; k < KEYS; k++) {
            assertTrue(tree.find(k * 1000L, view), "key " + k);
            int first = ContainerData.toBits(view).nextSetBit(0);
            assertEquals(commit, first, "key " + k + " belongs to another commit than the catalog stamp");
        }
        return commit;
    }

    @Test
    void readersKeepTheirCommitWhileTheWriterCommits() throws Exception {
        Path file = TestDirs.newDir("isolation").resolve("db.big");
        try (Store store = Store.create(file)) {
            writeCommit(store, 1);
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService threads = Executors.newFixedThreadPool(4);
            List<Future<Integer>> readers = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                readers.add(threads.submit(() -> {
                    int checks = 0;
                    while (!stop.get()) {
                        try (ReadTxn txn = store.beginRead()) {
                            int seen = observedCommit(txn);
                            for (int again = 0; again < 5; again++) {
                                Thread.onSpinWait();
                                assertEquals(seen, observedCommit(txn), "a reader's commit changed under it");
                                checks++;
                            }
                        }
                    }
                    return checks;
                }));
            }
            ReadTxn pinned = store.beginRead();
            for (int i = 2; i < 300; i++) {
                writeCommit(store, i);
                assertEquals(1, observedCommit(pinned));
            }
            stop.set(true);
            for (Future<Integer> reader : readers) {
                assertTrue(reader.get() > 0);
            }
            threads.shutdown();
            assertEquals(1, observedCommit(pinned));
            pinned.close();
            try (ReadTxn latest = store.beginRead()) {
                assertEquals(299, observedCommit(latest));
            }
            assertTrue(store.check().ok(), store.check().describe());
        }
    }

    @Test
    void aWriteTransactionSeesItsOwnChangesAndReadersDoNot() {
        try (Store store = Store.create(new dev.big.pager.MemoryPager())) {
            writeCommit(store, 5);
            try (WriteTxn txn = store.beginWrite(); ReadTxn reader = store.beginRead()) {
                txn.tree(1).addBit(0, 3);
                ContainerView view = new ContainerView();
                assertTrue(txn.tree(1).find(0, view));
                assertTrue(view.contains(3));
                assertTrue(reader.tree(1).find(0, view));
                assertTrue(!view.contains(3));
            }
        }
    }
}
