package dev.big.engine;

import dev.big.engine.tree.PageAccess;
import dev.big.engine.tree.Tree;
import dev.big.engine.tree.TreeOverlay;
import dev.big.page.MetaPage;
import dev.big.page.PageClass;
import dev.big.page.PageKind;
import dev.big.page.PageRef;
import dev.big.pager.SnapshotPin;
import java.lang.foreign.Arena;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * One commit as readers see it, shared by every read transaction that started on it (each
 * reader's snapshot of the database is one of these, pinned). Holds the meta state, a cache of
 * fragment roots looked up in the roots tree, and caches for upper layers. Everything cached is
 * derived from immutable committed pages, so sharing it between threads is safe.
 *
 * <p>A commit to the write log is a state too: the pages of its checkpoint ({@link #meta}, whose
 * txid is the checkpoint's) under the {@link LoggedChanges} of the logged commits since, up to
 * this one ({@link #txid()}).
 */
final class CommittedState {

    /** The meta page of this commit, or of the checkpoint under its logged changes. */
    final MetaPage.State meta;
    /** What commits to the write log changed over {@link #meta}'s pages. */
    final LoggedChanges logged;
    private final long txid;
    private final PageAccess access;
    /**
     * The roots tree's entries looked up so far: shared with the states before and after this one
     * that have its roots tree (logged commits between two checkpoints), so that a one-record
     * commit does not walk the roots tree again for every fragment it writes (8% of such a
     * commit's CPU in a profile of mixed writes).
     */
    private final ConcurrentHashMap<Long, FragmentRoot> roots;
    private final ConcurrentHashMap<Object, Object> caches = new ConcurrentHashMap<>();
    /** What was derived from the catalog alone: shared with the states before and after this one that have its catalog. */
    private final CatalogCache catalogCache;
    int readers;
    /** While a read-only store's readers hold this snapshot: its pin for the writer of another handle. */
    SnapshotPin pin = SnapshotPin.NONE;
    private Arena arena;
    private boolean retired;

    CommittedState(MetaPage.State meta, PageAccess access) {
        this(meta, access, null);
    }

    /** The commit to the pages {@code meta}, made after {@code previous} (null if none is known). */
    CommittedState(MetaPage.State meta, PageAccess access, CommittedState previous) {
        this(meta, access, LoggedChanges.NONE, meta.txid(), previous);
    }

    /** The logged commit {@code txid}: checkpoint {@code meta} under {@code logged}, made after {@code previous}. */
    CommittedState(MetaPage.State meta, PageAccess access, LoggedChanges logged, long txid, CommittedState previous) {
        this.meta = meta;
        this.access = access;
        this.logged = logged;
        this.txid = txid;
        this.roots = previous != null && previous.meta.roots().equals(meta.roots()) ? previous.roots : new ConcurrentHashMap<>();
        this.catalogCache = previous != null && previous.catalogCache.holds(meta.catalog(), logged.catalog())
                ? previous.catalogCache
                : new CatalogCache(meta.catalog(), logged.catalog());
    }

    /**
     * A catalog, named by its root page (whose reference carries its checksum, so equal roots are
     * equal trees) and the logged cells over it (the same object while no commit changes them),
     * and the values derived from it alone.
     */
    private record CatalogCache(PageRef root, TreeOverlay overlay, ConcurrentHashMap<Object, Object> values) {
        CatalogCache(PageRef root, TreeOverlay overlay) {
            this(root, overlay, new ConcurrentHashMap<>());
        }

        boolean holds(PageRef otherRoot, TreeOverlay otherOverlay) {
            return Objects.equals(root, otherRoot) && overlay == otherOverlay;
        }
    }

    /** This commit's txid: its meta page's, or the logged commit's. */
    long txid() {
        return txid;
    }

    /** The commit this state is, as {@link Store#beginRead(MetaPage.State)} takes it: its meta, with a logged commit's txid. */
    MetaPage.State commitState() {
        return txid == meta.txid() ? meta : new MetaPage.State(meta.formatVersion(), txid, meta.pageCount(), meta.roots(),
                meta.catalog(), meta.freelist(), meta.freePages(), meta.commitMillis());
    }

    Tree rootsTree() {
        return new Tree(access, PageKind.ROOTS, PageClass.ROOTS, meta.roots());
    }

    Tree catalogTree() {
        return new Tree(access, PageKind.CATALOG, PageClass.CATALOG, meta.catalog(), null, logged.catalog(), false);
    }

    /** Fragment {@code fragmentKey} as this commit has it, for reading. */
    Tree fragmentTree(long fragmentKey) {
        return new Tree(access, PageKind.LEAF, PageClass.DATA, root(fragmentKey), null, logged.cellsOf(fragmentKey), false);
    }

    /**
     * The root of fragment {@code fragmentKey} at the checkpoint (its logged cells lie over it): a
     * page, or its inline leaf.
     */
    Object root(long fragmentKey) {
        return lookup(fragmentKey).root();
    }

    byte[] summary(long fragmentKey) {
        LoggedChanges.FragmentChange change = logged.fragment(fragmentKey);
        return change != null && change.summary() != null ? change.summary() : lookup(fragmentKey).summary();
    }

    boolean has(long fragmentKey) {
        if (logged.fragment(fragmentKey) == null) {
            return lookup(fragmentKey) != FragmentRoot.ABSENT;
        }
        return summary(fragmentKey).length > 0 || !fragmentTree(fragmentKey).isEmpty();
    }

    /** Visits the fragments named in {@code [fromKey, toKey]}, with the logged ones merged in. */
    void forEachFragment(long fromKey, long toKey, Txn.FragmentVisitor visitor) {
        if (logged.fragments().isEmpty()) {
            rootsTree().forEach(fromKey, toKey, view -> visitor.visit(view.key(), FragmentRoot.summaryOf(view.bytes())));
            return;
        }
        java.util.TreeMap<Long, byte[]> merged = new java.util.TreeMap<>(Long::compareUnsigned);
        rootsTree().forEach(fromKey, toKey, view -> {
            merged.put(view.key(), FragmentRoot.summaryOf(view.bytes()));
            return true;
        });
        for (long key : logged.fragments().keySet()) {
            if (Long.compareUnsigned(key, fromKey) >= 0 && Long.compareUnsigned(key, toKey) <= 0) {
                if (has(key)) {
                    merged.put(key, summary(key));
                } else {
                    merged.remove(key);
                }
            }
        }
        for (java.util.Map.Entry<Long, byte[]> entry : merged.entrySet()) {
            if (!visitor.visit(entry.getKey(), entry.getValue())) {
                return;
            }
        }
    }

    /** Fragment {@code fragmentKey}'s entry in the roots tree of the checkpoint ({@link FragmentRoot#ABSENT} if none). */
    FragmentRoot lookup(long fragmentKey) {
        FragmentRoot root = roots.get(fragmentKey);
        if (root == null) {
            root = FragmentRoot.find(rootsTree(), fragmentKey, access.file());
            roots.put(fragmentKey, root);
        }
        return root;
    }

    /** Native memory of the caches, made on first use; {@link #retire} frees it. */
    synchronized Arena arena() {
        if (retired) {
            throw new IllegalStateException("the state of commit " + txid() + " was retired while a reader still used it");
        }
        if (arena == null) {
            arena = Arena.ofShared();
        }
        return arena;
    }

    /**
     * Frees the caches' native memory once no reader holds this snapshot and none can get it any
     * more (it is no longer the store's latest commit).
     */
    synchronized void retire() {
        retired = true;
        if (arena != null) {
            arena.close();
            arena = null;
        }
    }

    <T> T cached(Object key, Function<Object, T> compute) {
        return cached(caches, key, compute);
    }

    /** {@link #cached} for a value derived from the catalog alone: kept for the next commits that leave the catalog as it is. */
    <T> T catalogCached(Object key, Function<Object, T> compute) {
        return cached(catalogCache.values(), key, compute);
    }

    @SuppressWarnings("unchecked")
    private static <T> T cached(ConcurrentHashMap<Object, Object> caches, Object key, Function<Object, T> compute) {
        // Not computeIfAbsent: a computation may itself consult the cache.
        Object value = caches.get(key);
        if (value == null) {
            value = compute.apply(key);
            Object raced = caches.putIfAbsent(key, value);
            if (raced != null) {
                value = raced;
            }
        }
        return (T) value;
    }
}
