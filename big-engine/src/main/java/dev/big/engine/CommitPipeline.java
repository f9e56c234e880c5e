package dev.big.engine;

import dev.big.engine.tree.PageAccess;
import dev.big.engine.tree.WrittenBitmaps;
import dev.big.page.DatabaseClosedException;
import dev.big.page.DatabaseFailedException;
import dev.big.page.MetaPage;
import dev.big.page.PageClass;
import dev.big.page.PageFormat;
import dev.big.page.PageRef;
import dev.big.page.StorageException;
import dev.big.pager.CountingPager;
import dev.big.pager.PageCounts;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * How a store's write transactions become durable commits: one writer at a time, and each commit
 * in two steps, the second on the store's commit thread.
 *
 * <h2>Commit protocol</h2>
 * A write transaction writes every new page, forces the file, writes the meta page of its txid
 * {@code t} into slot {@code t % 2}, and forces again. Until that meta page is durable the previous
 * commit is intact and is what a reopen shows; afterwards the new one is. Open picks the
 * checksum-valid meta slot with the highest txid ({@link MetaSlots}).
 *
 * <h2>Pipelined commits</h2>
 * A commit happens in two steps. The writer thread writes the new pages and the freelist chain
 * and releases the write lock; the next write transaction may start at once, on top of this
 * commit's state (the <em>tip</em>). The forcing, the meta page and the second forcing run on one
 * commit thread per store, in txid order, and only then is the commit published to readers and
 * reported durable ({@link PendingCommit}). So a durable commit's meta page is only ever written
 * after its predecessor's is durable, and slot {@code t % 2} is overwritten only once commit
 * {@code t - 1} is durable. A tip commit's pages are safe to write before it is durable: they are
 * pages no durable or pinned commit uses (free ones, or past the high-water mark), and pages freed
 * by a commit stay pending until it is published. {@link #shutDown()} (the store's close) waits
 * for every commit the commit thread took, even when interrupted, and refuses new ones once it has
 * begun. Ingest overlaps one batch's forcing with the next batch's work this way; a plain
 * {@link WriteTxn#commit()} waits. Code run by the commit thread ({@link PendingCommit#onDurable})
 * must not wait for a commit: it would wait for itself.
 *
 * <h2>Writers</h2>
 * The pipeline holds the write lock ({@link TransactionLock}), which belongs to the write
 * transaction, not to a thread: {@link #beginWrite} takes it (waiting in turn, for at most the
 * wait's timeout) and the first step of a commit, or a rollback, releases it, on whichever thread
 * the transaction ends. A write or
 * sync that fails marks the store failed (see {@link Store}, "Writers"): no write transaction
 * starts and no commit is taken until the file is reopened. A failure to make a commit durable
 * also voids every commit built on it, which the commit thread may already hold.
 *
 * <p>The transaction writes its own trees; the pipeline asks it to once, inside the first step
 * ({@link #commit}), so a failure there is handled like any other failure to write.
 */
final class CommitPipeline {

    /** What a transaction's trees came to once written: the roots tree and the catalog tree the meta page names. */
    record TreeRoots(PageRef roots, PageRef catalog) {}

    /** What the second step of every commit writes: one meta page, two forcings. */
    private static final PageCounts META_STEP_COUNTS = new PageCounts(Map.of(), Map.of(PageClass.META, 1L), 0, 2);

    private final Store store;
    private final CountingPager pager;
    private final PageAccess access;
    private final Readers readers;
    private final Freelist freelist;
    /** Held by the open write transaction, whichever thread it runs on. */
    private final TransactionLock writer;
    /** What the last commit wrote, for the writer; see {@link WrittenBitmaps}. */
    private final WrittenBitmaps writtenBitmaps = new WrittenBitmaps();
    /** The newest commit whose pages are written: the readers' latest, or a commit still being made durable. */
    private volatile CommittedState tip;
    /** Makes commits durable and publishes them, one at a time in txid order; started by the first commit. */
    private ExecutorService committer;
    /** Set by {@link #shutDown()}, under this object's monitor: no commit is handed over afterwards. */
    private boolean shutDown;
    private volatile Throwable failure;
    /**
     * A failure to make a commit durable: every commit after it is void. (A failure to write a
     * commit's pages fails the store too, but the commits before it may still become durable.)
     */
    private volatile Throwable durabilityFailure;
    private volatile CommitStats lastCommit = CommitStats.none();

    CommitPipeline(Store store, CountingPager pager, PageAccess access, Readers readers, Freelist freelist) {
        this.store = store;
        this.pager = pager;
        this.access = access;
        this.readers = readers;
        this.freelist = freelist;
        this.tip = readers.latest();
        this.writer = new TransactionLock(pager.name());
    }

    // ------------------------------------------------------------------ writers

    /**
     * Starts the write transaction once the one open now ends, waiting as {@code wait} allows;
     * throws {@link dev.big.page.WriteLockWaitException} (naming what holds the lock) if the wait
     * times out, is cancelled or is interrupted.
     */
    WriteTxn beginWrite(LockWait wait) {
        TransactionLock.Hold hold = writer.acquire(wait);
        boolean success = false;
        try {
            store.ensureOpen();
            ensureNotFailed();
            CommittedState base = tip;
            freelist.releaseUpTo(readers.oldestPinnedTxid(), pager::otherReaderOlderThan);
            WriteTxn txn = new WriteTxn(store, this, base, access, freelist.beginAllocation(), hold);
            success = true;
            return txn;
        } finally {
            if (!success) {
                writer.release(hold);
            }
        }
    }

    /** Ends the write transaction holding {@code hold} (committed or rolled back, on any thread): the next one may start. */
    void endWrite(TransactionLock.Hold hold) {
        writer.release(hold);
    }

    /** Whether a write transaction is open, on any thread. */
    boolean isWriting() {
        return writer.isHeld();
    }

    // ------------------------------------------------------------------ commit

    /**
     * The first step of a commit, on the writer's thread: has the transaction write its trees
     * ({@code writeTrees}, called once), writes the freelist chain, makes the result the tip and
     * ends the write transaction. The commit's meta page says {@code formatVersion}, the file's
     * format version as the transaction leaves it. The returned commit becomes durable and visible
     * to readers once the commit thread has forced it (see the class comment).
     */
    PendingCommit commit(long txid, int formatVersion, Freelist.Allocation allocation, Supplier<TreeRoots> writeTrees,
            TransactionLock.Hold hold) {
        try {
            ensureNotFailed();
            PageCounts before = pager.counts();
            MetaPage.State state;
            try {
                TreeRoots trees = writeTrees.get();
                Freelist.Chain chain = allocation.writeChain(txid, freelist.pendingSets(), this::writePage);
                state = new MetaPage.State(formatVersion, txid, allocation.pageCount(), trees.roots(), trees.catalog(), chain.head(),
                        chain.freePages(), System.currentTimeMillis());
            } catch (RuntimeException e) {
                writtenBitmaps.clear();
                if (e instanceof StorageException) {
                    failure = e;
                }
                throw e;
            }
            writtenBitmaps.committed();
            PageCounts written = writerPages(pager.counts().minus(before));
            CommittedState next = new CommittedState(state, access);
            tip = next;
            freelist.committed(txid, allocation);
            long freed = allocation.freedCount();
            try {
                return new PendingCommit(txid,
                        CompletableFuture.supplyAsync(() -> makeDurable(next, written, freed), committer()));
            } catch (RejectedExecutionException e) {
                throw new DatabaseClosedException(pager.name()); // closed while this transaction wrote its pages
            }
        } finally {
            endWrite(hold);
        }
    }

    /** The second step, on the commit thread: force, write the meta page, force, publish. */
    private CommitStats makeDurable(CommittedState next, PageCounts written, long freed) {
        MetaPage.State state = next.meta;
        Throwable before = durabilityFailure;
        if (before != null) {
            throw new DatabaseFailedException(pager.name(), before); // this commit was built on one that failed
        }
        try {
            pager.sync();
            MemorySegment meta = MemorySegment.ofArray(new long[PageFormat.PAGE_SIZE_BYTES / Long.BYTES]);
            MetaPage.write(meta, state);
            pager.write(MetaPage.slotOf(state.txid()), meta);
            pager.sync();
        } catch (RuntimeException | Error e) {
            durabilityFailure = e;
            failure = e;
            throw e;
        }
        readers.publish(next);
        CommitStats stats = new CommitStats(state.txid(), written.plus(META_STEP_COUNTS), freed, state.pageCount(),
                state.freePages());
        lastCommit = stats;
        return stats;
    }

    /**
     * The counts of the first step alone. The commit thread may write the previous commit's meta
     * page and force the file meanwhile; the first step does neither, so those are taken out (and
     * the second step's own are added when it ends), which keeps a commit's counts exact.
     */
    private static PageCounts writerPages(PageCounts delta) {
        return delta.minus(new PageCounts(Map.of(), Map.of(PageClass.META, delta.written(PageClass.META)), 0, delta.syncs()));
    }

    /** The commit thread; refused once {@link #shutDown()} has begun, so it can wait for every commit it took. */
    private synchronized ExecutorService committer() {
        if (shutDown) {
            throw new RejectedExecutionException("closed");
        }
        if (committer == null) {
            String name = "big-commit " + pager.name();
            committer = Executors.newSingleThreadExecutor(
                    runnable -> Thread.ofPlatform().daemon().name(name).unstarted(runnable));
        }
        return committer;
    }

    /**
     * Refuses further commits and waits until every commit handed to the commit thread is durable
     * (or has failed), even if this thread is interrupted: the store's close must not trim the
     * file while a meta page may still be written past what it trims to.
     */
    void shutDown() {
        ExecutorService pending;
        synchronized (this) {
            shutDown = true;
            pending = committer;
        }
        if (pending == null) {
            return;
        }
        pending.shutdown();
        boolean interrupted = false;
        while (true) {
            try {
                if (pending.awaitTermination(1, TimeUnit.MINUTES)) {
                    break;
                }
                // A forcing that takes minutes is the disk's business; the commit must still finish.
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    // ------------------------------------------------------------------ for the writer's trees

    /** Belongs to the writer (the write transaction holding the write lock). */
    WrittenBitmaps writtenBitmaps() {
        return writtenBitmaps;
    }

    void writePage(long pgno, MemorySegment page) {
        pager.write(pgno, page);
    }

    // ------------------------------------------------------------------ state

    private void ensureNotFailed() {
        Throwable cause = failure;
        if (cause != null) {
            throw new DatabaseFailedException(pager.name(), cause);
        }
    }

    /** Whether a failed write or sync has stopped this store from writing. */
    boolean isFailed() {
        return failure != null;
    }

    /** What the last commit since open wrote. */
    CommitStats lastCommit() {
        return lastCommit;
    }
}
