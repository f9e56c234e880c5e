package dev.big.bench.engine;

import dev.big.engine.ReadTxn;
import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One thread's read transaction on the {@link FragmentFile}, with its tree and reusable views,
 * warmed by one full scan (so with the memo on every page is already verified, as on a server
 * that has been answering queries).
 *
 * <p>Successive reads move round-robin over the columns and keys, so a benchmark does not hit the
 * same page every time; the cursors are why this state is per thread.
 */
@State(Scope.Thread)
public class FragmentReader {

    ReadTxn txn;
    Tree tree;
    final ContainerView view = new ContainerView();
    final ContainerView[] planeViews = new ContainerView[FragmentShape.PLANE_ROWS];
    final long[][] planeKeysByColumn = new long[FragmentShape.COLUMNS][];
    final CardinalitySum cardinalitySum = new CardinalitySum();
    private int nextColumn;
    private int nextPlaneKey;

    @Setup(Level.Trial)
    public void begin(FragmentFile file) {
        txn = file.store.beginRead();
        tree = Tree.of(txn, FragmentFile.FRAGMENT_KEY);
        for (int i = 0; i < planeViews.length; i++) {
            planeViews[i] = new ContainerView();
        }
        for (int c = 0; c < FragmentShape.COLUMNS; c++) {
            planeKeysByColumn[c] = FragmentShape.planeKeys(c);
        }
        cardinalitySum.reset();
        tree.forEach(0, -1L, cardinalitySum);
    }

    /** The column the next point read fetches: 0, 1, ..., 15, 0, ... */
    int nextColumn() {
        int column = nextColumn;
        nextColumn = (column + 1) % FragmentShape.COLUMNS;
        return column;
    }

    /** The next of the 352 plane keys {@code 0..351} (rows 0..21 of every column), round-robin. */
    long nextPlaneKey() {
        int key = nextPlaneKey;
        nextPlaneKey = (key + 1) % (FragmentShape.PLANE_ROWS * FragmentShape.COLUMNS);
        return key;
    }

    @TearDown(Level.Trial)
    public void end() {
        if (txn != null) {
            txn.close();
        }
    }
}
