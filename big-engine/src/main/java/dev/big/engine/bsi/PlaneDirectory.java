package dev.big.engine.bsi;

import dev.big.engine.coords.Coords;
import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;

/**
 * Where every row (exists, sign, planes) of one container column of a committed BSI fragment
 * lies: found with one tree descent, every page verified once, then kept for the snapshot (the
 * pages cannot change under it). A point read through a directory is a bit test per plane, with
 * no descent and no verification left to do.
 *
 * <p>Immutable once built and shared by every reader thread of the snapshot: readers only call
 * the views' read-only methods.
 */
final class PlaneDirectory {

    final int column;
    final int depth;
    final ContainerView[] rows;

    private PlaneDirectory(int column, int depth, ContainerView[] rows) {
        this.column = column;
        this.depth = depth;
        this.rows = rows;
    }

    static PlaneDirectory build(Tree tree, int column, int depth) {
        int count = BsiLayout.FIRST_PLANE_ROW + depth;
        long[] keys = new long[count];
        ContainerView[] rows = new ContainerView[count];
        for (int r = 0; r < count; r++) {
            keys[r] = Coords.containerKeyOf(r, column);
            rows[r] = new ContainerView();
        }
        tree.findMany(keys, count, rows);
        return new PlaneDirectory(column, depth, rows);
    }
}
