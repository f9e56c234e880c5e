package dev.big.engine.tree;

import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.lang.foreign.MemorySegment;
import org.roaringbitmap.Container;

/**
 * The cells of one tree that commits to the write log changed since the tree's committed pages
 * (its checkpoint): what readers see over those pages until a checkpoint folds them in. Immutable,
 * and so is everything it holds: a commit that changes a cell again makes a new overlay with a
 * copy of it ({@link Tree}, "Logged writes").
 *
 * <p>A cell's value is a {@link Frozen} container, the {@code byte[]} of a bytes cell, or
 * {@link #REMOVED}. {@link #hidesPages()} says the tree was emptied ({@link Tree#dropAll}) after its
 * checkpoint: then no committed page is read, and only the cells here exist.
 */
public final class TreeOverlay {

    /** The value of a cell removed since the checkpoint. */
    public static final Object REMOVED = new Object() {
        @Override
        public String toString() {
            return "REMOVED";
        }
    };

    /**
     * A container a logged commit left, never to change again; read as its stored form (encoded once,
     * on first read), so a reader sees it as it sees a cell of a page.
     */
    public static final class Frozen {
        private final Container container;
        /** The stored form: a {@link CellValue.Inline} or the words of a bitmap; made on first read. */
        private volatile Object stored;

        Frozen(Container container) {
            this.container = container;
        }

        /** The container: read it, never change it. */
        public Container container() {
            return container;
        }

        public int cardinality() {
            return container.getCardinality();
        }

        /** Fills {@code out} with this container at {@code key}, as a page's cell would. */
        void fill(ContainerView out, long key) {
            Object form = stored;
            if (form == null) {
                form = switch (Containers.encode(container)) {
                    case Containers.EncodedInline inline -> inline.value();
                    case Containers.EncodedBitmap bitmap -> bitmap.words();
                };
                stored = form; // racy but safe: every thread encodes the same immutable form
            }
            if (form instanceof CellValue.Inline inline) {
                out.setInline(key, inline);
            } else {
                out.setBitmap(key, MemorySegment.ofArray((long[]) form), container.getCardinality());
            }
        }
    }

    /** No change since the checkpoint. */
    public static final TreeOverlay NONE = new TreeOverlay(false, new TreeMap<>(Long::compareUnsigned));

    private final boolean hidesPages;
    private final NavigableMap<Long, Object> cells;

    private TreeOverlay(boolean hidesPages, TreeMap<Long, Object> cells) {
        this.hidesPages = hidesPages;
        this.cells = Collections.unmodifiableNavigableMap(cells);
    }

    /**
     * This overlay with {@code changes} (unsigned key order; a value a container, bytes or
     * {@link #REMOVED}) on top, and,
     * if {@code cleared}, nothing of this one nor of the pages beneath. {@code changes} become the
     * new overlay's, and must not change afterwards.
     */
    public TreeOverlay with(Map<Long, Object> changes, boolean cleared) {
        TreeMap<Long, Object> merged = new TreeMap<>(Long::compareUnsigned);
        if (!cleared) {
            merged.putAll(cells);
        }
        boolean hides = cleared || hidesPages;
        for (Map.Entry<Long, Object> change : changes.entrySet()) {
            Object value = change.getValue();
            if (hides && value == REMOVED) {
                merged.remove(change.getKey()); // nothing beneath to hide
            } else {
                merged.put(change.getKey(), value instanceof Container container ? new Frozen(container) : value);
            }
        }
        return new TreeOverlay(hides, merged);
    }

    /** Whether the pages of the checkpoint are hidden (the tree was emptied since). */
    public boolean hidesPages() {
        return hidesPages;
    }

    /** The changed cells in unsigned key order: read-only. */
    public NavigableMap<Long, Object> cells() {
        return cells;
    }

    /** Whether nothing changed since the checkpoint. */
    public boolean isEmpty() {
        return !hidesPages && cells.isEmpty();
    }

    /** How many cells changed: what the overlay costs in memory, for the checkpoint's threshold. */
    public int size() {
        return cells.size();
    }

    @Override
    public String toString() {
        return "TreeOverlay[" + cells.size() + " cells" + (hidesPages ? ", pages hidden" : "") + "]";
    }
}
