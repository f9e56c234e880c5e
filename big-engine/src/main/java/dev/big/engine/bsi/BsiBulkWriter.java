package dev.big.engine.bsi;

import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.rows.RowBits;
import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes the values of records that have none yet, a container column at a time, building every
 * plane's bits in memory and OR-ing each into its container once: the bottom-up path of bulk
 * loads. Zone maps are merged, not recounted. {@link #flush()} stores them; call it before commit.
 *
 * <p>One writer serves every field of a transaction: the rows it gathers a column's bits in are
 * reused from field to field, so a load of 1,024 fields holds one field's worth of them (at most
 * 66 rows of 65,536 positions, 8.6 MB), not 1,024 fields' worth.
 */
public final class BsiBulkWriter {

    private final WriteTxn txn;
    private final Map<Long, ZoneMap> zones = new HashMap<>();
    private final RowBits[] rows = new RowBits[ColumnPlanes.ROWS];
    private final ContainerView probe = new ContainerView();
    /** Records in the column being written (how far a row's positions may grow). */
    private int expected;

    public BsiBulkWriter(WriteTxn txn) {
        this.txn = txn;
    }

    /**
     * Adds {@code values[k]} of {@code field} for the records at {@code lows[k]} of container
     * column {@code containerColumn} of {@code shard}, {@code k < count}. None of them may have a
     * value yet; that is checked against the exists row. {@code lows} must ascend.
     */
    public void addColumn(BsiField field, long shard, int containerColumn, char[] lows, long[] values, int count) {
        if (count == 0) {
            return;
        }
        long fragment = field.fragmentKey(shard);
        Tree tree = Tree.of(txn, fragment);
        ZoneMap zone = zones.computeIfAbsent(fragment, k -> ZoneMap.decode(txn.summary(k)));
        int depth = zone.depth();
        expected = count;
        for (RowBits row : rows) {
            if (row != null) {
                row.clear(count);
            }
        }
        for (int k = 0; k < count; k++) {
            long value = values[k];
            long stored = BsiLayout.toStored(value, field.base(), field.name());
            int low = lows[k];
            set(0, low);
            long magnitude = Math.abs(stored);
            if (stored < 0) {
                set(1, low);
            }
            while (magnitude != 0) {
                int bit = Long.numberOfTrailingZeros(magnitude);
                magnitude &= magnitude - 1;
                set(BsiLayout.FIRST_PLANE_ROW + bit, low);
                depth = Math.max(depth, bit + 1);
            }
        }
        if (tree.find(Coords.containerKeyOf(0, containerColumn), probe)) {
            for (int k = 0; k < count; k++) {
                if (probe.contains(lows[k])) {
                    throw new dev.big.page.BigException("bulk write of field '" + field.name() + "' in shard " + shard
                            + " would overwrite an existing value; write only new records this way");
                }
            }
        }
        for (int row = 0; row < rows.length; row++) {
            RowBits bits = rows[row];
            if (bits == null || bits.isEmpty()) {
                continue;
            }
            tree.update(Coords.containerKeyOf(row, containerColumn), bits::orInto);
        }
        for (int k = 0; k < count; k++) {
            zone.add(containerColumn, values[k]);
        }
        zone.growDepth(depth);
    }

    private void set(int row, int low) {
        RowBits bits = rows[row];
        if (bits == null) {
            bits = new RowBits();
            bits.clear(expected);
            rows[row] = bits;
        }
        bits.add(low);
    }

    /** Stores the merged zone maps of every fragment written. */
    public void flush() {
        for (var e : zones.entrySet()) {
            txn.setSummary(e.getKey(), e.getValue().encode());
        }
        zones.clear();
    }
}
