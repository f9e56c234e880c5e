package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.big.engine.check.StoreCheckReport;
import dev.big.engine.tree.Tree;
import dev.big.page.DatabaseClosedException;
import dev.big.pager.ForwardingPager;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import dev.big.pager.Pager;
import dev.big.testing.TestDirs;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.Container;

/**
 * close() while a commit is still being made durable: it must wait for it, even when interrupted
 * or when the commit thread does not exist yet, and never trim the file under a meta page written
 * after it looked (found by review; both failed before close waited uninterruptibly and refused
 * new commits).
 */
class CloseWhileCommittingTest {

    /** Stalls the commit thread right after it wrote a meta page (before the second force). */
    static final class StallAfterMeta extends ForwardingPager {
        final CountDownLatch metaWritten = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        volatile CountDownLatch writerEntered;
        volatile CountDownLatch writerRelease;

        StallAfterMeta(Pager delegate) {
            super(delegate);
        }

        @Override
        public void write(long pgno, MemorySegment page) {
            CountDownLatch entered = writerEntered;
            if (pgno > 1 && entered != null && !Thread.currentThread().getName().startsWith("big-commit")) {
                writerEntered = null;
                entered.countDown();
                await(writerRelease);
            }
            super.write(pgno, page);
            if (pgno <= 1 && Thread.currentThread().getName().startsWith("big-commit")) {
                metaWritten.countDown();
                await(release);
            }
        }

        static void await(CountDownLatch latch) {
            try {
                latch.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static void write(WriteTxn txn) {
        for (int k = 0; k < 50; k++) {
            Container c = new ArrayContainer();
            for (int b = 0; b < 6000; b += 2) {
                c = c.add((char) b);
            }
            Tree.of(txn, 1).put(k, c);
        }
    }

    static void reopenAndCheck(Path file) {
        try (Store reopened = Store.open(file)) {
            StoreCheckReport report = reopened.check();
            assertTrue(report.ok(), "reopened file fails check at txid " + reopened.txid() + ": " + report);
        } catch (RuntimeException e) {
            fail("reopening after close failed: " + e, e);
        }
    }

    /** close() from an interrupted thread (shutdown code in a finally) waits for the commit being forced. */
    @Test
    void anInterruptedCloseStillWaitsForTheCommitBeingForced() throws Exception {
        Path file = TestDirs.newDir("close-interrupted").resolve("db.big");
        StallAfterMeta pager = new StallAfterMeta(MmapPager.open(file, OpenMode.CREATE_NEW));
        Store store = Store.create(pager, PageCommits.FORMAT);
        try (WriteTxn txn = store.beginWrite()) {
            write(txn);
            txn.commitPipelined(); // not awaited
        }
        assertTrue(pager.metaWritten.await(10, TimeUnit.SECONDS));
        Thread releaser = Thread.ofPlatform().start(() -> {
            sleep(300);
            pager.release.countDown(); // the second force goes on while close waits
        });
        Thread.currentThread().interrupt();
        store.close();
        assertTrue(Thread.interrupted(), "close keeps the caller's interrupt");
        releaser.join();
        reopenAndCheck(file);
    }

    /** The store's first commit races close(): close looks for the commit thread before the commit makes it. */
    @Test
    void aCloseDuringTheFirstCommitLeavesAFileThatOpens() throws Exception {
        Path file = TestDirs.newDir("close-first-commit").resolve("db.big");
        StallAfterMeta pager = new StallAfterMeta(MmapPager.open(file, OpenMode.CREATE_NEW));
        Store store = Store.create(pager, PageCommits.FORMAT);
        ReadTxn reader = store.beginRead(); // keeps close() waiting in its reader loop
        pager.writerEntered = new CountDownLatch(1);
        pager.writerRelease = new CountDownLatch(1);
        CountDownLatch entered = pager.writerEntered;
        AtomicReference<RuntimeException> refused = new AtomicReference<>();
        Thread writer = Thread.ofPlatform().start(() -> {
            try (WriteTxn txn = store.beginWrite()) {
                write(txn);
                txn.commitPipelined();
            } catch (RuntimeException e) {
                refused.set(e);
            }
        });
        assertTrue(entered.await(10, TimeUnit.SECONDS)); // the writer is in the first step, holding the lock
        Thread closer = Thread.ofPlatform().start(store::close);
        sleep(300); // the closer has begun and waits for the reader
        pager.writerRelease.countDown();
        writer.join();
        pager.release.countDown();
        reader.close();
        closer.join();
        assertTrue(refused.get() instanceof DatabaseClosedException,
                "a commit handed over after close began is refused: " + refused.get());
        reopenAndCheck(file);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
