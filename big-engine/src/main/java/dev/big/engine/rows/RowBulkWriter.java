package dev.big.engine.rows;

import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.Tree;
import java.util.TreeMap;

/**
 * Sets bits of new records in rows (view ROWS) a container column at a time: each row's bits are
 * gathered in ascending order and OR-ed into its container once. The bottom-up path of bulk loads
 * and of ingest batches' new records.
 */
public final class RowBulkWriter {

    private final WriteTxn txn;
    private final TreeMap<Long, RowBits> rows = new TreeMap<>();
    private long fragment = -1;
    private int containerColumn = -1;

    public RowBulkWriter(WriteTxn txn) {
        this.txn = txn;
    }

    /** Starts collecting bits for container column {@code containerColumn} of {@code fragment}. */
    public void begin(long fragment, int containerColumn) {
        this.fragment = fragment;
        this.containerColumn = containerColumn;
        rows.clear();
    }

    /** Sets bit {@code low} of row {@code row}; a row's lows must arrive in ascending order. */
    public void set(long row, int low) {
        rows.computeIfAbsent(row, r -> new RowBits()).add(low);
    }

    /** ORs the collected rows into the fragment's containers. */
    public void end() {
        var tree = Tree.of(txn, fragment);
        for (var e : rows.entrySet()) {
            tree.update(Coords.containerKeyOf(e.getKey(), containerColumn), e.getValue()::orInto);
        }
        rows.clear();
    }
}
