package dev.big.engine.tree;

import dev.big.engine.Cell;
import dev.big.engine.CellVisitor;
import dev.big.engine.Fragment;
import dev.big.engine.Txn;
import dev.big.page.ContainerKind;
import dev.big.page.LeafPage;
import dev.big.page.PageClass;
import dev.big.page.PageKind;
import dev.big.page.PageRef;
import java.lang.foreign.MemorySegment;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.roaringbitmap.Container;

/**
 * A copy-on-write B+tree keyed by unsigned 64-bit keys, whose values are Roaring containers (or
 * opaque bytes). One per fragment, plus the roots and catalog trees.
 *
 * <p>Read operations work on committed pages in place and on the dirty nodes of the current write
 * transaction alike, each walk written once for both ({@link AnyNode}). Write operations (only on
 * a tree opened by a write transaction) copy the root-to-leaf path they change into dirty
 * {@link Node}s and free the pages they replace ({@link DirtyPath}); nothing committed is changed
 * in place. {@link #writeOut()} turns the dirty nodes into pages at commit.
 *
 * <h2>Logged writes</h2>
 * A write transaction that will commit to the write log changes no node: its writes go to
 * {@link #changes()}, over the cells earlier logged commits left ({@link #overlay()}, read-only,
 * shared with readers), and its commit freezes them into the next overlay. A container of the
 * overlay is copied before it is changed, unless a write sets or clears a few bits of it: those
 * are flipped over the overlay's container ({@link FlippedContainer}), and the bits flipped are
 * what the log records. A checkpoint folds the overlay into the nodes ({@link #writeOut()}).
 *
 * <p>Not thread-safe: a write transaction's trees belong to its thread; read-only trees are cheap
 * and each reader thread makes its own.
 */
public final class Tree implements Fragment {

    private final PageAccess access;
    private final PageKind leafKind;
    private final PageClass owner;
    private final TxnContext txn;
    private Object root;

    /** What logged commits changed over {@link #root}'s pages (see "Logged writes"). */
    private TreeOverlay overlay;
    /** Whether writes go to {@link #changes} rather than the dirty path. */
    private boolean logged;
    /** This transaction's logged writes (see {@link #changes()}); null until the first. */
    private TreeMap<Long, Object> changes;
    /** Whether this transaction emptied the tree (logged): the overlay and the pages beneath are hidden. */
    private boolean clearedNow;

    /** The path writes copy; made on the first write (see {@link DirtyPath}). */
    private DirtyPath path;

    /** Told of every change of a container's cardinality; null when nobody listens. */
    private CardinalityListener cardinalities;

    /**
     * Hears how a tree's containers change, so a summary of them (a rows fragment's row counts) can
     * follow every write whatever path made it.
     */
    public interface CardinalityListener {
        /** The container at {@code key} went from {@code before} bits to {@code after} (0: absent). */
        void changed(long key, int before, int after);

        /** Every container was removed ({@link #dropAll}). */
        void cleared();
    }

    /** The tree behind fragment {@code fragmentKey} of {@code txn}. */
    public static Tree of(Txn txn, long fragmentKey) {
        return of(txn.fragment(fragmentKey));
    }

    /** The tree behind {@code fragment}: every fragment is one ({@link Fragment} is sealed to this class). */
    public static Tree of(Fragment fragment) {
        return (Tree) fragment;
    }

    /** A read-only tree over committed pages. */
    public Tree(PageAccess access, PageKind leafKind, PageClass owner, PageRef root) {
        this(access, leafKind, owner, root, null);
    }

    /** A tree over committed {@code root} that writes through {@code txn} (null for read-only). */
    public Tree(PageAccess access, PageKind leafKind, PageClass owner, PageRef root, TxnContext txn) {
        this(access, leafKind, owner, root, txn, TreeOverlay.NONE, false);
    }

    /**
     * A tree over committed {@code root} as {@code overlay} changes it, writing through {@code txn}
     * (null for read-only), to its dirty path or, if {@code logged}, to its logged changes. The root
     * is a {@link PageRef}, or the image of the tree's one leaf that its roots entry holds inline
     * (a {@link MemorySegment}; see {@link #writeOut(int)}).
     */
    public Tree(PageAccess access, PageKind leafKind, PageClass owner, Object root, TxnContext txn, TreeOverlay overlay,
            boolean logged) {
        if (!(root instanceof PageRef || root instanceof MemorySegment)) {
            throw new IllegalArgumentException("a committed root is a page reference or an inline leaf, not " + root);
        }
        this.access = access;
        this.leafKind = leafKind;
        this.owner = owner;
        this.txn = txn;
        this.root = root;
        this.overlay = overlay;
        this.logged = logged;
    }

    /**
     * The root: the committed {@link PageRef} (or inline leaf, a {@link MemorySegment}) while the
     * tree is unchanged, else the in-memory root of this transaction's changes (which only the tree
     * itself reads).
     */
    public Object root() {
        return root;
    }

    /** Whether a commit must write this tree: it changed in this transaction, or logged commits changed it since its pages. */
    public boolean isDirty() {
        return root instanceof Node || hasOverlay();
    }

    @Override
    public boolean isEmpty() {
        if (hasOverlay()) {
            return forEach(0, -1L, view -> false);
        }
        return switch (root) {
            case PageRef ref -> ref.isNone();
            case MemorySegment inlineLeaf -> LeafPage.count(inlineLeaf) == 0;
            default -> ((Node<?>) root).size == 0;
        };
    }

    /** Whether this transaction changed the tree: logged writes, or a copied path of a write to the pages. */
    public boolean changedNow() {
        return root instanceof Node || changes != null || clearedNow;
    }

    /**
     * This transaction's logged writes (unsigned key order), or null if it made none; see "Logged
     * writes". A value is a container, a {@link FlippedContainer}, a {@code byte[]} or
     * {@link TreeOverlay#REMOVED}: read them, never change them.
     */
    public NavigableMap<Long, Object> changes() {
        return changes;
    }

    /** Whether this transaction emptied the tree in a logged write ({@link #dropAll}). */
    public boolean clearedNow() {
        return clearedNow;
    }

    /** What logged commits before this transaction changed. */
    public TreeOverlay overlay() {
        return overlay;
    }

    /**
     * The container at {@code key} as this transaction found it (before its own logged writes), or
     * null if absent: what a logged change is recorded against.
     */
    public Container before(long key) {
        if (clearedNow) {
            return null;
        }
        ContainerView view = new ContainerView();
        Object value = overlay.cells().get(key);
        if (value == null) {
            if (overlay.hidesPages() || !TreeWalks.find(access, leafKind, root, key, view)) {
                return null;
            }
            return view.heapContainer() != null ? view.heapContainer() : view.toContainer();
        }
        return value instanceof TreeOverlay.Frozen frozen ? frozen.container() : null;
    }

    /**
     * Writes this transaction's changes to the tree as new pages ({@link TreeWriteOut}) and returns
     * the new root ({@link PageRef#NONE} if the tree is empty); an unchanged tree returns its root.
     * Called once, at commit.
     */
    public PageRef writeOut() {
        return (PageRef) writeOut(-1);
    }

    /**
     * {@link #writeOut()}, but a tree whose cells fit one leaf of at most {@code inlineRoom} bytes
     * comes back as that leaf's image (a {@link MemorySegment}, for its roots entry to hold) instead
     * of a page; an unchanged inline leaf that no longer fits is written to a page.
     */
    public Object writeOut(int inlineRoom) {
        if (hasOverlay()) {
            requireWritable();
            fold();
        }
        if (root instanceof PageRef ref) {
            return ref;
        }
        if (root instanceof MemorySegment inlineLeaf && inlineLeaf.byteSize() <= inlineRoom) {
            return inlineLeaf;
        }
        requireWritable();
        if (root instanceof MemorySegment) {
            root = dirtyPath().dirtyRoot(root); // outgrew its entry: a page now
        }
        return TreeWriteOut.writeOut(this, txn, inlineRoom);
    }

    /**
     * Writes the overlay and this transaction's logged changes into the dirty path, freeing the
     * pages they replace: from here on the tree writes to pages (a checkpoint). The containers are
     * stored as they are, not copied: write-out only reads them, and readers of logged commits may
     * still read them too. The listener hears nothing: what it counts already happened.
     */
    private void fold() {
        TreeOverlay base = overlay;
        TreeMap<Long, Object> mine = changes;
        boolean cleared = clearedNow;
        CardinalityListener listener = cardinalities;
        cardinalities = null;
        overlay = TreeOverlay.NONE;
        changes = null;
        clearedNow = false;
        logged = false;
        if (cleared || base.hidesPages()) {
            dropAll();
        }
        if (!cleared) {
            storeAll(base.cells());
        }
        if (mine != null) {
            storeAll(mine);
        }
        cardinalities = listener;
    }

    private void storeAll(Map<Long, Object> cells) {
        for (Map.Entry<Long, Object> cell : cells.entrySet()) {
            long key = cell.getKey();
            switch (cell.getValue()) {
                case Container container -> store(key, new CellValue.Modified(container));
                case TreeOverlay.Frozen frozen -> store(key, new CellValue.Modified(frozen.container()));
                case FlippedContainer flipped -> store(key, new CellValue.Modified(flipped.whole()));
                case byte[] bytes -> store(key, new CellValue.Inline(ContainerKind.BYTES, 0, bytes));
                default -> remove(key);
            }
        }
    }

    /** Reports every later change of a container's cardinality to {@code listener}. */
    public void listen(CardinalityListener listener) {
        this.cardinalities = listener;
    }

    /** Tells the listener (callers check there is one, so a tree nobody listens to counts nothing). */
    private void changed(long key, int before, int after) {
        if (before != after) {
            cardinalities.changed(key, before, after);
        }
    }

    PageKind leafKind() {
        return leafKind;
    }

    PageClass owner() {
        return owner;
    }

    PageAccess access() {
        return access;
    }

    // ------------------------------------------------------------------ reads

    @Override
    public Cell find(long key) {
        ContainerView view = new ContainerView();
        return find(key, view) ? view : null;
    }

    @Override
    public boolean contains(long key, int low) {
        ContainerView view = new ContainerView();
        return find(key, view) && view.contains(low);
    }

    @Override
    public boolean forEachCell(long fromKey, long toKey, CellVisitor visitor) {
        return forEach(fromKey, toKey, visitor::visit);
    }

    /** Fills {@code out} with the container at {@code key}; returns false (and clears it) if absent. */
    public boolean find(long key, ContainerView out) {
        if (hasOverlay()) {
            Object value = overlaid(key);
            if (value != null) {
                return fill(out, key, value);
            }
        }
        return TreeWalks.find(access, leafKind, root, key, out);
    }

    /** Whether reads must look at logged changes before the pages. */
    private boolean hasOverlay() {
        return changes != null || clearedNow || !overlay.isEmpty();
    }

    /** Whether the committed pages are hidden by an emptying since the checkpoint. */
    private boolean pagesHidden() {
        return clearedNow || overlay.hidesPages();
    }

    /**
     * The logged value of {@code key} (a container, bytes, or {@link TreeOverlay#REMOVED}), or null
     * if the pages say what it is.
     */
    private Object overlaid(long key) {
        if (changes != null) {
            Object mine = changes.get(key);
            if (mine != null) {
                return mine;
            }
        }
        if (clearedNow) {
            return TreeOverlay.REMOVED;
        }
        Object value = overlay.cells().get(key);
        if (value != null) {
            return value;
        }
        return overlay.hidesPages() ? TreeOverlay.REMOVED : null;
    }

    /** Whether the container at {@code key} holds {@code low}, asking a logged one directly (not through its stored form). */
    private boolean holds(long key, int low) {
        return switch (hasOverlay() ? overlaid(key) : null) {
            case null -> {
                ContainerView probe = new ContainerView();
                yield find(key, probe) && probe.contains(low);
            }
            case Container container -> container.contains((char) low);
            case LazyContainer lazy -> lazy.contains(low);
            default -> false; // removed
        };
    }

    /** The cardinality of the container at {@code key} (0 if absent), without encoding a logged one for reading. */
    private int cardinality(long key) {
        return switch (hasOverlay() ? overlaid(key) : null) {
            case null -> {
                ContainerView view = new ContainerView();
                yield find(key, view) ? view.cardinality() : 0;
            }
            case Container container -> container.getCardinality();
            case LazyContainer lazy -> lazy.cardinality();
            default -> 0; // removed
        };
    }

    /**
     * Fills {@code out} with a logged value; returns whether the cell exists. A write transaction
     * reads a commit's logged container as it reads its own, on the heap (its views may be), where
     * encoding it to its stored form for the first read copied and scanned 8 KiB per bitmap: every
     * one-record update read the planes the commit before it had just logged (a profile of mixed writes).
     */
    private boolean fill(ContainerView out, long key, Object value) {
        switch (value) {
            case TreeOverlay.Frozen frozen when txn != null -> {
                if (frozen.flips().isEmpty()) {
                    out.setHeap(key, frozen.container());
                } else {
                    out.setLazy(key, frozen);
                }
            }
            case TreeOverlay.Frozen frozen -> frozen.fill(out, key);
            case FlippedContainer flipped -> out.setLazy(key, flipped);
            case Container container -> out.setHeap(key, container);
            case byte[] bytes -> out.setInline(key, new CellValue.Inline(ContainerKind.BYTES, 0, bytes));
            default -> {
                out.clear();
                return false;
            }
        }
        return true;
    }

    /**
     * Finds {@code keys[0..count)}, which must be in ascending unsigned order, filling
     * {@code out[i]} for each (cleared when absent). Keys that share a leaf are answered from one
     * descent. Returns how many were found.
     */
    public int findMany(long[] keys, int count, ContainerView[] out) {
        if (!hasOverlay()) {
            return TreeWalks.findMany(access, leafKind, root, keys, count, out);
        }
        int found;
        if (pagesHidden()) {
            for (int i = 0; i < count; i++) {
                out[i].clear();
            }
            found = 0;
        } else {
            found = TreeWalks.findMany(access, leafKind, root, keys, count, out);
        }
        for (int i = 0; i < count; i++) {
            Object value = overlaid(keys[i]);
            if (value != null) {
                boolean was = !out[i].isEmpty();
                boolean is = fill(out[i], keys[i], value);
                found += (is ? 1 : 0) - (was ? 1 : 0);
            }
        }
        return found;
    }

    /**
     * The total cardinality of the containers at {@code keys[0..count)} (ascending unsigned; absent
     * keys count 0), from the leaf cells alone: no bitmap page is opened.
     */
    public long cardinalityOfMany(long[] keys, int count) {
        if (!hasOverlay()) {
            return TreeWalks.cardinalityOfMany(access, leafKind, root, keys, count);
        }
        long[] fromPages = new long[count];
        int pageKeys = 0;
        long total = 0;
        for (int i = 0; i < count; i++) {
            Object value = overlaid(keys[i]);
            if (value == null) {
                fromPages[pageKeys++] = keys[i];
            } else if (value instanceof Container container) {
                total += container.getCardinality();
            } else if (value instanceof LazyContainer lazy) {
                total += lazy.cardinality();
            }
        }
        return total + (pageKeys == 0 ? 0 : TreeWalks.cardinalityOfMany(access, leafKind, root, fromPages, pageKeys));
    }

    /**
     * Visits containers with keys in {@code [fromKey, toKey]} (inclusive, unsigned) in order, until
     * the visitor returns false. Returns false if the visitor stopped the scan.
     */
    public boolean forEach(long fromKey, long toKey, ContainerVisitor visitor) {
        if (!hasOverlay()) {
            return TreeWalks.forEach(access, leafKind, root, fromKey, toKey, visitor);
        }
        if (Long.compareUnsigned(fromKey, toKey) > 0) {
            return true;
        }
        LoggedCursor logged = new LoggedCursor(loggedCells(fromKey, toKey).entrySet().iterator());
        ContainerView mine = new ContainerView();
        if (!pagesHidden()) {
            boolean completed = TreeWalks.forEach(access, leafKind, root, fromKey, toKey, view -> {
                long key = view.key();
                while (logged.cell != null && Long.compareUnsigned(logged.cell.getKey(), key) < 0) {
                    Map.Entry<Long, Object> cell = logged.advance();
                    if (fill(mine, cell.getKey(), cell.getValue()) && !visitor.visit(mine)) {
                        return false;
                    }
                }
                if (logged.cell != null && logged.cell.getKey() == key) {
                    Map.Entry<Long, Object> cell = logged.advance();
                    return !fill(mine, key, cell.getValue()) || visitor.visit(mine);
                }
                return visitor.visit(view);
            });
            if (!completed) {
                return false;
            }
        }
        while (logged.cell != null) {
            Map.Entry<Long, Object> cell = logged.advance();
            if (fill(mine, cell.getKey(), cell.getValue()) && !visitor.visit(mine)) {
                return false;
            }
        }
        return true;
    }

    /** Where a scan is in the logged cells it merges with the pages. */
    private static final class LoggedCursor {
        private final Iterator<Map.Entry<Long, Object>> cells;
        /** The next logged cell, or null past the last. */
        Map.Entry<Long, Object> cell;

        LoggedCursor(Iterator<Map.Entry<Long, Object>> cells) {
            this.cells = cells;
            this.cell = cells.hasNext() ? cells.next() : null;
        }

        /** Returns the current cell and moves to the next. */
        Map.Entry<Long, Object> advance() {
            Map.Entry<Long, Object> current = cell;
            cell = cells.hasNext() ? cells.next() : null;
            return current;
        }
    }

    /** The logged cells with keys in {@code [fromKey, toKey]}: the overlay's, with this transaction's on top. */
    private NavigableMap<Long, Object> loggedCells(long fromKey, long toKey) {
        NavigableMap<Long, Object> base = clearedNow ? TreeOverlay.NONE.cells()
                : overlay.cells().subMap(fromKey, true, toKey, true);
        if (changes == null) {
            return base;
        }
        TreeMap<Long, Object> merged = new TreeMap<>(base);
        merged.putAll(changes.subMap(fromKey, true, toKey, true));
        return merged;
    }

    /** The opaque value at {@code key}, or null. */
    @Override
    public byte[] getBytes(long key) {
        ContainerView view = new ContainerView();
        return find(key, view) ? view.bytes() : null;
    }

    // ------------------------------------------------------------------ writes

    /** Stores {@code container} at {@code key}, replacing what was there; an empty container removes the key. */
    @Override
    public void put(long key, Container container) {
        if (container.getCardinality() == 0) {
            remove(key);
            return;
        }
        if (logged) {
            writeLogged(key, container);
            return;
        }
        store(key, new CellValue.Modified(container));
    }

    /** Stores opaque bytes at {@code key} (at most {@link LeafPage#MAX_PAYLOAD_BYTES}). */
    @Override
    public void putBytes(long key, byte[] value) {
        if (value.length > LeafPage.MAX_PAYLOAD_BYTES) {
            throw new IllegalArgumentException("value of " + value.length + " bytes exceeds " + LeafPage.MAX_PAYLOAD_BYTES);
        }
        if (logged) {
            writeLogged(key, value.clone());
            return;
        }
        store(key, new CellValue.Inline(ContainerKind.BYTES, 0, value.clone()));
    }

    /** A logged write of {@code value} (a container, bytes or {@link TreeOverlay#REMOVED}) at {@code key}. */
    private void writeLogged(long key, Object value) {
        requireWritable();
        if (cardinalities != null) {
            changed(key, cardinality(key), value instanceof Container container ? container.getCardinality() : 0);
        }
        if (changes == null) {
            changes = new TreeMap<>(Long::compareUnsigned);
        }
        changes.put(key, value);
    }

    /** Puts {@code value} at {@code key}, freeing what the cell it replaces owned. */
    private void store(long key, CellValue value) {
        LeafNode leaf = dirtyLeaf(key);
        int i = leaf.search(key);
        if (i >= 0) {
            if (cardinalities != null) {
                changed(key, leaf.value(i).cardinality(), value.cardinality());
            }
            release(leaf.value(i));
            leaf.set(i, value);
        } else {
            if (cardinalities != null) {
                changed(key, 0, value.cardinality());
            }
            leaf.insert(-i - 1, key, value);
            splitIfNeeded(leaf);
        }
    }

    /** Removes {@code key}; returns whether it was present. */
    @Override
    public boolean remove(long key) {
        ContainerView probe = new ContainerView();
        if (!find(key, probe)) {
            return false;
        }
        if (logged) {
            writeLogged(key, TreeOverlay.REMOVED);
            return true;
        }
        LeafNode leaf = dirtyLeaf(key);
        int i = leaf.search(key);
        if (cardinalities != null) {
            changed(key, leaf.value(i).cardinality(), 0);
        }
        release(leaf.value(i));
        leaf.removeAt(i);
        return true;
    }

    /** Sets bit {@code low} of the container at {@code key}; returns whether it changed. */
    @Override
    public boolean addBit(long key, int low) {
        if (holds(key, low)) {
            return false;
        }
        if (!logged || !flipLogged(key, new char[] {(char) low}, 0, 1, true)) {
            update(key, c -> c.add((char) low));
        }
        return true;
    }

    /** Clears bit {@code low} of the container at {@code key}; returns whether it changed. */
    public boolean removeBit(long key, int low) {
        if (!holds(key, low)) {
            return false;
        }
        if (!logged || !flipLogged(key, new char[] {(char) low}, 0, 1, false)) {
            update(key, c -> c.remove((char) low));
        }
        return true;
    }

    /**
     * Up to this many bits of one container, {@link #addBits} adds them one at a time, where an OR
     * would merge a whole container (up to 4,096 values) to add one (a profile of one-record commits).
     */
    private static final int FEW_BITS = 8;

    /**
     * Up to this many bits of one container, a logged write sets one by one ({@link #addBits}): it
     * flips them over the logged container ({@link FlippedContainer}), where {@link #update} would
     * copy the container and the log record would then compare the copy with it word by word (a
     * profile of 32 threads appending one record each: a third of a commit's tree work).
     */
    public static final int LOGGED_BITS_FLIPPED_AT_MOST = 64;

    /**
     * Whether {@code count} bits of one container are best set with {@link #addBits} rather than
     * by {@link #update} with a container of them: up to {@link #FEW_BITS}, or in a logged write up
     * to {@link #LOGGED_BITS_FLIPPED_AT_MOST}. Bulk writers ask before each container they write.
     */
    public boolean addsBitsOneByOne(int count) {
        return count <= FEW_BITS || logged && count <= LOGGED_BITS_FLIPPED_AT_MOST;
    }

    /** Sets bits {@code lows[from, to)} (any order) of the container at {@code key}. */
    public void addBits(long key, char[] lows, int from, int to) {
        if (from >= to || logged && flipLogged(key, lows, from, to, true)) {
            return;
        }
        update(key, c -> {
            Container result = c;
            for (int j = from; j < to; j++) {
                result = result.add(lows[j]);
            }
            return result;
        });
    }

    /** Clears bits {@code lows[from, to)} of the container at {@code key}. */
    public void removeBits(long key, char[] lows, int from, int to) {
        if (from >= to) {
            return;
        }
        ContainerView probe = new ContainerView();
        if (!find(key, probe) || logged && flipLogged(key, lows, from, to, false)) {
            return;
        }
        update(key, c -> {
            Container result = c;
            for (int j = from; j < to; j++) {
                result = result.remove(lows[j]);
            }
            return result;
        });
    }

    /**
     * Sets ({@code value}) or clears bits {@code lows[from, to)} of the container at {@code key} in
     * a logged write by flipping them over a logged container instead of copying it
     * ({@link FlippedContainer}); false, changing nothing, if no logged container is there.
     */
    private boolean flipLogged(long key, char[] lows, int from, int to, boolean value) {
        requireWritable();
        FlippedContainer flipped;
        switch (overlaid(key)) {
            case FlippedContainer mine -> flipped = mine;
            case TreeOverlay.Frozen frozen -> flipped = FlippedContainer.over(frozen);
            case null, default -> {
                return false;
            }
        }
        int before = flipped.cardinality();
        for (int j = from; j < to; j++) {
            flipped.set(lows[j], value);
        }
        if (cardinalities != null) {
            changed(key, before, flipped.cardinality());
        }
        if (changes == null) {
            changes = new TreeMap<>(Long::compareUnsigned);
        }
        changes.put(key, flipped.cardinality() == 0 ? TreeOverlay.REMOVED : flipped);
        return true;
    }

    /**
     * Replaces the container at {@code key} (an empty one if absent) with {@code change} applied to
     * a heap copy of it; an empty result removes the key.
     */
    public void update(long key, UnaryOperator<Container> change) {
        if (logged) {
            updateLogged(key, change);
            return;
        }
        LeafNode leaf = dirtyLeaf(key);
        int i = leaf.search(key);
        Container current;
        CellValue.Modified modified;
        if (i >= 0) {
            CellValue value = leaf.value(i);
            if (value instanceof CellValue.Modified m) {
                modified = m;
                current = m.container();
            } else {
                current = decodeForChange(value);
                modified = new CellValue.Modified(current);
                leaf.set(i, modified);
            }
        } else {
            current = Containers.empty();
            modified = new CellValue.Modified(current);
            i = -i - 1;
            leaf.insert(i, key, modified);
        }
        // Read first, and only when someone listens: a change may work in place, and a run container counts its runs.
        int before = cardinalities == null ? 0 : current.getCardinality();
        Container changed = change.apply(current);
        if (cardinalities != null) {
            changed(key, before, changed.getCardinality());
        }
        if (changed.getCardinality() == 0) {
            leaf.removeAt(leaf.search(key));
        } else {
            modified.set(changed);
            splitIfNeeded(leaf);
        }
    }

    /**
     * {@link #update} of a logged write: changes this transaction's own copy in place, and copies a
     * container of the overlay or the pages first (readers of the commits before still read it).
     */
    private void updateLogged(long key, UnaryOperator<Container> change) {
        requireWritable();
        Container current;
        Object logged = overlaid(key);
        if (logged instanceof Container mine) {
            current = mine; // this transaction's own copy
        } else if (logged instanceof FlippedContainer flipped) {
            current = flipped.whole(); // a new container
        } else if (logged instanceof TreeOverlay.Frozen frozen) {
            current = frozen.copy(); // not through its stored form: that is encoded for readers
        } else {
            ContainerView view = new ContainerView();
            current = find(key, view) ? view.toContainer() : Containers.empty();
        }
        int before = cardinalities == null ? 0 : current.getCardinality();
        Container changed = change.apply(current);
        if (cardinalities != null) {
            changed(key, before, changed.getCardinality());
        }
        if (changes == null) {
            changes = new TreeMap<>(Long::compareUnsigned);
        }
        changes.put(key, changed.getCardinality() == 0 ? TreeOverlay.REMOVED : changed);
    }

    /** A heap container from a stored cell, freeing its bitmap page (the change replaces it). */
    private Container decodeForChange(CellValue value) {
        return switch (value) {
            case CellValue.Inline inline -> {
                if (inline.kind() == ContainerKind.BYTES) {
                    throw new IllegalStateException("bytes cell is not a container");
                }
                yield Containers.decodeInline(inline);
            }
            case CellValue.StoredBitmap stored -> {
                Container container = txn.writtenBitmaps().take(stored.page(), stored.cardinality());
                if (container == null) {
                    container = Containers.decodeBitmap(access.bitmap(stored.page()), stored.cardinality());
                }
                txn.free(stored.page().pgno());
                yield container;
            }
            case CellValue.Modified modified -> modified.container();
        };
    }

    /** Frees the page a removed or replaced cell owned. */
    private void release(CellValue value) {
        if (value instanceof CellValue.StoredBitmap stored) {
            txn.free(stored.page().pgno());
        }
    }

    /** Frees every committed page of this tree (and empties it); used to drop a fragment. */
    public void dropAll() {
        requireWritable();
        if (logged) {
            changes = new TreeMap<>(Long::compareUnsigned);
            clearedNow = true; // the pages are freed when a checkpoint folds this
            if (cardinalities != null) {
                cardinalities.cleared();
            }
            return;
        }
        dropNode(root);
        root = new LeafNode(leafKind, owner, 4);
        if (cardinalities != null) {
            cardinalities.cleared();
        }
    }

    private void dropNode(Object child) {
        Object node = AnyNode.open(access, leafKind, child);
        if (node == null) {
            return;
        }
        if (AnyNode.committedPage(node) >= 0) {
            txn.free(AnyNode.committedPage(node));
        }
        for (int i = 0; i < AnyNode.size(node); i++) {
            if (AnyNode.isBranch(node)) {
                dropNode(AnyNode.child(node, i));
            } else if (AnyNode.bitmapPageOf(node, i) >= 0) {
                txn.free(AnyNode.bitmapPageOf(node, i));
            }
        }
    }

    /** Makes the path to {@code key}'s leaf dirty and returns the leaf; the path is kept for a split. */
    private LeafNode dirtyLeaf(long key) {
        requireWritable();
        Node<?> dirty = dirtyPath().dirtyRoot(root);
        root = dirty;
        return path.leaf(dirty, key);
    }

    private DirtyPath dirtyPath() {
        if (path == null) {
            path = new DirtyPath(access, leafKind, owner, txn);
        }
        return path;
    }

    /** After {@code leaf}, the end of the last dirty path, grew: splits what outgrew its limit. */
    private void splitIfNeeded(LeafNode leaf) {
        root = path.split(leaf, (Node<?>) root);
    }

    private void requireWritable() {
        if (txn == null) {
            throw new IllegalStateException("this tree belongs to a read transaction");
        }
    }
}
