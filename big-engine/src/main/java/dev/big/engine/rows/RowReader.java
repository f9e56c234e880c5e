package dev.big.engine.rows;

import dev.big.engine.Fragment;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import org.roaringbitmap.Container;
import org.roaringbitmap.RoaringBitmap;

/** Reads whole rows of a view ROWS fragment as column bitmaps, with one descent per row. */
public final class RowReader {

    private final long[] keys = new long[Coords.CONTAINERS_PER_ROW];
    private final ContainerView[] views = new ContainerView[Coords.CONTAINERS_PER_ROW];

    public RowReader() {
        for (int i = 0; i < views.length; i++) {
            views[i] = new ContainerView();
        }
    }

    /** Every container column. */
    public static final int ALL_COLUMNS = (1 << Coords.CONTAINERS_PER_ROW) - 1;

    /** Row {@code row} of {@code fragment} as a bitmap of columns. */
    public RoaringBitmap row(Fragment fragment, long row) {
        return row(fragment, row, ALL_COLUMNS);
    }

    /** Row {@code row} restricted to the container columns in {@code mask} (bit c = column c). */
    public RoaringBitmap row(Fragment fragment, long row, int mask) {
        Tree tree = Tree.of(fragment);
        RoaringBitmap bitmap = new RoaringBitmap();
        if (mask == 0) {
            return bitmap;
        }
        if (mask == ALL_COLUMNS) {
            fetch(tree, row);
            for (int c = 0; c < keys.length; c++) {
                if (!views[c].isEmpty()) {
                    bitmap.append((char) c, views[c].toContainer());
                }
            }
            return bitmap;
        }
        int n = 0;
        for (int c = 0; c < keys.length; c++) {
            if ((mask & (1 << c)) != 0) {
                keys[n++] = Coords.containerKeyOf(row, c);
            }
        }
        tree.findMany(keys, n, views);
        for (int i = 0; i < n; i++) {
            if (!views[i].isEmpty()) {
                bitmap.append((char) Coords.containerColumnOfKey(keys[i]), views[i].toContainer());
            }
        }
        return bitmap;
    }

    /** How many columns row {@code row} holds, from the cells alone (no container is read). */
    public long cardinality(Fragment fragment, long row) {
        for (int c = 0; c < keys.length; c++) {
            keys[c] = Coords.containerKeyOf(row, c);
        }
        return Tree.of(fragment).cardinalityOfMany(keys, keys.length);
    }

    /** |row ∩ filter|. */
    public long andCardinality(Fragment fragment, long row, Container[] filter) {
        fetch(Tree.of(fragment), row);
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
