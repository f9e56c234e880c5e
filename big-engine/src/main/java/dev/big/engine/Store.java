package dev.big.engine;

import dev.big.engine.check.CheckReport;
import dev.big.engine.check.Checker;
import dev.big.engine.tree.PageAccess;
import dev.big.engine.tree.WrittenBitmaps;
import dev.big.page.BigException;
import dev.big.page.DatabaseClosedException;
import dev.big.page.MetaPage;
import dev.big.page.PageClass;
import dev.big.page.PageFormat;
import dev.big.page.PageRef;
import dev.big.page.StorageException;
import dev.big.pager.CountingPager;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import dev.big.pager.PageCounts;
import dev.big.pager.Pager;
import dev.big.pager.SnapshotPin;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One database file: named copy-on-write trees, one writer and many readers, crash-safe commits.
 *
 * <h2>Commit protocol</h2>
 * A write transaction writes every new page, forces the file, writes the meta page of its txid
 * {@code t} into slot {@code t % 2}, and forces again. Until that meta page is durable the previous
 * commit is intact and is what a reopen shows; afterwards the new one is. Open picks the
 * checksum-valid meta slot with the highest txid.
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
 * by a commit stay pending until it is published. {@link #close()} waits for every commit the
 * commit thread took, even when interrupted, and refuses new ones once it has begun. Ingest
 * overlaps one batch's forcing with the next batch's work this way; a plain
 * {@link WriteTxn#commit()} waits. Code run by the commit thread ({@link PendingCommit#onDurable})
 * must not wait for a commit: it would wait for itself.
 *
 * <h2>Writers</h2>
 * {@link #beginWrite()} waits until the current write transaction ends ({@link #tryBeginWrite}
 * gives up after a timeout). A write or sync that fails marks the store failed: every later write
 * is refused with {@link DatabaseFailedException} until the file is reopened; committed data stays
 * readable.
 *
 * <h2>Readers</h2>
 * {@link #beginRead()} pins the latest commit; pages it can see are not reused until it closes.
 */
public final class Store implements AutoCloseable {

    private final Pager raw;
    private final CountingPager pager;
    private final PageAccess access;
    private final boolean readOnly;
    private final ReentrantLock writer = new ReentrantLock(true);
    private final Object readersLock = new Object();
    /** How often a read-only store retries pinning the newest snapshot while its writer commits. */
    private static final int MAX_PIN_ATTEMPTS = 100;

    private final TreeMap<Long, Snapshot> pinned = new TreeMap<>();
    private final Freelist freelist;
    private volatile Snapshot current;
    /** What the last commit wrote, for the writer; see {@link WrittenBitmaps}. */
    private final WrittenBitmaps writtenBitmaps = new WrittenBitmaps();
    /** The newest commit whose pages are written: {@link #current}, or a commit still being made durable. */
    private volatile Snapshot tip;
    /** Makes commits durable and publishes them, one at a time in txid order; started by the first commit. */
    private ExecutorService committer;
    private volatile Throwable failure;
    /**
     * A failure to make a commit durable: every commit after it is void. (A failure to write a
     * commit's pages fails the store too, but the commits before it may still become durable.)
     */
    private volatile Throwable durabilityFailure;
    private volatile boolean closed;
    private volatile CommitStats lastCommit = CommitStats.none();
    private final PageCounts countsAtOpen;

    private Store(Pager raw, MetaPage.State meta, boolean readOnly, boolean countReads) {
        this.raw = raw;
        this.pager = new CountingPager(raw, countReads);
        this.access = new PageAccess(pager);
        this.readOnly = readOnly;
        this.current = new Snapshot(meta, access);
        this.tip = current;
        this.freelist = readOnly ? Freelist.empty() : loadFreelist(meta);
        this.countsAtOpen = pager.counts();
    }

    // ------------------------------------------------------------------ opening

    private final java.util.List<String> openNotes = new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * The freelist chain, or, if it is damaged, the free pages worked out from the trees (every
     * page below the high-water mark no tree uses). If the trees are damaged too, no page is
     * reused: the file grows, but nothing that might still be recovered is overwritten.
     */
    private Freelist loadFreelist(MetaPage.State meta) {
        try {
            return Freelist.load(access, meta.freelist(), meta.pageCount(), meta.txid());
        } catch (dev.big.page.CorruptPageException e) {
            org.roaringbitmap.RoaringBitmap used = Checker.treePagesOrNull(raw, meta);
            if (used == null) {
                openNotes.add("the freelist is damaged (" + e.getMessage() + ") and so are tree pages: no page will be"
                        + " reused until the file is repaired (export and import it)");
                return Freelist.empty();
            }
            org.roaringbitmap.RoaringBitmap free = new org.roaringbitmap.RoaringBitmap();
            free.add(0L, meta.pageCount());
            free.andNot(used);
            openNotes.add("the freelist was damaged (" + e.getMessage() + "); its " + free.getLongCardinality()
                    + " free pages were recomputed from the trees and the next commit rewrites it");
            return Freelist.rebuilt(free, meta.txid());
        }
    }

    /** What open had to work around (a damaged freelist, for example); empty for a healthy file. */
    public java.util.List<String> openNotes() {
        return java.util.List.copyOf(openNotes);
    }

    /** Creates a new database file at {@code path}; fails if it exists. */
    public static Store create(Path path) {
        MmapPager pager = MmapPager.open(path, OpenMode.CREATE_NEW);
        return initialize(pager, () -> syncDirectory(path));
    }

    /** Opens an existing database file for reading and writing (taking the write lock). */
    public static Store open(Path path) {
        return open(MmapPager.open(path, OpenMode.READ_WRITE));
    }

    /** Opens an existing database file read-only; takes no lock and never writes. */
    public static Store openReadOnly(Path path) {
        return open(MmapPager.open(path, OpenMode.READ_ONLY));
    }

    /** Initializes an empty pager (for example a {@code MemoryPager}) as a new database. */
    public static Store create(Pager pager) {
        return initialize(pager, () -> {});
    }

    /** Opens a database held by {@code pager}; closes the pager if it is not one. */
    public static Store open(Pager pager) {
        return open(pager, false);
    }

    /**
     * Opens a database held by {@code pager}, counting pages read per class when
     * {@code countReads} (for tests and diagnosis: it costs time on every read).
     */
    public static Store open(Pager pager, boolean countReads) {
        boolean success = false;
        try {
            MetaPage.State meta = MetaSlots.readLatest(pager);
            if (!pager.readOnly()) {
                if (pager.pageCount() > meta.pageCount()) {
                    pager.truncate(meta.pageCount());
                }
                MetaSlots.makeDurable(pager, meta);
            }
            Store store = new Store(pager, meta, pager.readOnly(), countReads);
            success = true;
            return store;
        } finally {
            if (!success) {
                pager.close();
            }
        }
    }

    private static Store initialize(Pager pager, Runnable afterSync) {
        boolean success = false;
        try {
            if (pager.pageCount() != 0) {
                throw new BigException(pager.name() + " is not empty; open it instead of creating it.");
            }
            MemorySegment page = MemorySegment.ofArray(new long[PageFormat.PAGE_SIZE_BYTES / Long.BYTES]);
            MetaPage.State empty = MetaPage.State.empty();
            MetaPage.write(page, empty);
            pager.write(0, page);
            pager.write(1, MemorySegment.ofArray(new long[PageFormat.PAGE_SIZE_BYTES / Long.BYTES]));
            pager.sync();
            afterSync.run();
            Store store = new Store(pager, empty, false, false);
            success = true;
            return store;
        } finally {
            if (!success) {
                pager.close();
            }
        }
    }

    /** Makes the new file's directory entry durable. */
    private static void syncDirectory(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException e) {
            // Not every platform can sync a directory; the file's own fsync already ran.
        }
    }

    // ------------------------------------------------------------------ transactions

    /**
     * Starts a read transaction on the latest commit. A read-only store first looks for commits
     * another process made since, so a long-lived read-only handle follows its writer.
     */
    public ReadTxn beginRead() {
        ensureOpen();
        if (!readOnly) {
            return new ReadTxn(this, pinCurrent(), access);
        }
        // The writer is another handle: it sees the snapshot's pin only from the moment the pin is
        // taken. Until then it may have freed and reused the snapshot's pages, unless the snapshot was
        // still the newest commit once pinned (the pages of commit T are freed by T+1 at the earliest
        // and reused by a transaction that starts after T+1, and then sees the pin).
        for (int attempt = 1; ; attempt++) {
            refreshFromFile();
            Snapshot snapshot = pinCurrent();
            long newest = newestValidTxidInFile();
            if (newest <= snapshot.txid()) {
                return new ReadTxn(this, snapshot, access);
            }
            endRead(snapshot);
            if (attempt == MAX_PIN_ATTEMPTS) {
                raw.followGrowth();
                MetaSlots.readLatest(raw); // throws why commit `newest` cannot be read, if it cannot
                throw new BigException(raw.name() + ": the writer committed " + attempt + " times while this read-only"
                        + " handle tried to start a read; try again");
            }
        }
    }

    /** The latest commit, with one more reader; read under the lock so it cannot be retired meanwhile. */
    private Snapshot pinCurrent() {
        synchronized (readersLock) {
            Snapshot snapshot = current;
            if (snapshot.readers++ == 0) {
                pinned.put(snapshot.txid(), snapshot);
                if (readOnly) {
                    try {
                        snapshot.pin = raw.pinSnapshot(snapshot.txid());
                    } catch (RuntimeException e) {
                        snapshot.readers--;
                        pinned.remove(snapshot.txid(), snapshot);
                        throw e;
                    }
                }
            }
            return snapshot;
        }
    }

    void endRead(Snapshot snapshot) {
        synchronized (readersLock) {
            if (--snapshot.readers == 0) {
                pinned.remove(snapshot.txid(), snapshot);
                snapshot.pin.close();
                snapshot.pin = SnapshotPin.NONE;
                if (snapshot != current) {
                    snapshot.retire();
                }
            }
            if (pinned.isEmpty()) {
                readersLock.notifyAll();
            }
        }
    }

    /** Moves a read-only store to the newest commit in the file, if a writer made one. */
    private void refreshFromFile() {
        long seen = current.txid();
        long newest = newestTxidInFile();
        if (newest <= seen) {
            return;
        }
        synchronized (readersLock) {
            if (current.txid() >= newest) {
                return;
            }
            MetaPage.State meta;
            try {
                raw.followGrowth();
                meta = MetaSlots.readLatest(raw);
            } catch (RuntimeException e) {
                return; // A meta write in progress: keep the commit we have, try again next time.
            }
            if (meta.txid() > current.txid()) {
                advanceTo(new Snapshot(meta, access));
            }
        }
    }

    /**
     * Makes {@code next} the latest commit; the one it replaces is retired (its caches' native
     * memory freed) unless a reader still holds it, in which case the last one out retires it.
     * Called under {@code readersLock}.
     */
    private void advanceTo(Snapshot next) {
        Snapshot previous = current;
        current = next;
        if (previous.readers == 0) {
            previous.retire();
        }
    }

    /** The highest txid the meta slots claim, unverified (cheap). */
    private long newestTxidInFile() {
        return Math.max(peekTxid(0), peekTxid(1));
    }

    /**
     * The highest txid of an intact meta slot: a slot claiming a newer commit than this store's is
     * verified first, since a torn or damaged one must not make a reader wait for a commit that
     * does not exist.
     */
    private long newestValidTxidInFile() {
        long newest = current.txid();
        for (int slot = 0; slot < MetaPage.SLOTS; slot++) {
            long claimed = peekTxid(slot);
            if (claimed > newest && MetaPage.validate(slot, raw.read(slot)) == null) {
                newest = claimed;
            }
        }
        return newest;
    }

    /** The txid a meta slot claims, without verifying it (cheap); 0 if unreadable. */
    private long peekTxid(int slot) {
        try {
            return dev.big.page.PageHeader.txid(raw.read(slot));
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** The txid of the oldest snapshot a reader holds, or the latest commit when none does. */
    private long oldestPinnedTxid() {
        synchronized (readersLock) {
            return pinned.isEmpty() ? current.txid() : Math.min(pinned.firstKey(), current.txid());
        }
    }

    /** Starts the write transaction, waiting while another one is open. */
    public WriteTxn beginWrite() {
        checkWritable();
        writer.lock();
        return startWrite();
    }

    /** Starts the write transaction, or returns null if another stays open for {@code timeout}. */
    public WriteTxn tryBeginWrite(long timeout, TimeUnit unit) throws InterruptedException {
        checkWritable();
        if (!writer.tryLock(timeout, unit)) {
            return null;
        }
        return startWrite();
    }

    private void checkWritable() {
        ensureOpen();
        if (readOnly) {
            throw new BigException(raw.name() + " is open read-only; open it read-write to change it.");
        }
        if (writer.isHeldByCurrentThread()) {
            throw new IllegalStateException("this thread already has a write transaction open on " + raw.name()
                    + "; commit or roll it back first");
        }
    }

    private WriteTxn startWrite() {
        boolean success = false;
        try {
            ensureOpen();
            ensureNotFailed();
            Snapshot base = tip;
            freelist.releaseUpTo(oldestPinnedTxid(), raw::otherReaderOlderThan);
            WriteTxn txn = new WriteTxn(this, base, access, freelist.beginAllocation());
            success = true;
            return txn;
        } finally {
            if (!success) {
                writer.unlock();
            }
        }
    }

    void endWrite(WriteTxn txn) {
        if (writer.isHeldByCurrentThread()) {
            writer.unlock();
        }
    }

    /**
     * The first step of a commit, on the writer's thread: writes the transaction's pages and the
     * freelist chain, makes the result the tip and ends the write transaction. The returned commit
     * becomes durable and visible to readers once the commit thread has forced it (see the class
     * comment).
     */
    PendingCommit commit(WriteTxn txn) {
        try {
            ensureNotFailed();
            PageCounts before = pager.counts();
            Freelist.Allocation allocation = txn.allocation();
            MetaPage.State state;
            try {
                txn.writeNamedTrees();
                PageRef catalog = txn.writeCatalog();
                PageRef roots = txn.writeRoots();
                Freelist.Chain chain = allocation.writeChain(txn.txid(), freelist.pendingSets(), this::writePage);
                state = new MetaPage.State(txn.txid(), allocation.pageCount(), roots, catalog, chain.head(),
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
            Snapshot next = new Snapshot(state, access);
            tip = next;
            freelist.committed(txn.txid(), allocation);
            long freed = allocation.freedCount();
            try {
                return new PendingCommit(txn.txid(),
                        CompletableFuture.supplyAsync(() -> makeDurable(next, written, freed), committer()));
            } catch (RejectedExecutionException e) {
                throw new DatabaseClosedException(raw.name()); // closed while this transaction wrote its pages
            }
        } finally {
            endWrite(txn);
        }
    }

    /** The second step, on the commit thread: force, write the meta page, force, publish. */
    private CommitStats makeDurable(Snapshot next, PageCounts written, long freed) {
        MetaPage.State state = next.meta;
        Throwable before = durabilityFailure;
        if (before != null) {
            throw new DatabaseFailedException(raw.name(), before); // this commit was built on one that failed
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
        synchronized (readersLock) {
            advanceTo(next);
        }
        CommitStats stats = new CommitStats(state.txid(), written.plus(META_STEP_COUNTS), freed, state.pageCount(),
                state.freePages());
        lastCommit = stats;
        return stats;
    }

    /** What the second step of every commit writes: one meta page, two forcings. */
    private static final PageCounts META_STEP_COUNTS = new PageCounts(Map.of(), Map.of(PageClass.META, 1L), 0, 2);

    /**
     * The counts of the first step alone. The commit thread may write the previous commit's meta
     * page and force the file meanwhile; the first step does neither, so those are taken out (and
     * the second step's own are added when it ends), which keeps a commit's counts exact.
     */
    private static PageCounts writerPages(PageCounts delta) {
        return delta.minus(new PageCounts(Map.of(), Map.of(PageClass.META, delta.written(PageClass.META)), 0, delta.syncs()));
    }

    /** The commit thread; refused once {@link #close()} has begun, so close can wait for every commit it took. */
    private synchronized ExecutorService committer() {
        if (closed) {
            throw new RejectedExecutionException("closed");
        }
        if (committer == null) {
            String name = "big-commit " + raw.name();
            committer = Executors.newSingleThreadExecutor(
                    runnable -> Thread.ofPlatform().daemon().name(name).unstarted(runnable));
        }
        return committer;
    }

    /**
     * Waits until every commit handed to the commit thread is durable (or has failed), even if
     * this thread is interrupted: close must not trim the file while a meta page may still be
     * written past what it trims to. (Called after {@code closed} is set, so no commit is handed
     * over afterwards.)
     */
    private void awaitCommits() {
        ExecutorService pending;
        synchronized (this) {
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

    /** Belongs to the writer (the thread holding the write lock). */
    WrittenBitmaps writtenBitmaps() {
        return writtenBitmaps;
    }

    void writePage(long pgno, MemorySegment page) {
        pager.write(pgno, page);
    }

    private void ensureNotFailed() {
        Throwable cause = failure;
        if (cause != null) {
            throw new DatabaseFailedException(raw.name(), cause);
        }
    }

    void ensureOpen() {
        if (closed) {
            throw new DatabaseClosedException(raw.name());
        }
    }

    // ------------------------------------------------------------------ inspection

    /** What the last commit since open wrote. */
    public CommitStats lastCommit() {
        return lastCommit;
    }

    /** Pages written (and, if the store counts them, read) since the store was opened. */
    public PageCounts countsSinceOpen() {
        return pager.counts().minus(countsAtOpen);
    }

    /** The txid of the latest commit. */
    public long txid() {
        return current.txid();
    }

    /** The latest commit's page count (high-water mark). */
    public long pageCount() {
        return current.meta.pageCount();
    }

    /** Free pages listed by the latest commit. */
    public long freePages() {
        return current.meta.freePages();
    }

    public boolean isReadOnly() {
        return readOnly;
    }

    /** Whether a failed write or sync has stopped this store from writing. */
    public boolean isFailed() {
        return failure != null;
    }

    public String file() {
        return raw.name();
    }

    /** The pager underneath (for metrics and tests). */
    public Pager pager() {
        return raw;
    }

    /**
     * Verifies every page reachable from the latest commit (recomputing every checksum) and the
     * invariant that each page below the high-water mark is used exactly once: by a tree, the
     * freelist chain, or listed as free.
     */
    public CheckReport check() {
        try (ReadTxn txn = beginRead()) {
            return Checker.check(raw, txn.meta()).withNotes(openNotes);
        }
    }

    /** How long {@link #close()} waits for open read transactions to finish. */
    static final long CLOSE_WAIT_MILLIS = 5_000;

    /**
     * Closes the file. New transactions are refused at once; read transactions still open get
     * up to {@link #CLOSE_WAIT_MILLIS} to finish what they are doing (their next call fails with
     * {@link DatabaseClosedException}) before the mapping goes away.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        awaitCommits();
        synchronized (readersLock) {
            long deadline = System.currentTimeMillis() + CLOSE_WAIT_MILLIS;
            while (!pinned.isEmpty() && System.currentTimeMillis() < deadline) {
                try {
                    readersLock.wait(Math.max(1, deadline - System.currentTimeMillis()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        synchronized (readersLock) {
            if (pinned.isEmpty()) {
                current.retire();
            }
        }
        try {
            if (!readOnly && failure == null && !writer.isLocked()) {
                raw.truncate(current.meta.pageCount());
            }
        } catch (RuntimeException e) {
            // Trimming the unused tail is tidiness, not durability.
        } finally {
            raw.close();
        }
    }
}
