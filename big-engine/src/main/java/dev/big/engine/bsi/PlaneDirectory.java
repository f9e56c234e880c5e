package dev.big.engine.bsi;

import dev.big.engine.coords.Coords;
import dev.big.page.BitmapPage;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
    /** Bitmap page rows where they lie, and array and run rows expanded to words once per snapshot on first full-width use. */
    private final MemorySegment[] expanded;
    /**
     * When the sign row and every plane that hold bits are bitmap pages (a column of dense
     * records), each one's page, {@link #NO_BITS} for an empty one: a point read takes a word of
     * each with nothing to decide per row. Null otherwise. The exists row (index 0) is left out:
     * dense records make it a run, and a point read tests it as a view.
     */
    final MemorySegment[] bitmapRows;

    /** The words of an empty row. */
    static final MemorySegment NO_BITS = Arena.global().allocate(BitmapPage.WORDS * 8L, 8);

    private static final VarHandle EXPANDED = MethodHandles.arrayElementVarHandle(MemorySegment[].class);

    /** Where expanded rows live: the snapshot's (or write transaction's) native memory. */
    private final Arena arena;

    private PlaneDirectory(int column, int depth, ContainerView[] rows, Arena arena) {
        this.column = column;
        this.depth = depth;
        this.rows = rows;
        this.arena = arena;
        this.expanded = new MemorySegment[rows.length];
        boolean allBitmaps = true;
        for (int r = 0; r < rows.length; r++) {
            expanded[r] = RowWords.inPlace(rows[r]);
            allBitmaps &= r == BsiLayout.EXISTS_ROW || expanded[r] != null || rows[r].isEmpty();
        }
        if (allBitmaps) {
            bitmapRows = new MemorySegment[rows.length];
            for (int r = 0; r < rows.length; r++) {
                bitmapRows[r] = expanded[r] != null ? expanded[r] : NO_BITS;
            }
        } else {
            bitmapRows = null;
        }
    }

    /**
     * The words of row {@code row} as native memory (null for an empty row): a bitmap page where it
     * lies, found once when the directory is built so a scan asks no view per plane, or an array or
     * run row expanded on first use.
     */
    MemorySegment words(int row) {
        MemorySegment words = (MemorySegment) EXPANDED.getAcquire(expanded, row);
        if (words != null) {
            return words;
        }
        return rows[row].isEmpty() ? null : expandedWords(row);
    }

    /**
     * The words of a row that is not a bitmap page, expanded into native memory the first time a
     * reader asks. Two readers racing both expand and one copy wins; both copies are equal.
     */
    MemorySegment expandedWords(int row) {
        MemorySegment words = (MemorySegment) EXPANDED.getAcquire(expanded, row);
        if (words == null) {
            words = arena.allocate(BitmapPage.WORDS * 8L, 8);
            RowWords.expand(rows[row], words, new long[BitmapPage.WORDS]);
            EXPANDED.setRelease(expanded, row, words);
        }
        return words;
    }

    /** The directory of container column {@code column}; expanded rows go to {@code arena}. */
    static PlaneDirectory build(Tree tree, int column, int depth, Arena arena) {
        int count = BsiLayout.FIRST_PLANE_ROW + depth;
        long[] keys = new long[count];
        ContainerView[] rows = new ContainerView[count];
        for (int r = 0; r < count; r++) {
            keys[r] = Coords.containerKeyOf(r, column);
            rows[r] = new ContainerView();
        }
        tree.findMany(keys, count, rows);
        return new PlaneDirectory(column, depth, rows, arena);
    }
}
