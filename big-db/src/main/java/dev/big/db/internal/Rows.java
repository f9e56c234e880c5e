package dev.big.db.internal;

import dev.big.engine.coords.Coords;
import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import org.roaringbitmap.Container;
import org.roaringbitmap.RoaringBitmap;

/** Reads whole rows of a view ROWS fragment as column bitmaps, with one descent per row. */
final class Rows {

    private final long[] keys = new long[Coords.CONTAINERS_PER_ROW];
    private final ContainerView[] views = new ContainerView[Coords.CONTAINERS_PER_ROW];

    Rows() {
        for (int i = 0; i < views.length; i++) {
            views[i] = new ContainerView();
        }
    }

    /** Row {@code row} of {@code tree} as a bitmap of columns. */
    RoaringBitmap row(Tree tree, long row) {
        fetch(tree, row);
        RoaringBitmap bitmap = new RoaringBitmap();
        for (int c = 0; c < keys.length; c++) {
            if (!views[c].isEmpty()) {
                bitmap.append((char) c, views[c].toContainer());
            }
        }
        return bitmap;
    }

    /** How many columns row {@code row} holds, from the cells alone (no container is read). */
    long cardinality(Tree tree, long row) {
        fetch(tree, row);
        long count = 0;
        for (ContainerView view : views) {
            count += view.cardinality();
        }
        return count;
    }

    /** |row ∩ filter|. */
    long andCardinality(Tree tree, long row, Container[] filter) {
        fetch(tree, row);
        long count = 0;
        for (int c = 0; c < keys.length; c++) {
            if (filter[c] != null && !views[c].isEmpty()) {
                count += views[c].toContainer().andCardinality(filter[c]);
            }
        }
        return count;
    }

    private void fetch(Tree tree, long row) {
        for (int c = 0; c < keys.length; c++) {
            keys[c] = Coords.containerKeyOf(row, c);
        }
        tree.findMany(keys, keys.length, views);
    }
}
