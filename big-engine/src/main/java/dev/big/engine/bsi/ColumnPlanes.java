package dev.big.engine.bsi;

import dev.big.engine.coords.Coords;
import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import dev.big.page.BitmapPage;
import java.lang.foreign.MemorySegment;

/**
 * The exists row, the sign row and the magnitude planes of one container column (65,536
 * records) of a BSI fragment, fetched with one tree descent ({@link Tree#findMany}).
 *
 * <p>A plane is exposed as words: a bitmap page is used in place (no copy); an array or run
 * container is expanded once into a reusable scratch buffer. Reused across columns and queries by
 * one thread; not thread-safe.
 */
final class ColumnPlanes {

    static final int ROWS = BsiLayout.FIRST_PLANE_ROW + BsiLayout.MAX_PLANES;

    private final long[] keys = new long[ROWS];
    private final ContainerView[] views = new ContainerView[ROWS];
    private final MemorySegment[] words = new MemorySegment[ROWS];
    private final long[][] scratch = new long[ROWS][];
    private int depth;

    ColumnPlanes() {
        for (int r = 0; r < ROWS; r++) {
            views[r] = new ContainerView();
        }
    }

    /**
     * Fetches the rows of container column {@code column} (0..15) for {@code depth} planes.
     * Returns false when the column holds no values (its exists container is absent).
     */
    boolean load(Tree tree, int column, int depth) {
        this.depth = depth;
        int rows = BsiLayout.FIRST_PLANE_ROW + depth;
        for (int r = 0; r < rows; r++) {
            keys[r] = Coords.containerKeyOf(r, column);
            words[r] = null;
        }
        tree.findMany(keys, rows, views);
        return !views[0].isEmpty();
    }

    int depth() {
        return depth;
    }

    ContainerView exists() {
        return views[0];
    }

    ContainerView sign() {
        return views[1];
    }

    ContainerView plane(int bit) {
        return views[BsiLayout.FIRST_PLANE_ROW + bit];
    }

    /** The words of row {@code row} (0 exists, 1 sign, 2+ planes), or null if the row is empty here. */
    MemorySegment words(int row) {
        MemorySegment w = words[row];
        if (w != null) {
            return w;
        }
        ContainerView view = views[row];
        if (view.isEmpty()) {
            return null;
        }
        if (view.isBitmapPage()) {
            w = view.bitmapPage();
        } else {
            long[] buffer = scratch[row];
            if (buffer == null) {
                buffer = new long[BitmapPage.WORDS];
                scratch[row] = buffer;
            }
            view.copyWordsTo(buffer);
            w = MemorySegment.ofArray(buffer);
        }
        words[row] = w;
        return w;
    }

    MemorySegment planeWords(int bit) {
        return words(BsiLayout.FIRST_PLANE_ROW + bit);
    }

    /** Whether the record at {@code low} has bit {@code bit} of its magnitude set. */
    boolean planeContains(int bit, int low) {
        return views[BsiLayout.FIRST_PLANE_ROW + bit].contains(low);
    }

    /** Whether a row is a full container (every record of the column), e.g. a dense exists row. */
    boolean isFull(int row) {
        return views[row].cardinality() == BitmapPage.BITS;
    }
}
