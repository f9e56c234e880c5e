package dev.big.engine.tree;

import org.roaringbitmap.Container;

/**
 * A container read bit by bit without being made whole, and made whole only when a reader needs
 * all of it: a logged bitmap kept as a base and the bits flipped since ({@link FlippedContainer},
 * {@link TreeOverlay.Frozen}). A {@link ContainerView} can show one.
 */
public interface LazyContainer {
    /** Whether bit {@code low} is set. */
    boolean contains(int low);

    int cardinality();

    /** The container whole: a new one, or one never changed again; read it, never change it. */
    Container whole();
}
