package dev.big.engine.bsi;

import static dev.big.page.PageFormat.LE_LONG;

import dev.big.engine.tree.ContainerView;
import dev.big.page.BitmapPage;
import java.lang.foreign.MemorySegment;

/**
 * One row of a container column as the 1,024 native words {@link WordKernels} read: the bitmap
 * page where it lies, or an array, run or heap row expanded into native memory. Both the
 * per-query {@link ColumnPlanes} and the per-snapshot {@link PlaneDirectory} get their words here,
 * so both hand the kernels the same kind of segment (why that matters: {@link WordKernels}).
 */
final class RowWords {

    /** The row's words where they lie (a bitmap page in native memory), or null if it must be expanded. */
    static MemorySegment inPlace(ContainerView row) {
        if (!row.isEmpty() && row.isBitmapPage() && row.bitmapPage().isNative()) {
            return row.bitmapPage();
        }
        return null;
    }

    /**
     * Writes the row's bits into {@code target} ({@link BitmapPage#WORDS} little-endian words of
     * native memory), going through {@code scratch} (as many longs).
     */
    static void expand(ContainerView row, MemorySegment target, long[] scratch) {
        row.copyWordsTo(scratch);
        MemorySegment.copy(scratch, 0, target, LE_LONG, 0, BitmapPage.WORDS);
    }

    private RowWords() {}
}
