package dev.big.db.internal;

import dev.big.engine.WriteTxn;
import dev.big.engine.bsi.ColumnBitmaps;
import dev.big.engine.coords.Coords;
import java.util.HashMap;
import java.util.Map;
import org.roaringbitmap.Container;

/**
 * Sets bits of new records in rows (view ROWS) a container column at a time: each row's bits are
 * gathered as words and OR-ed into its container once. The bottom-up path of bulk loads.
 */
public final class RowBulkWriter {

    private final WriteTxn txn;
    private final Map<Long, long[]> words = new HashMap<>();
    private final Map<Long, Integer> cardinalities = new HashMap<>();
    private long fragment = -1;
    private int containerColumn = -1;

    public RowBulkWriter(WriteTxn txn) {
        this.txn = txn;
    }

    /** Starts collecting bits for container column {@code containerColumn} of {@code fragment}. */
    public void begin(long fragment, int containerColumn) {
        this.fragment = fragment;
        this.containerColumn = containerColumn;
        words.clear();
        cardinalities.clear();
    }

    public void set(long row, int low) {
        long[] w = words.computeIfAbsent(row, r -> new long[1024]);
        long bit = 1L << low;
        if ((w[low >>> 6] & bit) == 0) {
            w[low >>> 6] |= bit;
            cardinalities.merge(row, 1, Integer::sum);
        }
    }

    /** ORs the collected rows into the fragment's containers. */
    public void end() {
        var tree = txn.tree(fragment);
        java.util.List<Long> rows = new java.util.ArrayList<>(words.keySet());
        java.util.Collections.sort(rows);
        for (long row : rows) {
            Container built = ColumnBitmaps.fromWords(words.get(row), cardinalities.get(row));
            tree.update(Coords.containerKeyOf(row, containerColumn), c -> c.getCardinality() == 0 ? built : c.ior(built));
        }
        words.clear();
        cardinalities.clear();
    }
}
