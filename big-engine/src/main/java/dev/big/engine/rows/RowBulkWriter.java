package dev.big.engine.rows;

import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.Tree;
import java.util.Arrays;
import java.util.TreeMap;

/**
 * Sets bits of new records in rows (view ROWS) a container column at a time: each row's bits are
 * gathered in ascending order and OR-ed into its container once. The bottom-up path of bulk loads
 * and of ingest batches' new records.
 */
public final class RowBulkWriter {

    /**
     * Rows below this (dictionary ids, bools, existence) are kept in an array by row: a load sets a
     * bit per record per keyed field, and a map lookup with a boxed key per bit was most of a
     * commit's time. Larger rows go to a map.
     */
    private static final int ARRAY_ROWS = 1 << 16;

    private final WriteTxn txn;
    private RowBits[] byRow = new RowBits[64];
    /** The rows below {@link #ARRAY_ROWS} that got bits in this column, in the order they first did. */
    private int[] used = new int[64];
    private int usedCount;
    private final TreeMap<Long, RowBits> largeRows = new TreeMap<>();
    private long fragment = -1;
    private int containerColumn = -1;

    public RowBulkWriter(WriteTxn txn) {
        this.txn = txn;
    }

    /** Starts collecting bits for container column {@code containerColumn} of {@code fragment}. */
    public void begin(long fragment, int containerColumn) {
        this.fragment = fragment;
        this.containerColumn = containerColumn;
        clear();
    }

    /** Sets bit {@code low} of row {@code row}; a row's lows must arrive in ascending order. */
    public void set(long row, int low) {
        if (row < 0 || row >= ARRAY_ROWS) {
            largeRows.computeIfAbsent(row, r -> new RowBits()).add(low);
            return;
        }
        int r = (int) row;
        if (r >= byRow.length) {
            byRow = Arrays.copyOf(byRow, Math.max(r + 1, 2 * byRow.length));
        }
        RowBits bits = byRow[r];
        if (bits == null) {
            bits = new RowBits();
            byRow[r] = bits;
        }
        if (bits.isEmpty()) {
            if (usedCount == used.length) {
                used = Arrays.copyOf(used, 2 * usedCount);
            }
            used[usedCount++] = r;
        }
        bits.add(low);
    }

    /** ORs the collected rows into the fragment's containers, in ascending row order. */
    public void end() {
        var tree = Tree.of(txn, fragment);
        Arrays.sort(used, 0, usedCount);
        for (int i = 0; i < usedCount; i++) {
            int row = used[i];
            byRow[row].writeTo(tree, Coords.containerKeyOf(row, containerColumn));
        }
        for (var e : largeRows.entrySet()) {
            e.getValue().writeTo(tree, Coords.containerKeyOf(e.getKey(), containerColumn));
        }
        clear();
    }

    private void clear() {
        for (int i = 0; i < usedCount; i++) {
            byRow[used[i]].clear();
        }
        usedCount = 0;
        largeRows.clear();
    }
}
