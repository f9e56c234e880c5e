package dev.big.engine;

import dev.big.engine.check.Checker;
import dev.big.engine.check.StoreCheckReport;
import dev.big.engine.log.LogFrames;
import dev.big.engine.tree.PageAccess;
import dev.big.page.BigException;
import dev.big.page.CorruptPageException;
import dev.big.page.DatabaseClosedException;
import dev.big.page.DatabaseFailedException;
import dev.big.page.MetaPage;
import dev.big.page.PageFormat;
import dev.big.pager.CountingPager;
import dev.big.pager.LogFile;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import dev.big.pager.PageCounts;
import dev.big.pager.Pager;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.roaringbitmap.RoaringBitmap;

/**
 * One database file: named copy-on-write trees, one writer and many readers, crash-safe commits.
 *
 * <p>The store opens and closes the file and answers what it holds; two parts of it own the rules
 * of the running database. {@link CommitPipeline} makes write transactions durable, one writer at
 * a time and each commit in two steps (the commit protocol, pipelined commits and what a failure
 * voids are written down there). {@link Readers} gives read transactions their snapshots and
 * keeps the pages those can see (and, for a read-only handle, follows the writer of another).
 *
 * <h2>Opening</h2>
 * Open picks the checksum-valid meta slot with the highest txid ({@link MetaSlots}). Opened for
 * writing, it trims pages past that commit's high-water mark (a commit that never finished) and
 * writes the chosen meta page again, durably, before any page is reused. A damaged freelist is
 * worked out again from the trees ({@link #openNotes()} says so).
 *
 * <h2>Writers</h2>
 * {@link #beginWrite()} waits until the current write transaction ends, for at most the lock
 * timeout; the write lock belongs to the transaction, whichever thread ends it. A write or sync that fails marks the store failed: every later write
 * is refused with {@link DatabaseFailedException} until the file is reopened; committed data stays
 * readable.
 *
 * <h2>Readers</h2>
 * {@link #beginRead()} pins the latest commit; pages it can see are not reused until it closes.
 */
public final class Store implements AutoCloseable {

    /** How long {@link #close()} waits for open read transactions to finish. */
    static final long CLOSE_WAIT_MILLIS = 5_000;
    /** How often a read-only open starts again while a writer keeps checkpointing under it. */
    private static final int MAX_READ_ONLY_OPEN_ATTEMPTS = 100;

    private final Pager raw;
    private final CountingPager pager;
    private final PageAccess access;
    private final boolean readOnly;
    private final Readers readers;
    private final CommitPipeline commits;
    private final PageCounts countsAtOpen;
    private volatile boolean closed;
    /** What open had to work around; filled while the constructor loads the freelist. */
    private final List<String> openNotes = new CopyOnWriteArrayList<>();

    private Store(Pager raw, MetaPage.State meta, boolean readOnly, boolean countReads) {
        this.raw = raw;
        this.pager = new CountingPager(raw, countReads);
        this.access = new PageAccess(pager);
        this.readOnly = readOnly;
        CommittedState opened = new CommittedState(meta, access);
        WriteLog log = null;
        if (meta.formatVersion() >= MetaPage.VERSION_WRITE_LOG) {
            log = new WriteLog(raw.openLog(), meta.txid());
            try {
                opened = replay(opened, log.readNew(meta.txid()), access);
                String lost = log.lostAcknowledgedCommits();
                if (lost != null && !readOnly) {
                    throw new BigException(lost);
                }
                if (lost != null) {
                    openNotes.add(lost);
                }
                if (!readOnly) {
                    log.truncateAfterEnd(); // an intact frame after a torn one was never acknowledged: no scan may reach it
                }
            } catch (RuntimeException e) {
                log.close();
                throw e;
            }
        }
        this.readers = new Readers(raw, access, readOnly, opened, readOnly ? log : null);
        Freelist freelist = readOnly ? Freelist.empty() : loadFreelist(meta);
        this.commits = new CommitPipeline(this, pager, access, readers, freelist, readOnly ? null : log,
                () -> WriteLog.startedAfterMigration(raw.openLog(), readers.latest().meta.txid()));
        this.countsAtOpen = pager.counts();
    }

    /**
     * {@code state} with the logged commits {@code frames} replayed over it, in order: what opening
     * a file with a write log, and a read-only handle following one, read.
     */
    static CommittedState replay(CommittedState state, List<LogFrames.Frame> frames, PageAccess access) {
        CommittedState replayed = state;
        for (LogFrames.Frame frame : frames) {
            LoggedChanges changes = LogRecords.replay(frame.payload(), replayed,
                    access.file() + "-log, the frame of commit " + frame.txid() + " at byte " + frame.start());
            replayed = new CommittedState(state.meta, access, changes, frame.txid(), replayed);
        }
        return replayed;
    }

    // ------------------------------------------------------------------ opening

    /**
     * The freelist chain, or, if it is damaged, the free pages worked out from the trees (every
     * page below the high-water mark no tree uses). If the trees are damaged too, no page is
     * reused: the file grows, but nothing that might still be recovered is overwritten.
     */
    private Freelist loadFreelist(MetaPage.State meta) {
        try {
            return Freelist.load(access, meta.freelist(), meta.pageCount(), meta.txid());
        } catch (CorruptPageException e) {
            RoaringBitmap used = Checker.treePagesOrNull(raw, meta);
            if (used == null) {
                openNotes.add("the freelist is damaged (" + e.getMessage() + ") and so are tree pages: no page will be"
                        + " reused until the file is repaired (export and import it)");
                return Freelist.empty();
            }
            RoaringBitmap free = new RoaringBitmap();
            free.add(0L, meta.pageCount());
            free.andNot(used);
            openNotes.add("the freelist was damaged (" + e.getMessage() + "); its " + free.getLongCardinality()
                    + " free pages were recomputed from the trees and the next commit rewrites it");
            return Freelist.rebuilt(free, meta.txid());
        }
    }

    /** What open had to work around (a damaged freelist, for example); empty for a healthy file. */
    public List<String> openNotes() {
        return List.copyOf(openNotes);
    }

    /** Creates a new database file at {@code path}; fails if it exists. */
    public static Store create(Path path) {
        return create(path, MetaPage.VERSION_CREATED);
    }

    /**
     * Creates a new database file at {@code path} in file format {@code formatVersion} (from
     * {@link MetaPage#VERSION_START} to {@link MetaPage#VERSION_CURRENT}); fails if it exists.
     */
    public static Store create(Path path, int formatVersion) {
        MmapPager pager = MmapPager.open(path, OpenMode.CREATE_NEW);
        return initialize(pager, MetaPage.State.empty(formatVersion), () -> syncDirectory(path));
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
        return create(pager, MetaPage.VERSION_CREATED);
    }

    /** Initializes an empty pager as a new database of file format {@code formatVersion}. */
    public static Store create(Pager pager, int formatVersion) {
        return initialize(pager, MetaPage.State.empty(formatVersion), () -> {});
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
            for (int attempt = 1; ; attempt++) {
                MetaPage.State meta = MetaSlots.readLatest(pager);
                if (!pager.readOnly()) {
                    if (pager.pageCount() > meta.pageCount()) {
                        pager.truncate(meta.pageCount());
                    }
                    MetaSlots.makeDurable(pager, meta);
                }
                try {
                    Store store = new Store(pager, meta, pager.readOnly(), countReads);
                    success = true;
                    return store;
                } catch (RuntimeException e) {
                    if (!pager.readOnly() || attempt == MAX_READ_ONLY_OPEN_ATTEMPTS || !checkpointedSince(pager, meta)) {
                        throw e;
                    }
                    // A read-only open replays the log over the checkpoint's pages before it holds a pin
                    // (a read's, from Readers.pin): a writer that checkpointed meanwhile may have reused
                    // them. What failed was reading pages no longer of this commit: open the newer one.
                }
            }
        } finally {
            if (!success) {
                pager.close();
            }
        }
    }

    /** Whether a writer of another handle or process made a checkpoint after {@code meta} (read-only pagers). */
    private static boolean checkpointedSince(Pager pager, MetaPage.State meta) {
        pager.followGrowth();
        try {
            return MetaSlots.readLatest(pager).txid() != meta.txid();
        } catch (RuntimeException e) {
            return false; // the caller reports what failed first
        }
    }

    private static Store initialize(Pager pager, MetaPage.State empty, Runnable afterSync) {
        boolean success = false;
        try {
            if (pager.pageCount() != 0) {
                throw new BigException(pager.name() + " is not empty; open it instead of creating it.");
            }
            MemorySegment page = MemorySegment.ofArray(new long[PageFormat.PAGE_SIZE_BYTES / Long.BYTES]);
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
        return new ReadTxn(this, readers.pin(), access);
    }

    /**
     * Starts a read transaction on commit {@code commit}, as {@link ReadTxn#commitState()} of a
     * reader of this file (in any handle or process) gave it: how the readers of one query in
     * several processes all read one commit. The commit must still be pinned by some reader (the
     * one that handed it out) from the time it was the latest until this returns; then its pages
     * are intact, and this reader pins them too.
     */
    public ReadTxn beginRead(MetaPage.State commit) {
        ensureOpen();
        if (commit.txid() > readers.latest().txid()) {
            beginRead().close(); // a read-only handle moves to the newest commit in the file
        }
        if (commit.txid() > readers.latest().txid()) {
            throw new BigException(raw.name() + " has no commit " + commit.txid() + " (its latest is "
                    + readers.latest().txid() + "): was it written to another file of the same name?");
        }
        return new ReadTxn(this, readers.pin(commit), access);
    }

    void endRead(CommittedState state) {
        readers.unpin(state);
    }

    /** How long {@link #beginWrite()} waits for the write lock unless told otherwise. */
    public static final Duration DEFAULT_LOCK_TIMEOUT = Duration.ofSeconds(30);

    private volatile Duration lockTimeout = DEFAULT_LOCK_TIMEOUT;

    /** Sets how long {@link #beginWrite()} waits for the write lock held by another transaction of this store. */
    public void setLockTimeout(Duration timeout) {
        lockTimeout = LockWait.upTo(timeout).timeout();
    }

    /** How long {@link #beginWrite()} waits for the write lock. */
    public Duration lockTimeout() {
        return lockTimeout;
    }

    /**
     * Starts the write transaction, waiting while another one is open, for at most the lock
     * timeout ({@link #setLockTimeout}); then, or if the waiting thread is interrupted, throws
     * {@link dev.big.page.WriteLockWaitException} naming what holds the lock.
     */
    public WriteTxn beginWrite() {
        return beginWrite(LockWait.upTo(lockTimeout));
    }

    /** Starts the write transaction, waiting while another one is open as {@code wait} allows. */
    public WriteTxn beginWrite(LockWait wait) {
        checkWritable();
        return commits.beginWrite(wait);
    }

    /**
     * Folds every commit in the write log into the pages (a commit to the pages, which starts the
     * log's next generation), waiting for the write lock like any writer. Nothing to do for a file
     * without a write log or with nothing logged. The store starts one by itself when the log grows
     * past its thresholds ({@link #setCheckpointThresholds}) and when it closes.
     */
    public void checkpoint() {
        checkWritable();
        if (!commits.hasLoggedChanges()) {
            return;
        }
        try (WriteTxn txn = beginWrite()) {
            txn.commitToPages();
            txn.commit();
        }
    }

    /** Starts a checkpoint once the log holds {@code logBytes} bytes of frames or its changes {@code cells} cells. */
    public void setCheckpointThresholds(long logBytes, long cells) {
        commits.setCheckpointThresholds(logBytes, cells);
    }

    private void checkWritable() {
        ensureOpen();
        if (readOnly) {
            throw new BigException(raw.name() + " is open read-only; open it read-write to change it.");
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
        return commits.lastCommit();
    }

    /** Pages written (and, if the store counts them, read) since the store was opened. */
    public PageCounts countsSinceOpen() {
        return pager.counts().minus(countsAtOpen);
    }

    /** The txid of the latest commit. */
    public long txid() {
        return readers.latest().txid();
    }

    /**
     * The file format version of the latest commit: the version the file was created in, or the
     * one a migration ({@link WriteTxn#raiseFormatVersion}) raised it to.
     */
    public int formatVersion() {
        return readers.latest().meta.formatVersion();
    }

    /** The latest commit's page count (high-water mark). */
    public long pageCount() {
        return readers.latest().meta.pageCount();
    }

    /** Free pages listed by the latest commit. */
    public long freePages() {
        return readers.latest().meta.freePages();
    }

    public boolean isReadOnly() {
        return readOnly;
    }

    /** Whether a failed write or sync has stopped this store from writing. */
    public boolean isFailed() {
        return commits.isFailed();
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
     * freelist chain, or listed as free; and, in the same walk, what reads trust without verifying
     * it: keys within their branch separators, the bit-sliced fragments' invariants and zone maps,
     * and that the meta slot on disk is still the commit checked (see {@link Checker}).
     */
    public StoreCheckReport check() {
        try (ReadTxn txn = beginRead()) {
            return Checker.check(raw, txn.meta()).withNotes(openNotes).withProblems(checkLog(txn));
        }
    }

    /**
     * The write log as the commit {@code txn} reads needs it: every frame of its checkpoint's
     * generation up to its txid intact and replaying. A checkpoint since (the log has moved to the
     * next generation) leaves nothing to check.
     */
    private List<StoreCheckReport.Problem> checkLog(ReadTxn txn) {
        MetaPage.State meta = txn.meta();
        if (meta.formatVersion() < MetaPage.VERSION_WRITE_LOG || txn.baseTxid() == meta.txid()) {
            return List.of();
        }
        try (LogFile file = raw.openLog()) {
            LogFrames.Scan scan = WriteLog.generation(file, meta.txid());
            if (MetaSlots.readLatest(raw).txid() != meta.txid()) {
                return List.of(); // checkpointed meanwhile: the frames read are in the pages now
            }
            String where = file.name() + ", the frames after checkpoint " + meta.txid();
            if (scan.lastTxid() < txn.baseTxid()) {
                return List.of(new StoreCheckReport.Problem(StoreCheckReport.Problem.NO_PAGE, "write log", where
                        + " can be read only up to txid " + scan.lastTxid() + " (" + scan.stoppedBecause() + "), but commits up"
                        + " to txid " + txn.baseTxid() + " were read from it: the log was damaged since. Export the database"
                        + " now (it reads them from memory), or restore the file and its log from a backup"));
            }
            try {
                replay(new CommittedState(meta, access), WriteLog.upTo(scan.frames(), txn.baseTxid()), access);
            } catch (BigException e) {
                return List.of(new StoreCheckReport.Problem(StoreCheckReport.Problem.NO_PAGE, "write log",
                        where + ": " + e.getMessage()));
            }
            return List.of();
        }
    }

    private void commitToPagesAtClose() {
        try (WriteTxn txn = beginWrite(LockWait.upTo(Duration.ZERO))) {
            txn.commitToPages();
            txn.commit();
        }
    }

    /**
     * Whether the other meta slot names the same trees as the latest commit. A file with a write log
     * writes meta pages only at checkpoints, so the slot before the newest may be a checkpoint of
     * long ago (for a new file, the empty database), and a damaged newest meta page would open
     * that one, losing every commit since (and a writer's open would trim the file to it). Closing
     * seals the file with one more commit to the pages that changes nothing, so both slots hold the
     * latest trees, as the commit before the last one did in a file without a log.
     */
    private boolean bothMetaSlotsHoldTheLatestTrees() {
        MetaPage.State latest = readers.latest().meta;
        int other = 1 - MetaPage.slotOf(latest.txid());
        MemorySegment slot = raw.read(other);
        if (MetaPage.validate(other, slot) != null) {
            return false;
        }
        MetaPage.State before = MetaPage.read(slot);
        return before.roots().equals(latest.roots()) && before.catalog().equals(latest.catalog());
    }

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
        if (!readOnly && !commits.isFailed() && formatVersion() >= MetaPage.VERSION_WRITE_LOG) {
            try {
                if (commits.hasLoggedChanges()) {
                    commitToPagesAtClose(); // a file at rest holds its commits in its pages
                }
                if (commits.committedSinceOpen() && !bothMetaSlotsHoldTheLatestTrees()) {
                    commitToPagesAtClose(); // a file opened and closed without a write is left as it was
                }
            } catch (RuntimeException e) {
                // A writer still open, or a failure: the log keeps the commits, and the next open replays them.
            }
        }
        closed = true;
        commits.shutDown();
        readers.awaitReadersAndRetire(CLOSE_WAIT_MILLIS);
        try {
            if (!readOnly && !commits.isFailed() && !commits.isWriting()) {
                raw.truncate(readers.latest().meta.pageCount());
            }
        } catch (RuntimeException e) {
            // Trimming the unused tail is tidiness, not durability.
        } finally {
            readers.closeLog();
            // Everything logged is in the pages now: the file at rest is one file, as a copy of it needs.
            commits.closeLog(!readOnly && !commits.isFailed() && !commits.hasLoggedChanges());
            raw.close();
        }
    }
}
