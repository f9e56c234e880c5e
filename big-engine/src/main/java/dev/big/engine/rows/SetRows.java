package dev.big.engine.rows;

import dev.big.engine.Txn;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.Tree;
import java.util.ArrayList;
import java.util.List;

/**
 * The values (dictionary ids, which are rows) one record holds in a set field without set ids (one
 * made before catalog version 2; newer fields read a record's set from its set id, see
 * {@link dev.big.engine.dict.SetIds}). A record's bits
 * sit at keys {@code row * 16 + containerColumn}, one per value the field has ever held; those
 * keys are looked up with one {@code findMany} when the dictionary is small, instead of walking
 * every container of the fragment.
 */
public final class SetRows {

    /** Above this many dictionary ids a scan of the fragment is cheaper than asking for every key. */
    public static final long LOOKUP_LIMIT = 4_096;

    /** The rows (value ids below {@code values}) that hold record column {@code column} of {@code fragment}. */
    public static List<Long> of(Txn txn, long values, long fragment, int column) {
        List<Long> rows = new ArrayList<>();
        int containerColumn = Coords.containerColumn(column);
        int low = Coords.low(column);
        Tree tree = Tree.of(txn, fragment);
        if (values <= LOOKUP_LIMIT) {
            int n = (int) values;
            long[] keys = new long[n];
            ContainerView[] views = new ContainerView[n];
            for (int r = 0; r < n; r++) {
                keys[r] = Coords.containerKeyOf(r, containerColumn);
                views[r] = new ContainerView();
            }
            tree.findMany(keys, n, views);
            for (int r = 0; r < n; r++) {
                if (views[r].contains(low)) {
                    rows.add((long) r);
                }
            }
            return rows;
        }
        tree.forEach(0, -1L, view -> {
            if (Coords.containerColumnOfKey(view.key()) == containerColumn && view.contains(low)) {
                rows.add(Coords.rowOfKey(view.key()));
            }
            return true;
        });
        return rows;
    }

    private SetRows() {}
}
