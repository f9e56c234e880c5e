package dev.big.engine;

import dev.big.engine.tree.PageAccess;
import dev.big.engine.tree.Tree;
import dev.big.page.MetaPage;
import dev.big.page.PageClass;
import dev.big.page.PageKind;
import dev.big.page.PageRef;
import dev.big.pager.SnapshotPin;
import java.lang.foreign.Arena;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * One commit as readers see it, shared by every read transaction that started on it (each
 * reader's snapshot of the database is one of these, pinned). Holds the meta state, a cache of
 * fragment roots looked up in the roots tree, and caches for upper layers. Everything cached is
 * derived from immutable committed pages, so sharing it between threads is safe.
 */
final class CommittedState {

    final MetaPage.State meta;
    private final PageAccess access;
    private final ConcurrentHashMap<Long, FragmentRoot> roots = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Object, Object> caches = new ConcurrentHashMap<>();
    int readers;
    /** While a read-only store's readers hold this snapshot: its pin for the writer of another handle. */
    SnapshotPin pin = SnapshotPin.NONE;
    private Arena arena;
    private boolean retired;

    CommittedState(MetaPage.State meta, PageAccess access) {
        this.meta = meta;
        this.access = access;
    }

    long txid() {
        return meta.txid();
    }

    Tree rootsTree() {
        return new Tree(access, PageKind.ROOTS, PageClass.ROOTS, meta.roots());
    }

    Tree catalogTree() {
        return new Tree(access, PageKind.CATALOG, PageClass.CATALOG, meta.catalog());
    }

    PageRef root(long fragmentKey) {
        return lookup(fragmentKey).root();
    }

    byte[] summary(long fragmentKey) {
        return lookup(fragmentKey).summary();
    }

    boolean has(long fragmentKey) {
        return lookup(fragmentKey) != FragmentRoot.ABSENT;
    }

    private FragmentRoot lookup(long fragmentKey) {
        FragmentRoot root = roots.get(fragmentKey);
        if (root == null) {
            root = FragmentRoot.find(rootsTree(), fragmentKey);
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

    @SuppressWarnings("unchecked")
    <T> T cached(Object key, Function<Object, T> compute) {
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
