package dev.big.db.check;

import dev.big.engine.Txn;
import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fragments the roots tree names, by field and view, each with its shards in ascending
 * order: read in one walk of the roots tree, so the checks that go field by field never look for
 * fragments that do not exist.
 */
final class FragmentIndex {

    /** field id -&gt; view -&gt; shards. */
    private final Map<Integer, Map<Integer, List<Long>>> shards = new HashMap<>();
    private final List<Long> keys = new ArrayList<>();

    static FragmentIndex of(Txn txn) {
        FragmentIndex index = new FragmentIndex();
        txn.forEachFragment(0, -1L, (key, summary) -> {
            index.keys.add(key);
            index.shards.computeIfAbsent(Coords.fieldOf(key), f -> new TreeMap<>())
                    .computeIfAbsent(Coords.viewOf(key), v -> new ArrayList<>()).add(Coords.shardOf(key));
            return true;
        });
        return index;
    }

    /** Every fragment key, in key order. */
    List<Long> keys() {
        return keys;
    }

    /** The shards of (field, view) that have a fragment, ascending. */
    List<Long> shards(int fieldId, int view) {
        return shards.getOrDefault(fieldId, Map.of()).getOrDefault(view, List.of());
    }

    /** The views field {@code fieldId} has fragments in. */
    Iterable<Integer> views(int fieldId) {
        return shards.getOrDefault(fieldId, Map.of()).keySet();
    }
}
