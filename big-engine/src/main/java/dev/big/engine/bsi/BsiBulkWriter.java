package dev.big.engine.bsi;

import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes the values of records that have none yet, a container column at a time, building every
 * plane's bits in memory and OR-ing each into its container once: the bottom-up path of bulk
 * loads. Zone maps are merged, not recounted. {@link #flush()} stores them; call it before commit.
 *
 * <p>One writer serves every field of a transaction: the words it gathers a column's bits in
 * ({@link PlaneWords}) are reused from field to field, so a load of 1,024 fields holds one field's
 * worth of them (at most 66 rows of 8 KiB), not 1,024 fields' worth.
 */
public final class BsiBulkWriter {

    private final WriteTxn txn;
    private final Map<Long, ZoneMap> zones = new HashMap<>();
    /** The values added to each field with an order index, applied at flush. */
    private final Map<BsiField, OrderIndex.Changes> orders = new HashMap<>();
    private final PlaneWords planes = new PlaneWords();
    private final ContainerView probe = new ContainerView();
    /** A plane's positions, when the tree sets them one by one ({@link Tree#addsBitsOneByOne}). */
    private final char[] positions = new char[Tree.LOGGED_BITS_FLIPPED_AT_MOST];
    /** The stored numbers of the column being written. */
    private long[] stored = new long[1024];

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
        if (stored.length < count) {
            stored = new long[Math.max(count, Math.min(2 * stored.length, 1 << 16))];
        }
        for (int k = 0; k < count; k++) {
            stored[k] = BsiLayout.toStored(values[k], field.base(), field.name());
        }
        planes.begin();
        for (int from = 0; from < count; ) {
            int word = lows[from] >>> 6;
            int to = from + 1;
            while (to < count && lows[to] >>> 6 == word) {
                to++;
            }
            planes.addWord(word, lows, stored, from, to);
            from = to;
        }
        if (tree.find(Coords.containerKeyOf(0, containerColumn), probe)) {
            for (int k = 0; k < count; k++) {
                if (probe.contains(lows[k])) {
                    throw new dev.big.page.BigException("bulk write of field '" + field.name() + "' in shard " + shard
                            + " would overwrite an existing value; write only new records this way");
                }
            }
        }
        for (int row = 0; row < ColumnPlanes.ROWS; row++) {
            if (!planes.has(row)) {
                continue;
            }
            long key = Coords.containerKeyOf(row, containerColumn);
            if (tree.addsBitsOneByOne(count)) {
                tree.addBits(key, positions, 0, planes.takePositions(row, positions));
            } else {
                int r = row;
                tree.update(key, existing -> planes.orInto(r, existing));
            }
        }
        for (int k = 0; k < count; k++) {
            zone.add(containerColumn, values[k]);
        }
        if (field.ordered()) {
            OrderIndex.Changes order = orders.computeIfAbsent(field, f -> new OrderIndex.Changes());
            for (int k = 0; k < count; k++) {
                order.add(values[k]);
            }
        }
        zone.growDepth(planes.depth());
    }

    /** Stores the merged zone maps of every fragment written and applies the values to order indexes. */
    public void flush() {
        for (var e : orders.entrySet()) {
            e.getValue().apply(txn, e.getKey());
        }
        orders.clear();
        for (var e : zones.entrySet()) {
            txn.setSummary(e.getKey(), e.getValue().encode(txn.formatVersion()));
        }
        zones.clear();
    }
}
