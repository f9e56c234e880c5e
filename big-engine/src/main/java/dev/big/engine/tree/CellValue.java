package dev.big.engine.tree;

import dev.big.page.ContainerKind;
import dev.big.page.PageRef;
import org.roaringbitmap.Container;

/**
 * The value of a leaf cell in a dirty (in-memory) leaf. Cells copied from a committed page stay
 * in their encoded form ({@link Inline}, {@link StoredBitmap}) until something changes them; a
 * changed container is a {@link Modified} heap container, encoded when the transaction commits.
 */
public sealed interface CellValue permits CellValue.Inline, CellValue.StoredBitmap, CellValue.Modified {

    /** Cardinality of the container, 0 for opaque bytes. */
    int cardinality();

    /** An array, run or bytes payload exactly as a leaf page stores it. */
    record Inline(ContainerKind kind, int cardinality, byte[] payload) implements CellValue {}

    /** A bitmap container on a committed bitmap page. */
    record StoredBitmap(int cardinality, PageRef page) implements CellValue {}

    /** A container changed in this transaction; mutable, and replaced when an operation changes its type. */
    final class Modified implements CellValue {
        private Container container;

        public Modified(Container container) {
            this.container = container;
        }

        public Container container() {
            return container;
        }

        public void set(Container container) {
            this.container = container;
        }

        @Override
        public int cardinality() {
            return container.getCardinality();
        }
    }
}
