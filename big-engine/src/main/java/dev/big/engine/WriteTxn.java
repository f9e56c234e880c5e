package dev.big.engine;

import dev.big.engine.coords.Coords;
import dev.big.engine.rows.RowCounts;
import dev.big.engine.tree.PageAccess;
import dev.big.engine.tree.Tree;
import dev.big.engine.tree.TreeOverlay;
import dev.big.engine.tree.TxnContext;
import dev.big.engine.tree.WrittenBitmaps;
import dev.big.page.DatabaseClosedException;
import dev.big.page.MetaPage;
import dev.big.page.PageClass;
import dev.big.page.PageKind;
import dev.big.page.PageRef;
import dev.big.page.RootsPage;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The one write transaction: changes trees copy-on-write and makes them durable, all or nothing,
 * on {@link #commit()}. {@link #rollback()} (or {@link #close()} without commit) discards
 * everything it did. Reads through it see its own changes.
 *
 * <p>Only one write transaction is open at a time: {@link Store#beginWrite()} waits for the
 * current one to finish. The write lock belongs to the transaction, not to the thread that began
 * it: one thread at a time may use it, and it may be handed to another thread (with the
 * happens-before any hand-over gives, such as an executor's), which commits or rolls it back.
 */
public final class WriteTxn implements Txn {

    /** Native memory of what this transaction's readers expand; freed when it ends. */
    private Arena arena;

    private final Store store;
    private final CommitPipeline commits;
    private final CommittedState base;
    private final PageAccess access;
    private final Freelist.Allocation allocation;
    private final long txid;
    private final Context context = new Context();
    private final Map<Long, Named> named = new HashMap<>();
    private final Tree roots;
    private final Tree catalog;
    private final TransactionLock.Hold hold;
    /** Whether writes are logged (a store with a write log): the commit may go to the log. */
    private final boolean logged;
    private int formatVersion;
    private boolean toPages;
    private boolean finished;

    /** A named tree touched by this transaction. */
    private static final class Named {
        final Tree tree;
        byte[] summary;
        boolean summaryChanged;
        /** Its summary is one a logged commit set: not in the roots tree yet, so a commit to the pages writes it. */
        boolean summaryLogged;
        boolean dropped;
        /** A rows fragment's row counts as its tree changes (files of format 3 and later); else null. */
        RowCountChanges rowCounts;

        Named(Tree tree, byte[] summary) {
            this.tree = tree;
            this.summary = summary;
        }
    }

    WriteTxn(Store store, CommitPipeline commits, CommittedState base, PageAccess access, Freelist.Allocation allocation,
            TransactionLock.Hold hold, long txid, boolean logged) {
        this.store = store;
        this.hold = hold;
        this.commits = commits;
        this.base = base;
        this.access = access;
        this.allocation = allocation;
        this.txid = txid;
        this.logged = logged;
        this.formatVersion = base.meta.formatVersion();
        allocation.startAt(base.meta.pageCount());
        this.roots = new Tree(access, PageKind.ROOTS, PageClass.ROOTS, base.meta.roots(), context);
        this.catalog = new Tree(access, PageKind.CATALOG, PageClass.CATALOG, base.meta.catalog(), context,
                base.logged.catalog(), logged);
    }

    /**
     * Commits this transaction to the file's pages even if it could go to the write log: a
     * checkpoint, which also folds every commit logged before it into the pages.
     */
    public void commitToPages() {
        ensureActive();
        toPages = true;
    }

    /** Whether the commit must go to the pages: asked to, or a change the log does not carry (a new format version). */
    boolean mustCommitToPages() {
        return toPages || !logged || formatVersion != base.meta.formatVersion();
    }

    /** The id this transaction will commit as. */
    public long txid() {
        return txid;
    }

    @Override
    public long baseTxid() {
        return base.txid();
    }

    /** The file's format version as this transaction commits it: its base's, unless {@link #raiseFormatVersion} raised it. */
    @Override
    public int formatVersion() {
        return formatVersion;
    }

    /**
     * Commits this transaction in file format {@code version}, higher than the file's and at most
     * {@link MetaPage#VERSION_CURRENT}: how a file is migrated. No data is rewritten, so only a
     * version that adds structures to the one before can be reached this way; raised past
     * {@link MetaPage#VERSION_ROW_COUNTS}, every rows fragment gets its row counts, counted from its
     * cells. Reads through this transaction see the new version at once; a rollback keeps the old one.
     */
    public void raiseFormatVersion(int version) {
        ensureActive();
        if (version <= formatVersion || version > MetaPage.VERSION_CURRENT) {
            throw new IllegalArgumentException(access.file() + " is of file format " + formatVersion
                    + "; it can be raised to a version above that and at most " + MetaPage.VERSION_CURRENT
                    + ", not to " + version);
        }
        if (formatVersion < MetaPage.VERSION_ROW_COUNTS && version >= MetaPage.VERSION_ROW_COUNTS) {
            countRows(rowsFragments()); // opened in the old version: their summaries are not row counts yet
        }
        formatVersion = version;
    }

    /**
     * Gives every rows fragment its row counts, counted from its cells' cardinalities (no
     * container is read), and keeps them from here on: a file raised to format
     * {@link MetaPage#VERSION_ROW_COUNTS}. A fragment whose counts do not fit a summary keeps none.
     */
    private void countRows(java.util.List<Named> rowsFragments) {
        for (Named entry : rowsFragments) {
            RowCounts counts = RowCounts.countCells(entry.tree);
            byte[] summary = counts.encode();
            entry.summary = summary == null ? FragmentRoot.NO_SUMMARY : summary;
            entry.summaryChanged = true;
            trackRowCounts(entry, summary == null ? null : counts);
        }
    }

    /** The rows fragments of the file as this transaction sees them. */
    private java.util.List<Named> rowsFragments() {
        java.util.List<Long> keys = new java.util.ArrayList<>();
        forEachFragment(0, -1L, (key, summary) -> {
            if (Coords.viewOf(key) == Coords.VIEW_ROWS) {
                keys.add(key);
            }
            return true;
        });
        return keys.stream().map(this::named).toList();
    }

    @Override
    public Fragment fragment(long fragmentKey) {
        return named(fragmentKey).tree;
    }

    private Named named(long fragmentKey) {
        ensureActive();
        Named entry = named.get(fragmentKey);
        if (entry == null) {
            FragmentRoot committed = base.lookup(fragmentKey); // the roots tree changes only when this commits
            LoggedChanges.FragmentChange change = base.logged.fragment(fragmentKey);
            TreeOverlay cells = change == null ? TreeOverlay.NONE : change.cells();
            byte[] summary = change != null && change.summary() != null ? change.summary() : committed.summary();
            entry = new Named(new Tree(access, PageKind.LEAF, PageClass.DATA, committed.root(), context, cells, logged),
                    summary);
            entry.summaryLogged = change != null && change.summary() != null;
            if (keepsRowCounts(fragmentKey)) {
                RowCounts base = summary.length > 0 ? RowCounts.decode(summary, access.file(), fragmentKey)
                        : entry.tree.isEmpty() ? RowCounts.EMPTY : null;
                trackRowCounts(entry, base);
            }
            named.put(fragmentKey, entry);
        }
        return entry;
    }

    /**
     * Whether fragment {@code fragmentKey} keeps its row counts as its summary ({@link RowCounts}),
     * which this transaction keeps itself as the fragment's bits change: a rows fragment of a file of
     * format {@link MetaPage#VERSION_ROW_COUNTS} or later. Nobody else sets its summary.
     */
    public boolean keepsRowCounts(long fragmentKey) {
        return formatVersion >= MetaPage.VERSION_ROW_COUNTS && Coords.viewOf(fragmentKey) == Coords.VIEW_ROWS;
    }

    private static void trackRowCounts(Named entry, RowCounts base) {
        entry.rowCounts = new RowCountChanges(base);
        entry.tree.listen(entry.rowCounts);
    }

    /** The summary {@code entry} would commit with now: a rows fragment's counts as its changes left them. */
    private byte[] summaryOf(long fragmentKey, Named entry) {
        return entry.rowCounts != null && entry.rowCounts.changed() ? entry.rowCounts.summary(access.file(), fragmentKey)
                : entry.summary;
    }

    @Override
    public boolean hasFragment(long fragmentKey) {
        Named entry = named(fragmentKey);
        return !entry.dropped && (!entry.tree.isEmpty() || summaryOf(fragmentKey, entry).length > 0);
    }

    @Override
    public byte[] summary(long fragmentKey) {
        return summaryOf(fragmentKey, named(fragmentKey));
    }

    /**
     * Sets the summary committed with tree {@code fragmentKey}. A rows fragment of a file of format
     * {@link MetaPage#VERSION_ROW_COUNTS} or later keeps its row counts there, which this
     * transaction keeps itself: setting it is refused.
     */
    public void setSummary(long fragmentKey, byte[] summary) {
        if (summary.length > RootsPage.MAX_SUMMARY_BYTES) {
            throw new IllegalArgumentException("summary of " + summary.length + " bytes exceeds " + RootsPage.MAX_SUMMARY_BYTES);
        }
        if (keepsRowCounts(fragmentKey)) {
            throw new IllegalStateException("fragment " + Long.toHexString(fragmentKey) + " keeps its row counts as its"
                    + " summary, and the transaction keeps them as its bits change");
        }
        Named entry = named(fragmentKey);
        entry.summary = summary.clone();
        entry.summaryChanged = true;
        entry.dropped = false;
    }

    /** Removes tree {@code fragmentKey} and frees all its pages. */
    public void dropFragment(long fragmentKey) {
        Named entry = named(fragmentKey);
        entry.tree.dropAll();
        entry.summary = FragmentRoot.NO_SUMMARY;
        entry.summaryChanged = true;
        entry.dropped = true;
    }

    @Override
    public void forEachFragment(long fromKey, long toKey, FragmentVisitor visitor) {
        ensureActive();
        // Committed names merged with the ones this transaction touched.
        TreeMap<Long, byte[]> merged = new TreeMap<>(Long::compareUnsigned);
        base.forEachFragment(fromKey, toKey, (key, summary) -> {
            merged.put(key, summary);
            return true;
        });
        for (Map.Entry<Long, Named> e : named.entrySet()) {
            long key = e.getKey();
            if (Long.compareUnsigned(key, fromKey) >= 0 && Long.compareUnsigned(key, toKey) <= 0) {
                Named entry = e.getValue();
                byte[] summary = summaryOf(key, entry);
                if (entry.dropped || (entry.tree.isEmpty() && summary.length == 0)) {
                    merged.remove(key);
                } else {
                    merged.put(key, summary);
                }
            }
        }
        for (Map.Entry<Long, byte[]> e : merged.entrySet()) {
            if (!visitor.visit(e.getKey(), e.getValue())) {
                return;
            }
        }
    }

    @Override
    public Fragment catalog() {
        ensureActive();
        return catalog;
    }

    @Override
    public String file() {
        return access.file();
    }

    @Override
    public <T> T cached(Object key, Function<Object, T> compute) {
        return compute.apply(key);
    }

    /** The committed catalog's value while this transaction has not changed its catalog, else computed afresh. */
    @Override
    public <T> T catalogCached(Object key, Function<Object, T> compute) {
        return catalog.changedNow() ? compute.apply(key) : base.catalogCached(key, compute);
    }

    /**
     * Makes every change durable: writes the new pages, forces them to disk, writes the meta
     * page of this transaction into slot {@code txid % 2} and forces it. Returns what was
     * written. On failure nothing is visible, and if the failure was in a write or sync the store
     * refuses further writes until reopened.
     */
    public CommitStats commit() {
        return commitPipelined().await();
    }

    /**
     * Writes every change and ends this transaction, returning while the commit is being made
     * durable (see {@link CommitPipeline}, "Pipelined commits"): the next write transaction can
     * start on top of it at once. Nothing is durable, or visible to readers, before
     * {@link PendingCommit#await()} returns. A failure to write throws here; a failure to make it
     * durable throws from await.
     */
    public PendingCommit commitPipelined() {
        ensureActive();
        LoggedCommit logged = mustCommitToPages() ? null : loggedCommit();
        if (logged == null) {
            for (long fragmentKey : base.logged.fragments().keySet()) {
                named(fragmentKey); // its logged cells and summary are folded into the pages with this commit's
            }
        }
        finished = true;
        try {
            if (logged != null) {
                return commits.commitLogged(txid, base, logged, hold);
            }
            return commits.commit(txid, formatVersion, allocation, this::writeTrees, hold);
        } finally {
            closeArena();
        }
    }

    /** A commit to the write log: the record of its changes, and what readers see after it. */
    record LoggedCommit(byte[] record, LoggedChanges changes) {}

    /**
     * This transaction's changes as a write-log record and as the logged changes after it, or null
     * if they are too large for the log (the commit then goes to the pages).
     */
    private LoggedCommit loggedCommit() {
        java.util.List<LogRecords.TreeChange> changes = new java.util.ArrayList<>();
        Map<Long, LoggedChanges.FragmentChange> fragments = new HashMap<>();
        long cells = 0;
        TreeMap<Long, Named> ordered = new TreeMap<>(Long::compareUnsigned);
        ordered.putAll(named);
        for (Map.Entry<Long, Named> e : ordered.entrySet()) {
            long fragmentKey = e.getKey();
            Named entry = e.getValue();
            Tree tree = entry.tree;
            boolean cellsChanged = tree.changes() != null || tree.clearedNow();
            byte[] summary = entry.rowCounts != null && entry.rowCounts.changed()
                    ? entry.rowCounts.summary(access.file(), fragmentKey)
                    : entry.summaryChanged ? entry.summary : null;
            LoggedChanges.FragmentChange was = base.logged.fragment(fragmentKey);
            if (!cellsChanged && summary == null) {
                continue;
            }
            TreeOverlay overlay = cellsChanged ? tree.overlay().with(changesOf(tree), tree.clearedNow()) : tree.overlay();
            fragments.put(fragmentKey, new LoggedChanges.FragmentChange(overlay, summary != null ? summary
                    : was == null ? null : was.summary()));
            changes.add(new LogRecords.TreeChange(fragmentKey, false, tree, summary));
            cells += tree.changes() == null ? 0 : tree.changes().size();
        }
        TreeOverlay catalogCells = base.logged.catalog();
        if (catalog.changes() != null || catalog.clearedNow()) {
            catalogCells = catalog.overlay().with(changesOf(catalog), catalog.clearedNow());
            changes.add(new LogRecords.TreeChange(0, true, catalog, null));
            cells += catalog.changes() == null ? 0 : catalog.changes().size();
        }
        if (cells > CommitPipeline.MAX_LOGGED_CELLS) {
            return null;
        }
        byte[] record = LogRecords.encode(changes, commits.acknowledgedTxid());
        if (record.length > CommitPipeline.MAX_LOGGED_RECORD_BYTES) {
            return null;
        }
        return new LoggedCommit(record, base.logged.with(fragments, catalogCells));
    }

    private static Map<Long, Object> changesOf(Tree tree) {
        return tree.changes() == null ? Map.of() : tree.changes();
    }

    /** Discards every change. */
    public void rollback() {
        if (!finished) {
            finished = true;
            closeArena();
            commits.endWrite(hold);
        }
    }

    @Override
    public synchronized Arena arena() {
        ensureActive();
        if (arena == null) {
            arena = Arena.ofShared();
        }
        return arena;
    }

    private synchronized void closeArena() {
        if (arena != null) {
            arena.close();
            arena = null;
        }
    }

    @Override
    public void close() {
        rollback();
    }

    /**
     * Writes every changed tree as new pages, children first, recording each named tree's new root
     * in the roots tree, then the catalog and the roots tree themselves; returns the two roots the
     * meta page names. The commit pipeline calls this once, in the first step of the commit.
     */
    private CommitPipeline.TreeRoots writeTrees() {
        TreeMap<Long, Named> ordered = new TreeMap<>(Long::compareUnsigned);
        ordered.putAll(named);
        for (Map.Entry<Long, Named> e : ordered.entrySet()) {
            Named entry = e.getValue();
            if (entry.rowCounts != null && entry.rowCounts.changed()) {
                entry.summary = entry.rowCounts.summary(access.file(), e.getKey());
                entry.summaryChanged = true;
            }
            if (!entry.tree.isDirty() && !entry.summaryChanged && !entry.summaryLogged) {
                continue;
            }
            // A fragment of one small leaf is held in its roots entry, where it costs no page of its own.
            Object root = formatVersion >= MetaPage.VERSION_INLINE_LEAVES
                    ? entry.tree.writeOut(RootsPage.inlineRoom(entry.summary.length)) : entry.tree.writeOut();
            if (root instanceof PageRef ref && ref.isNone() && entry.summary.length == 0) {
                roots.remove(e.getKey());
            } else {
                roots.putBytes(e.getKey(), new FragmentRoot(root, entry.summary).encode());
            }
        }
        PageRef catalogRoot = catalog.writeOut();
        return new CommitPipeline.TreeRoots(roots.writeOut(), catalogRoot);
    }

    private void ensureActive() {
        if (finished) {
            throw new DatabaseClosedException("this write transaction (already committed or rolled back)");
        }
        store.ensureOpen();
    }

    /** The transaction as its trees see it. */
    private final class Context implements TxnContext {
        @Override
        public long txid() {
            return txid;
        }

        @Override
        public long allocate() {
            return allocation.allocate();
        }

        @Override
        public void free(long pgno) {
            allocation.free(pgno);
        }

        @Override
        public void write(long pgno, MemorySegment page) {
            commits.writePage(pgno, page);
        }

        @Override
        public WrittenBitmaps writtenBitmaps() {
            return commits.writtenBitmaps();
        }
    }
}
