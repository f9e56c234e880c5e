package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.Container;

/**
 * A workload whose every commit can be recognised from any of its pages: commit {@code i} stores
 * bit {@code i} in every key of tree 1 (keys spread over many leaf and bitmap pages) and stamps
 * {@code i} into the catalog. A reader that sees one commit sees the same stamp everywhere; pages
 * of its snapshot reused under it show another stamp, or fail their checksum.
 */
public final class StampedCommits {

    static final int KEYS = 40;

    /** Writes and commits stamp {@code i}. */
    public static void writeCommit(Store store, int i) {
        try (WriteTxn txn = store.beginWrite()) {
            write(txn, i);
            txn.commit();
        }
    }

    /** Writes stamp {@code i} into {@code txn} without committing it. */
    public static void write(WriteTxn txn, int i) {
        Tree tree = Tree.of(txn, 1);
        for (int k = 0; k < KEYS; k++) {
            Container c = new ArrayContainer();
            c = c.add((char) i);
            for (int extra = 0; extra < (k % 3 == 0 ? 5000 : 3); extra++) {
                c = c.add((char) (1000 + extra * 7 + k));
            }
            tree.put(k * 1000L, c);
        }
        txn.catalog().putBytes(1, new byte[] {(byte) i, (byte) (i >>> 8)});
    }

    /** The stamp of the latest commit a store holds, or 0 for an empty store. */
    public static int latest(Store store) {
        try (ReadTxn txn = store.beginRead()) {
            byte[] stamp = txn.catalog().getBytes(1);
            return stamp == null ? 0 : stamp(stamp);
        }
    }

    /** Which commit a reader sees; fails if its keys disagree with each other or the catalog. */
    public static int observedCommit(Txn txn) {
        int commit = stamp(txn.catalog().getBytes(1));
        Tree tree = Tree.of(txn, 1);
        ContainerView view = new ContainerView();
        for (int k = 0; k < KEYS; k++) {
            assertTrue(tree.find(k * 1000L, view), "key " + k);
            int first = ContainerData.toBits(view).nextSetBit(0);
            assertEquals(commit, first, "key " + k + " belongs to another commit than the catalog stamp");
        }
        return commit;
    }

    private static int stamp(byte[] stamp) {
        return (stamp[0] & 0xFF) | (stamp[1] & 0xFF) << 8;
    }

    private StampedCommits() {}
}
