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
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
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
 *
 * <h2>Logged commits and group commit</h2>
 * In a file with a write log ({@link WriteLog}), a commit small enough goes to the log instead
 * ({@link #commitLogged}): its first step appends its frame and makes its state the tip; its second
 * forces the log and publishes. The second step runs on the thread that awaits the commit, not on
 * the commit thread (unless an action is to run when it is durable: {@link PendingCommit}), and
 * one thread at a time forces, once for every frame appended so far: writers that commit while
 * one forces wait for it, and when it ends, the first of them it did not cover forces for all the
 * rest (group commit). Each is acknowledged once a forcing that covers its frame returns, and
 * readers, who read the last published state, never wait for one. {@link #shutDown()} forces the
 * frames appended before it began whose writers have not awaited them yet.
 *
 * <p>A logged commit starts only on a durable checkpoint, and the
 * commit after a checkpoint starts the log's next generation, so the log always follows the meta
 * page a crash would open. The meta page of a checkpoint goes to the slot the last meta page did
 * not (a logged commit may leave the txids between with the other parity): the only durable meta
 * page is never overwritten. When the log grows past {@link #checkpointLogBytes} or its changes past
 * {@link #checkpointCells} cells, a background thread commits to the pages (a checkpoint), which
 * folds the logged changes in; writers wait for it like for any write transaction, readers not.
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
    private final Object lastCommitLock = new Object();
    /** Set by the first step of any commit since open. */
    private volatile boolean committed;

    /** A commit changing more cells than this goes to the pages, not the log. */
    static final long MAX_LOGGED_CELLS = 65_536;
    /** A commit whose log record is larger than this goes to the pages. */
    static final int MAX_LOGGED_RECORD_BYTES = 4 << 20;
    /** The log's size past which a checkpoint is started. */
    private volatile long checkpointLogBytes = 16L << 20;
    /** The logged changes' cells past which a checkpoint is started. */
    private volatile long checkpointCells = 65_536;

    /** Opens the store's write log (on the first logged commit of a file that has one). */
    private final java.util.function.Supplier<WriteLog> openLog;
    /** The write log, once opened; belongs to the write transaction's holder and the commit thread in turn. */
    private volatile WriteLog log;
    /** The last frame appended and the state it made: what the next forcing of the log makes durable. */
    private record Appended(CommittedState state, long end) {}
    private volatile Appended appended;
    /** Guards who forces the log and how far it is durable ({@link #forcingNow}, {@link #durableTxid}). */
    private final ReentrantLock forcing = new ReentrantLock();
    /** Signalled when a forcing ends (a checkpoint waiting for it may go on). */
    private final Condition forced = forcing.newCondition();
    /** Whether a thread is forcing the log now (guarded by {@link #forcing}). */
    private boolean forcingNow;
    /** Every commit up to this txid is durable (guarded by {@link #forcing}). */
    private long durableTxid;
    /**
     * Writers waiting for a forcing to cover their frames (guarded by {@link #forcing}). Each is
     * woken alone: once a forcing covers its commit, or to force when the thread forcing stops.
     * Waking every waiter after each forcing (most to wait again) kept 32 writers' threads so busy
     * on 2 cores that a reader's p99 went from 8 to 25 us (DurableWrites).
     */
    private final ArrayList<Waiter> waiters = new ArrayList<>();

    private record Waiter(long txid, Condition woken) {}
    /** The txid of the newest logged commit made durable: every logged commit up to it was acknowledged or is about to be. */
    private volatile long acknowledgedTxid;
    /** The durability of the last commit to the pages: a logged commit starts only once it is durable. */
    private volatile CompletableFuture<CommitStats> lastPageCommit = CompletableFuture.completedFuture(CommitStats.none());
    /** Runs checkpoints in the background; made on the first. */
    private ExecutorService checkpointer;
    private final java.util.concurrent.atomic.AtomicBoolean checkpointQueued = new java.util.concurrent.atomic.AtomicBoolean();

    CommitPipeline(Store store, CountingPager pager, PageAccess access, Readers readers, Freelist freelist,
            WriteLog recovered, java.util.function.Supplier<WriteLog> openLog) {
        this.store = store;
        this.log = recovered;
        this.openLog = openLog;
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
            boolean logged = base.meta.formatVersion() >= MetaPage.VERSION_WRITE_LOG;
            long txid = base.txid() + 1;
            if (logged && MetaPage.slotOf(txid) == MetaPage.slotOf(base.meta.txid())) {
                txid++; // were it a checkpoint, its meta page must not overwrite the last one's slot
            }
            WriteTxn txn = new WriteTxn(store, this, base, access, freelist.beginAllocation(), hold, txid, logged);
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
            committed = true;
            PageCounts written = writerPages(pager.counts().minus(before));
            CommittedState next = new CommittedState(state, access, tip);
            tip = next;
            freelist.committed(txid, allocation);
            long freed = allocation.freedCount();
            try {
                CompletableFuture<CommitStats> durable = CompletableFuture.supplyAsync(() -> makeDurable(next, written, freed),
                        committer());
                lastPageCommit = durable;
                return new PendingCommit(txid, durable);
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
        forcing.lock();
        try {
            while (forcingNow) {
                forced.awaitUninterruptibly(); // a writer forcing the frames this commit folds in
            }
            WriteLog current = log;
            if (current != null) {
                current.startGeneration(state.txid()); // the frames before are in this commit's pages now
                appended = null;
            }
            durableTxid = state.txid();
            readers.publish(next);
        } finally {
            forcing.unlock();
        }
        CommitStats stats = new CommitStats(state.txid(), written.plus(META_STEP_COUNTS), freed, state.pageCount(),
                state.freePages());
        setLastCommit(stats);
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

    /**
     * The first step of a logged commit, on the writer's thread: appends the frame of commit
     * {@code txid} (built on {@code base}) to the log, makes the state after it the tip and ends the
     * write transaction. The commit thread makes it durable (see "Logged commits and group commit").
     */
    PendingCommit commitLogged(long txid, CommittedState base, WriteTxn.LoggedCommit logged, TransactionLock.Hold hold) {
        try {
            ensureNotFailed();
            awaitLastPageCommit();
            WriteLog writeLog = log();
            long start = writeLog.end();
            long end;
            CommittedState next = new CommittedState(base.meta, access, logged.changes(), txid, base);
            synchronized (this) { // so that shutDown() forces every frame appended before it began, and no frame after
                if (shutDown) {
                    throw new DatabaseClosedException(pager.name());
                }
                try {
                    end = writeLog.append(txid, logged.record());
                } catch (RuntimeException e) {
                    if (e instanceof StorageException) {
                        failure = e;
                    }
                    throw e;
                }
                appended = new Appended(next, end);
            }
            committed = true;
            tip = next;
            long logPages = (end - 1) / PageFormat.PAGE_SIZE_BYTES - start / PageFormat.PAGE_SIZE_BYTES + 1;
            PageCounts written = new PageCounts(Map.of(), Map.of(PageClass.LOG, logPages), 0, 0);
            pager.countLog(logPages, 0);
            return PendingCommit.logged(txid, () -> makeLoggedDurable(next, written), () -> {
                try {
                    return CompletableFuture.supplyAsync(() -> makeLoggedDurable(next, written), committer());
                } catch (RejectedExecutionException e) {
                    return CompletableFuture.failedFuture(new DatabaseClosedException(pager.name()));
                }
            });
        } finally {
            endWrite(hold);
        }
    }

    /** The log, opened on first use: its generation is the durable checkpoint's. */
    private WriteLog log() {
        WriteLog current = log;
        if (current == null) {
            current = openLog.get();
            log = current;
        }
        return current;
    }

    /** Waits until the last commit to the pages is durable: a logged commit must follow a durable checkpoint. */
    private void awaitLastPageCommit() {
        CompletableFuture<CommitStats> pending = lastPageCommit;
        if (!pending.isDone()) {
            new PendingCommit(0, pending).await();
        } else if (pending.isCompletedExceptionally()) {
            ensureNotFailed();
        }
    }

    /**
     * The second step of a logged commit: forces the log unless a forcing since its frame was
     * appended already did, and publishes the newest state the forcing covers. It runs on the
     * thread that awaits the commit ({@link PendingCommit#await()}), or on the commit thread once
     * the commit is handed to it ({@link PendingCommit#onDurable}). A writer that forces its own
     * frame is acknowledged without waiting for the commit thread to wake and then to wake it,
     * which was about 35 µs of a 190 µs one-record commit (timed per step); writers that commit
     * while one forces wait for it and the next of them forces for all.
     */
    private CommitStats makeLoggedDurable(CommittedState next, PageCounts written) {
        boolean forcedNow = forceLogUpTo(next.txid());
        CommitStats stats = new CommitStats(next.txid(), written.plus(new PageCounts(Map.of(), Map.of(), 0, forcedNow ? 1 : 0)),
                0, next.meta.pageCount(), next.meta.freePages());
        setLastCommit(stats);
        return stats;
    }

    /** Makes the log durable up to commit {@code txid} (see {@link #makeLoggedDurable}); whether this call forced it. */
    private boolean forceLogUpTo(long txid) {
        forcing.lock();
        try {
            while (true) {
                Throwable before = durabilityFailure;
                if (before != null) {
                    throw new DatabaseFailedException(pager.name(), before);
                }
                if (durableTxid >= txid) {
                    return false;
                }
                if (!forcingNow) {
                    break;
                }
                Waiter waiter = new Waiter(txid, forcing.newCondition());
                waiters.add(waiter);
                try {
                    waiter.woken().awaitUninterruptibly();
                } finally {
                    waiters.remove(waiter);
                }
            }
            forcingNow = true;
        } finally {
            forcing.unlock();
        }
        Appended newest = appended; // commit txid or a later one: a frame is appended before it is made durable
        boolean durable = false;
        try {
            log.force();
            durable = true;
        } catch (RuntimeException | Error e) {
            durabilityFailure = e;
            failure = e;
            throw e;
        } finally {
            forcing.lock();
            try {
                forcingNow = false;
                if (durable && newest.state().txid() > durableTxid) {
                    durableTxid = newest.state().txid();
                    acknowledgedTxid = newest.state().txid();
                    readers.publish(newest.state());
                }
                wakeWaiters(!durable);
            } finally {
                forcing.unlock();
            }
        }
        pager.countLog(0, 1);
        if (newest.end() > checkpointLogBytes || newest.state().logged.cells() > checkpointCells) {
            startCheckpoint();
        }
        return true;
    }

    /**
     * After a forcing: wakes the waiters it covered, every waiter if it failed ({@code all}), and
     * the first of the others, to force next; and a checkpoint waiting for the forcing to end.
     * Called holding {@link #forcing}.
     */
    private void wakeWaiters(boolean all) {
        Waiter next = null;
        for (Waiter waiter : waiters) {
            if (all || waiter.txid() <= durableTxid) {
                waiter.woken().signal();
            } else if (next == null) {
                next = waiter;
            }
        }
        if (next != null) {
            next.woken().signal();
        }
        forced.signalAll();
    }

    /** Sets what the last commit wrote, unless a later commit already did (logged commits end on several threads). */
    private void setLastCommit(CommitStats stats) {
        synchronized (lastCommitLock) {
            if (stats.txid() > lastCommit.txid()) {
                lastCommit = stats;
            }
        }
    }

    /** The txid of the newest logged commit made durable, for the next frame to carry (see {@link LogRecords}). */
    long acknowledgedTxid() {
        return acknowledgedTxid;
    }

    /** Sets when a checkpoint starts: past {@code logBytes} of log or {@code cells} logged cells. */
    void setCheckpointThresholds(long logBytes, long cells) {
        checkpointLogBytes = logBytes;
        checkpointCells = cells;
    }

    /** Starts a checkpoint in the background, unless one is waiting to run. */
    private void startCheckpoint() {
        if (!checkpointQueued.compareAndSet(false, true)) {
            return;
        }
        ExecutorService runner;
        synchronized (this) {
            if (shutDown) {
                checkpointQueued.set(false);
                return;
            }
            if (checkpointer == null) {
                String name = "big-checkpoint " + pager.name();
                checkpointer = Executors.newSingleThreadExecutor(
                        runnable -> Thread.ofPlatform().daemon().name(name).unstarted(runnable));
            }
            runner = checkpointer;
        }
        runner.execute(() -> {
            checkpointQueued.set(false);
            try {
                store.checkpoint();
            } catch (RuntimeException e) {
                // A store that failed or closed meanwhile says so to its next writer; the log stays until the next checkpoint.
            }
        });
    }

    /**
     * Closes the write log, if one was opened (the store's close, once every commit is done), and
     * deletes it if {@code folded}: every commit it held is in the pages.
     */
    void closeLog(boolean folded) {
        WriteLog current = log;
        if (current != null) {
            if (folded) {
                current.file().delete();
            }
            current.close();
        }
    }

    /** Whether a commit (to the log or the pages) was made since the store opened. */
    boolean committedSinceOpen() {
        return committed;
    }

    /** Whether logged commits since the last checkpoint hold changes the pages do not. */
    boolean hasLoggedChanges() {
        return !tip.logged.isEmpty();
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
        ExecutorService checkpoints;
        synchronized (this) {
            shutDown = true;
            pending = committer;
            checkpoints = checkpointer;
        }
        if (checkpoints != null) {
            checkpoints.shutdownNow();
        }
        Appended last = appended;
        if (last != null) {
            try {
                forceLogUpTo(last.state().txid()); // a logged commit whose writer has not awaited it yet
            } catch (RuntimeException | Error e) {
                // The store has failed; its writers hear so when they await.
            }
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
