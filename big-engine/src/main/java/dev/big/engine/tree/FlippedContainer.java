package dev.big.engine.tree;

import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.Container;

/**
 * A logged container a logged write changes a few bits of, kept as the container it started from
 * (never changed: readers of earlier commits may hold it) and the bits flipped since, instead of a
 * copy. A one-record commit sets or clears a bit or two in each of some twenty 8 KiB bitmaps (the
 * planes of its fields) and a dozen run containers (the exists rows); copying each before the
 * change, and comparing each copy with the original to log what flipped, were a third of such a
 * commit's CPU (profiles of mixed writes). Here the flipped bits are what the log records, and the
 * commit freezes this as a {@link TreeOverlay.Frozen} of the same base and flips, so a run of
 * commits shares one copy.
 *
 * <p>Belongs to one write transaction ({@link Tree}, "Logged writes"); only bit-level writes make
 * one ({@link Tree#addBits}, {@link Tree#removeBits}), any other change works on {@link #whole()}.
 */
public final class FlippedContainer implements LazyContainer {

    /**
     * Flipped bits past which a frozen container is made whole. Each commit copies the flips and
     * each flip moves those after it (a sorted array), so long lists cost more than a copy of
     * the container now and then: a bitmap a commit flips one bit of is copied once in 128 commits.
     */
    static final int MAX_FLIPS = 128;

    private final Container base;
    /** The bits that differ from {@link #base}. */
    private Container flips;
    /** The bits that differ from what the transaction found: what its log record says. */
    private Container flippedNow = new ArrayContainer();
    private int cardinality;

    private FlippedContainer(Container base, Container flips, int cardinality) {
        this.base = base;
        this.flips = flips;
        this.cardinality = cardinality;
    }

    /** The container of {@code frozen}, to flip bits of. */
    static FlippedContainer over(TreeOverlay.Frozen frozen) {
        return new FlippedContainer(frozen.base(), frozen.flips().clone(), frozen.cardinality());
    }

    @Override
    public boolean contains(int low) {
        return contains(base, flips, low);
    }

    /** Whether bit {@code low} is set in {@code base} with {@code flips} flipped. */
    static boolean contains(Container base, Container flips, int low) {
        return base.contains((char) low) ^ flips.contains((char) low);
    }

    /** A new container: {@code base} with {@code flips} flipped. */
    static Container whole(Container base, Container flips) {
        return base.clone().ixor(flips);
    }

    @Override
    public int cardinality() {
        return cardinality;
    }

    /** Sets bit {@code low} to {@code value}; returns whether it changed. */
    boolean set(int low, boolean value) {
        if (contains(low) == value) {
            return false;
        }
        flips = flips.flip((char) low);
        flippedNow = flippedNow.flip((char) low);
        cardinality += value ? 1 : -1;
        return true;
    }

    /** The bits this transaction flipped (ascending when iterated): read, never change. */
    public Container flippedNow() {
        return flippedNow;
    }

    /** A new container of these bits (each call), to change as a whole. */
    @Override
    public Container whole() {
        return whole(base, flips);
    }

    /** What a commit leaves of this for readers: the same base and flips, or whole past {@link #MAX_FLIPS}. */
    TreeOverlay.Frozen frozen() {
        if (flips.getCardinality() > MAX_FLIPS) {
            return new TreeOverlay.Frozen(whole());
        }
        return new TreeOverlay.Frozen(base, flips, cardinality);
    }
}
