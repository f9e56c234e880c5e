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

    @Test
    void readersKeepTheirCommitWhileTheWriterCommits() throws Exception {
        Path file = TestDirs.newDir("isolation").resolve("db.big");
        try (Store store = Store.create(file)) {
            StampedCommits.writeCommit(store, 1);
            AtomicBoolean stop = new AtomicBoolean();
            ExecutorService threads = Executors.newFixedThreadPool(4);
            List<Future<Integer>> readers = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                readers.add(threads.submit(() -> {
                    int checks = 0;
                    while (!stop.get()) {
                        try (ReadTxn txn = store.beginRead()) {
                            int seen = StampedCommits.observedCommit(txn);
                            for (int again = 0; again < 5; again++) {
                                Thread.onSpinWait();
                                assertEquals(seen, StampedCommits.observedCommit(txn), "a reader's commit changed under it");
                                checks++;
                            }
                        }
                    }
                    return checks;
                }));
            }
            ReadTxn pinned = store.beginRead();
            for (int i = 2; i < 300; i++) {
                StampedCommits.writeCommit(store, i);
                assertEquals(1, StampedCommits.observedCommit(pinned));
            }
            stop.set(true);
            for (Future<Integer> reader : readers) {
                assertTrue(reader.get() > 0);
            }
            threads.shutdown();
            assertEquals(1, StampedCommits.observedCommit(pinned));
            pinned.close();
            try (ReadTxn latest = store.beginRead()) {
                assertEquals(299, StampedCommits.observedCommit(latest));
            }
            assertTrue(store.check().ok(), store.check().describe());
        }
    }

    @Test
    void aWriteTransactionSeesItsOwnChangesAndReadersDoNot() {
        try (Store store = Store.create(new dev.big.pager.MemoryPager())) {
            StampedCommits.writeCommit(store, 5);
            try (WriteTxn txn = store.beginWrite(); ReadTxn reader = store.beginRead()) {
                Tree.of(txn, 1).addBit(0, 3);
                ContainerView view = new ContainerView();
                assertTrue(Tree.of(txn, 1).find(0, view));
                assertTrue(view.contains(3));
                assertTrue(Tree.of(reader, 1).find(0, view));
                assertTrue(!view.contains(3));
            }
        }
    }
}
