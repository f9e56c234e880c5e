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
 * <p>Not thread-safe: a write transaction's trees belong to its thread; read-only trees are cheap
 * and each reader thread makes its own.
 */
public final class Tree implements Fragment {

    private final PageAccess access;
    private final PageKind leafKind;
    private final PageClass owner;
    private final TxnContext txn;
    private Object root;

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
        this.access = access;
        this.leafKind = leafKind;
        this.owner = owner;
        this.txn = txn;
        this.root = root;
    }

    /**
     * The root: the committed {@link PageRef} while the tree is unchanged, else the in-memory root
     * of this transaction's changes (which only the tree itself reads).
     */
    public Object root() {
        return root;
    }

    public boolean isDirty() {
        return root instanceof Node;
    }

    @Override
    public boolean isEmpty() {
        return root instanceof PageRef ref ? ref.isNone() : ((Node<?>) root).size == 0;
    }

    /**
     * Writes this transaction's changes to the tree as new pages ({@link TreeWriteOut}) and returns
     * the new root ({@link PageRef#NONE} if the tree is empty); an unchanged tree returns its root.
     * Called once, at commit.
     */
    public PageRef writeOut() {
        if (root instanceof PageRef ref) {
            return ref;
        }
        requireWritable();
        return TreeWriteOut.writeOut(this, txn);
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
        return TreeWalks.find(access, leafKind, root, key, out);
    }

    /**
     * Finds {@code keys[0..count)}, which must be in ascending unsigned order, filling
     * {@code out[i]} for each (cleared when absent). Keys that share a leaf are answered from one
     * descent. Returns how many were found.
     */
    public int findMany(long[] keys, int count, ContainerView[] out) {
        return TreeWalks.findMany(access, leafKind, root, keys, count, out);
    }

    /**
     * The total cardinality of the containers at {@code keys[0..count)} (ascending unsigned; absent
     * keys count 0), from the leaf cells alone: no bitmap page is opened.
     */
    public long cardinalityOfMany(long[] keys, int count) {
        return TreeWalks.cardinalityOfMany(access, leafKind, root, keys, count);
    }

    /**
     * Visits containers with keys in {@code [fromKey, toKey]} (inclusive, unsigned) in order, until
     * the visitor returns false. Returns false if the visitor stopped the scan.
     */
    public boolean forEach(long fromKey, long toKey, ContainerVisitor visitor) {
        return TreeWalks.forEach(access, leafKind, root, fromKey, toKey, visitor);
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
        store(key, new CellValue.Modified(container));
    }

    /** Stores opaque bytes at {@code key} (at most {@link LeafPage#MAX_PAYLOAD_BYTES}). */
    @Override
    public void putBytes(long key, byte[] value) {
        if (value.length > LeafPage.MAX_PAYLOAD_BYTES) {
            throw new IllegalArgumentException("value of " + value.length + " bytes exceeds " + LeafPage.MAX_PAYLOAD_BYTES);
        }
        store(key, new CellValue.Inline(ContainerKind.BYTES, 0, value.clone()));
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
        ContainerView probe = new ContainerView();
        if (find(key, probe) && probe.contains(low)) {
            return false;
        }
        update(key, c -> c.add((char) low));
        return true;
    }

    /** Clears bit {@code low} of the container at {@code key}; returns whether it changed. */
    public boolean removeBit(long key, int low) {
        ContainerView probe = new ContainerView();
        if (!find(key, probe) || !probe.contains(low)) {
            return false;
        }
        update(key, c -> c.remove((char) low));
        return true;
    }

    /** Sets bits {@code lows[from, to)} (any order) of the container at {@code key}. */
    public void addBits(long key, char[] lows, int from, int to) {
        if (from >= to) {
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
        if (!find(key, probe)) {
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
     * Replaces the container at {@code key} (an empty one if absent) with {@code change} applied to
     * a heap copy of it; an empty result removes the key.
     */
    public void update(long key, UnaryOperator<Container> change) {
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
        if (path == null) {
            path = new DirtyPath(access, leafKind, owner, txn);
        }
        Node<?> dirty = path.dirtyRoot(root);
        root = dirty;
        return path.leaf(dirty, key);
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
