package dev.big.engine.tree;

import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.lang.foreign.MemorySegment;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.Container;

/**
 * The cells of one tree that commits to the write log changed since the tree's committed pages
 * (its checkpoint): what readers see over those pages until a checkpoint folds them in. Immutable,
 * and so is everything it holds: a commit that changes a cell again makes a new overlay with a
 * copy of it ({@link Tree}, "Logged writes").
 *
 * <p>A cell's value is a {@link Frozen} container, the {@code byte[]} of a bytes cell, or
 * {@link #REMOVED}. The changes a commit adds ({@link #with}) are containers, {@link FlippedContainer}s,
 * bytes or {@link #REMOVED}. {@link #hidesPages()} says the tree was emptied ({@link Tree#dropAll}) after its
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
     * on first read), so a reader sees it as it sees a cell of a page. A bitmap that commits set a
     * few bits of is kept as the container they started from and the bits flipped since
     * ({@link FlippedContainer}), and made whole on the first read that needs all of it.
     */
    public static final class Frozen implements LazyContainer {
        /** The container, or (with {@link #flips}) the one it differs from; never changed. */
        private final Container base;
        /** The bits that differ from {@link #base}; empty when it is the container. Never changed. */
        private final Container flips;
        private final int cardinality;
        /** The container whole; {@link #base} unless bits flipped, else made on first use. */
        private volatile Container whole;
        /** The stored form: a {@link CellValue.Inline} or the words of a bitmap; made on first read. */
        private volatile Object stored;

        Frozen(Container container) {
            this.base = container;
            this.flips = NO_FLIPS;
            this.cardinality = container.getCardinality();
            this.whole = container;
        }

        Frozen(Container base, Container flips, int cardinality) {
            this.base = base;
            this.flips = flips;
            this.cardinality = cardinality;
        }

        /** The container: read it, never change it. */
        public Container container() {
            Container made = whole;
            if (made == null) {
                made = FlippedContainer.whole(base, flips);
                whole = made; // racy but safe: every thread makes the same immutable container
            }
            return made;
        }

        @Override
        public Container whole() {
            return container();
        }

        /** A new container of these bits, to change. */
        Container copy() {
            Container made = whole;
            return made != null ? made.clone() : FlippedContainer.whole(base, flips);
        }

        @Override
        public boolean contains(int low) {
            return FlippedContainer.contains(base, flips, low);
        }

        @Override
        public int cardinality() {
            return cardinality;
        }

        Container base() {
            return base;
        }

        Container flips() {
            return flips;
        }

        /** Fills {@code out} with this container at {@code key}, as a page's cell would. */
        void fill(ContainerView out, long key) {
            Object form = stored;
            if (form == null) {
                Container container = container();
                form = switch (Containers.encode(container)) {
                    case Containers.EncodedInline inline -> inline.value();
                    case Containers.EncodedBitmap bitmap -> bitmap.words();
                };
                stored = form; // racy but safe: every thread encodes the same immutable form
            }
            if (form instanceof CellValue.Inline inline) {
                out.setInline(key, inline);
            } else {
                out.setBitmap(key, MemorySegment.ofArray((long[]) form), cardinality);
            }
        }
    }

    /** No bit flipped: never changed. */
    private static final Container NO_FLIPS = new ArrayContainer();

    /** No change since the checkpoint. */
    public static final TreeOverlay NONE = new TreeOverlay(false, new TreeMap<>(Long::compareUnsigned));

    private final boolean hidesPages;
    private final NavigableMap<Long, Object> cells;

    private TreeOverlay(boolean hidesPages, TreeMap<Long, Object> cells) {
        this.hidesPages = hidesPages;
        this.cells = Collections.unmodifiableNavigableMap(cells);
    }

    /**
     * This overlay with {@code changes} (unsigned key order; a value as {@link Tree#changes()} says)
     * on top, and,
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
                merged.put(change.getKey(), switch (value) {
                    case Container container -> new Frozen(container);
                    case FlippedContainer flipped -> flipped.frozen();
                    default -> value;
                });
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
