package dev.big.engine.rows;

import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.Container;
import org.roaringbitmap.ContainerPointer;
import org.roaringbitmap.RoaringBitmap;

/**
 * Collects bit changes to rows (view ROWS fragments: bool, keyed and set values, record
 * existence) during a batch and applies them at {@link #flush()}, so each container is changed
 * once per batch however many records touch it. The last change to a bit wins.
 */
public final class RowWriter {

    private static final class Pending {
        Container adds = new ArrayContainer();
        Container removes = new ArrayContainer();
    }

    private final WriteTxn txn;
    private final Map<Long, Map<Long, Pending>> pending = new TreeMap<>(Long::compareUnsigned);
    private final ContainerView probe = new ContainerView();

    public RowWriter(WriteTxn txn) {
        this.txn = txn;
    }

    public void set(long fragmentKey, long row, int column) {
        Pending p = pending(fragmentKey, Coords.containerKey(row, column));
        char low = (char) Coords.low(column);
        p.removes = p.removes.remove(low);
        p.adds = p.adds.add(low);
    }

    public void clear(long fragmentKey, long row, int column) {
        Pending p = pending(fragmentKey, Coords.containerKey(row, column));
        char low = (char) Coords.low(column);
        p.adds = p.adds.remove(low);
        p.removes = p.removes.add(low);
    }

    /**
     * Sets row {@code row} of {@code fragmentKey} for every column of {@code columns} (columns of
     * the fragment's shard, 0 to 2^20 - 1): a container of bits at a time, as a set-based update
     * of many records to one value writes them.
     */
    public void setColumns(long fragmentKey, long row, RoaringBitmap columns) {
        forEachContainer(columns, (column, bits) -> {
            Pending p = pending(fragmentKey, Coords.containerKey(row, column << Coords.CONTAINER_BITS));
            p.removes = p.removes.iandNot(bits);
            p.adds = p.adds.ior(bits);
        });
    }

    /** Clears row {@code row} of {@code fragmentKey} for every column of {@code columns}, a container at a time. */
    public void clearColumns(long fragmentKey, long row, RoaringBitmap columns) {
        forEachContainer(columns, (column, bits) -> {
            Pending p = pending(fragmentKey, Coords.containerKey(row, column << Coords.CONTAINER_BITS));
            p.adds = p.adds.iandNot(bits);
            p.removes = p.removes.ior(bits);
        });
    }

    private interface ContainerVisitor {
        void visit(int containerColumn, Container bits);
    }

    private static void forEachContainer(RoaringBitmap columns, ContainerVisitor visitor) {
        ContainerPointer containers = columns.getContainerPointer();
        while (containers.getContainer() != null) {
            visitor.visit(containers.key(), containers.getContainer());
            containers.advance();
        }
    }

    /** Whether changes to {@code fragmentKey} are waiting for {@link #flush()}. */
    public boolean hasPending(long fragmentKey) {
        return pending.containsKey(fragmentKey);
    }

    /** Whether the bit is set, counting changes not yet flushed. */
    public boolean contains(long fragmentKey, long row, int column) {
        long key = Coords.containerKey(row, column);
        char low = (char) Coords.low(column);
        Map<Long, Pending> byKey = pending.get(fragmentKey);
        Pending p = byKey == null ? null : byKey.get(key);
        if (p != null) {
            if (p.adds.contains(low)) {
                return true;
            }
            if (p.removes.contains(low)) {
                return false;
            }
        }
        return Tree.of(txn, fragmentKey).find(key, probe) && probe.contains(low);
    }

    private Pending pending(long fragmentKey, long containerKey) {
        return pending.computeIfAbsent(fragmentKey, k -> new TreeMap<>(Long::compareUnsigned))
                .computeIfAbsent(containerKey, k -> new Pending());
    }

    /** Applies every pending change; returns the fragments changed. */
    public java.util.Set<Long> flush() {
        java.util.Set<Long> touched = new java.util.LinkedHashSet<>();
        for (var fragment : pending.entrySet()) {
            Tree tree = Tree.of(txn, fragment.getKey());
            for (var cell : fragment.getValue().entrySet()) {
                Pending p = cell.getValue();
                boolean adds = p.adds.getCardinality() > 0;
                boolean removes = p.removes.getCardinality() > 0;
                if (!adds && !removes) {
                    continue;
                }
                if (!adds && !(tree.find(cell.getKey(), probe))) {
                    continue;
                }
                tree.update(cell.getKey(), c -> {
                    Container result = c;
                    if (adds) {
                        result = result.ior(p.adds);
                    }
                    if (removes) {
                        result = result.iandNot(p.removes);
                    }
                    return result;
                });
                touched.add(fragment.getKey());
            }
        }
        pending.clear();
        return touched;
    }
}
