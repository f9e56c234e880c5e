package dev.big.engine.bsi;

import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.Tree;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Writes one bit-sliced integer field inside a write transaction: set and clear values, one at a
 * time or many sorted by id, keeping every fragment's zone map exact.
 *
 * <p>Writes are grouped by container column: the old values of a group are read from one descent,
 * and each row (exists, sign, plane) gets one batch of bits to add and one to remove, so a
 * container is changed once per group however many records it holds. Only bits that change are
 * touched, so rewriting a value with itself writes nothing.
 *
 * <p>Zone maps: adding a value widens its column's min and max; a clear, or a change of a
 * column's current min or max, marks the column for a recount. {@link #flush()} recounts and
 * stores the zone maps as the fragments' summaries; call it before committing.
 */
public final class BsiWriter {

    private static final class Fragment {
        final long key;
        final Tree tree;
        final ZoneMap zone;
        int dirtyColumns;
        boolean changed;

        Fragment(long key, Tree tree, ZoneMap zone) {
            this.key = key;
            this.tree = tree;
            this.zone = zone;
        }
    }

    private final WriteTxn txn;
    private final BsiField field;
    private final Map<Long, Fragment> fragments = new HashMap<>();
    private final ColumnPlanes planes = new ColumnPlanes();
    private final ColumnExtremes extremes = new ColumnExtremes();
    /** The values this writer added and removed, for the field's order index (null without one). */
    private final OrderIndex.Changes order;

    public BsiWriter(WriteTxn txn, BsiField field) {
        this.txn = txn;
        this.field = field;
        this.order = field.ordered() ? new OrderIndex.Changes() : null;
    }

    private Fragment fragment(long shard) {
        return fragments.computeIfAbsent(shard, s -> {
            long key = field.fragmentKey(s);
            return new Fragment(key, Tree.of(txn, key), ZoneMap.decode(txn.summary(key)));
        });
    }

    /** Sets record {@code id}'s value. */
    public void set(long id, long value) {
        setMany(new long[] {id}, new long[] {value}, 1);
    }

    /** Removes record {@code id}'s value (it becomes null). */
    public void clear(long id) {
        clearMany(new long[] {id}, 1);
    }

    /**
     * Sets {@code values[k]} for {@code ids[k]}, {@code k < count}; ids must be in ascending order
     * (a repeated id takes its last value). Rejects out-of-range values before changing anything.
     */
    public void setMany(long[] ids, long[] values, int count) {
        long[] stored = new long[count];
        for (int k = 0; k < count; k++) {
            Coords.checkRecordId(ids[k]);
            if (k > 0 && ids[k] < ids[k - 1]) {
                throw new IllegalArgumentException("ids must be ascending: " + ids[k - 1] + " then " + ids[k]);
            }
            stored[k] = BsiLayout.toStored(values[k], field.base(), field.name());
        }
        forEachGroup(ids, count, (from, to) -> setGroup(ids, stored, from, to));
    }

    /** Clears the values of {@code ids[0..count)}, in ascending order. */
    public void clearMany(long[] ids, int count) {
        for (int k = 1; k < count; k++) {
            if (ids[k] < ids[k - 1]) {
                throw new IllegalArgumentException("ids must be ascending: " + ids[k - 1] + " then " + ids[k]);
            }
        }
        forEachGroup(ids, count, (from, to) -> clearGroup(ids, from, to));
    }

    private interface Group {
        void apply(int from, int to);
    }

    /** Calls {@code group} for each run of ids sharing a shard and container column. */
    private static void forEachGroup(long[] ids, int count, Group group) {
        int from = 0;
        while (from < count) {
            long unit = ids[from] >>> Coords.CONTAINER_BITS;
            int to = from + 1;
            while (to < count && ids[to] >>> Coords.CONTAINER_BITS == unit) {
                to++;
            }
            group.apply(from, to);
            from = to;
        }
    }

    private void setGroup(long[] ids, long[] stored, int from, int to) {
        long shard = Coords.shard(ids[from]);
        int column = Coords.containerColumn(Coords.column(ids[from]));
        Fragment fragment = fragment(shard);
        int oldDepth = fragment.zone.depth();
        int newDepth = oldDepth;
        for (int k = from; k < to; k++) {
            newDepth = Math.max(newDepth, BsiLayout.depthOf(Math.abs(stored[k])));
        }
        planes.load(fragment.tree, column, oldDepth);
        RowChanges changes = new RowChanges(BsiLayout.FIRST_PLANE_ROW + newDepth, to - from);
        for (int k = from; k < to; k++) {
            if (k + 1 < to && ids[k + 1] == ids[k]) {
                continue;
            }
            int low = Coords.low(Coords.column(ids[k]));
            boolean existed = planes.exists().contains(low);
            long oldMagnitude = 0;
            boolean oldNegative = false;
            if (existed) {
                oldNegative = planes.sign().contains(low);
                for (int bit = 0; bit < oldDepth; bit++) {
                    if (planes.planeContains(bit, low)) {
                        oldMagnitude |= 1L << bit;
                    }
                }
            }
            long magnitude = Math.abs(stored[k]);
            boolean negative = stored[k] < 0;
            long value = field.base() + stored[k];
            if (existed && oldMagnitude == magnitude && oldNegative == negative) {
                continue;
            }
            if (!existed) {
                changes.add(0, low);
                fragment.zone.add(column, value);
            } else {
                long oldValue = field.base() + (oldNegative ? -oldMagnitude : oldMagnitude);
                if (order != null) {
                    order.remove(oldValue);
                }
                if (oldValue == fragment.zone.min(column) || oldValue == fragment.zone.max(column)) {
                    fragment.dirtyColumns |= 1 << column;
                }
                fragment.zone.include(column, value);
            }
            if (order != null) {
                order.add(value);
            }
            if (negative != (existed && oldNegative)) {
                if (negative) {
                    changes.add(1, low);
                } else {
                    changes.remove(1, low);
                }
            }
            long flipped = magnitude ^ oldMagnitude;
            while (flipped != 0) {
                int bit = Long.numberOfTrailingZeros(flipped);
                flipped &= flipped - 1;
                if ((magnitude & (1L << bit)) != 0) {
                    changes.add(BsiLayout.FIRST_PLANE_ROW + bit, low);
                } else {
                    changes.remove(BsiLayout.FIRST_PLANE_ROW + bit, low);
                }
            }
        }
        fragment.zone.growDepth(newDepth);
        if (changes.apply(fragment.tree, column)) {
            fragment.changed = true;
        }
    }

    private void clearGroup(long[] ids, int from, int to) {
        long shard = Coords.shard(ids[from]);
        int column = Coords.containerColumn(Coords.column(ids[from]));
        Fragment fragment = fragment(shard);
        int depth = fragment.zone.depth();
        if (fragment.zone.count(column) == 0) {
            return;
        }
        planes.load(fragment.tree, column, depth);
        RowChanges changes = new RowChanges(BsiLayout.FIRST_PLANE_ROW + depth, to - from);
        for (int k = from; k < to; k++) {
            int low = Coords.low(Coords.column(ids[k]));
            if ((k + 1 < to && ids[k + 1] == ids[k]) || !planes.exists().contains(low)) {
                continue;
            }
            changes.remove(0, low);
            boolean negative = planes.sign().contains(low);
            if (negative) {
                changes.remove(1, low);
            }
            long magnitude = 0;
            for (int bit = 0; bit < depth; bit++) {
                if (planes.planeContains(bit, low)) {
                    changes.remove(BsiLayout.FIRST_PLANE_ROW + bit, low);
                    magnitude |= 1L << bit;
                }
            }
            if (order != null) {
                order.remove(field.base() + (negative ? -magnitude : magnitude));
            }
        }
        if (changes.apply(fragment.tree, column)) {
            fragment.changed = true;
            fragment.dirtyColumns |= 1 << column;
        }
    }

    /** The value of record {@code id} as this transaction sees it. */
    public OptionalLong get(long id) {
        Fragment fragment = fragment(Coords.shard(id));
        int column = Coords.column(id);
        int depth = fragment.zone.depth();
        planes.load(fragment.tree, Coords.containerColumn(column), depth);
        int low = Coords.low(column);
        if (!planes.exists().contains(low)) {
            return OptionalLong.empty();
        }
        long magnitude = 0;
        for (int bit = 0; bit < depth; bit++) {
            if (planes.planeContains(bit, low)) {
                magnitude |= 1L << bit;
            }
        }
        return OptionalLong.of(field.base() + (planes.sign().contains(low) ? -magnitude : magnitude));
    }

    /**
     * Recounts the zone-map columns that need it, stores every changed fragment's zone map and
     * applies the values written to the field's order index.
     */
    public void flush() {
        if (order != null) {
            order.apply(txn, field);
        }
        for (Fragment fragment : fragments.values()) {
            if (!fragment.changed && fragment.dirtyColumns == 0) {
                continue;
            }
            for (int column = 0; column < ZoneMap.COLUMNS; column++) {
                if ((fragment.dirtyColumns & (1 << column)) != 0) {
                    planes.load(fragment.tree, column, fragment.zone.depth());
                    extremes.compute(planes, fragment.zone.depth(), field.base());
                    fragment.zone.setColumn(column, extremes.count, extremes.min, extremes.max);
                }
            }
            fragment.dirtyColumns = 0;
            if (fragment.zone.isEmpty()) {
                fragment.zone.resetDepth();
                txn.setSummary(fragment.key, new byte[0]);
            } else {
                txn.setSummary(fragment.key, fragment.zone.encode(txn.formatVersion()));
            }
            fragment.changed = false;
        }
    }

    /** Bits to add and remove per row of one container column. */
    private static final class RowChanges {
        private final char[][] adds;
        private final char[][] removes;
        private final int[] addCount;
        private final int[] removeCount;
        private final int capacity;

        RowChanges(int rows, int capacity) {
            this.adds = new char[rows][];
            this.removes = new char[rows][];
            this.addCount = new int[rows];
            this.removeCount = new int[rows];
            this.capacity = capacity;
        }

        void add(int row, int low) {
            if (adds[row] == null) {
                adds[row] = new char[capacity];
            }
            adds[row][addCount[row]++] = (char) low;
        }

        void remove(int row, int low) {
            if (removes[row] == null) {
                removes[row] = new char[capacity];
            }
            removes[row][removeCount[row]++] = (char) low;
        }

        /** Applies the changes to the tree; returns whether anything changed. */
        boolean apply(Tree tree, int column) {
            boolean any = false;
            for (int row = 0; row < adds.length; row++) {
                long key = Coords.containerKeyOf(row, column);
                if (addCount[row] > 0) {
                    tree.addBits(key, adds[row], 0, addCount[row]);
                    any = true;
                }
                if (removeCount[row] > 0) {
                    tree.removeBits(key, removes[row], 0, removeCount[row]);
                    any = true;
                }
            }
            return any;
        }
    }
}
