package dev.big.engine;

import dev.big.engine.tree.TreeOverlay;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * What the commits in the write log changed since the checkpoint a state reads (see
 * {@link WriteLog}): per fragment the cells changed and the summary set, and the catalog's cells.
 * Readers see it over the checkpoint's pages; the next checkpoint folds it into them. Immutable: a
 * logged commit makes a new one, sharing what it did not change.
 */
final class LoggedChanges {

    /** Nothing logged since the checkpoint. */
    static final LoggedChanges NONE = new LoggedChanges(Map.of(), TreeOverlay.NONE);

    /** One fragment's logged change: its cells, and the summary a logged commit gave it (null: the checkpoint's). */
    record FragmentChange(TreeOverlay cells, byte[] summary) {}

    private final Map<Long, FragmentChange> fragments;
    private final TreeOverlay catalog;
    private final long cells;

    private LoggedChanges(Map<Long, FragmentChange> fragments, TreeOverlay catalog) {
        this.fragments = fragments;
        this.catalog = catalog;
        long total = catalog.size();
        for (FragmentChange change : fragments.values()) {
            total += change.cells().size();
        }
        this.cells = total;
    }

    /** These changes with {@code changed} fragments replaced and the catalog's cells now {@code catalog}. */
    LoggedChanges with(Map<Long, FragmentChange> changed, TreeOverlay catalog) {
        if (changed.isEmpty() && catalog == this.catalog) {
            return this;
        }
        HashMap<Long, FragmentChange> merged = new HashMap<>(fragments);
        merged.putAll(changed);
        return new LoggedChanges(Collections.unmodifiableMap(merged), catalog);
    }

    /** The logged change of fragment {@code fragmentKey}, or null if no logged commit changed it. */
    FragmentChange fragment(long fragmentKey) {
        return fragments.get(fragmentKey);
    }

    /** The cells of fragment {@code fragmentKey} changed since the checkpoint. */
    TreeOverlay cellsOf(long fragmentKey) {
        FragmentChange change = fragments.get(fragmentKey);
        return change == null ? TreeOverlay.NONE : change.cells();
    }

    /** Every fragment a logged commit changed. */
    Map<Long, FragmentChange> fragments() {
        return fragments;
    }

    TreeOverlay catalog() {
        return catalog;
    }

    /** How many cells are held in memory: what the checkpoint's threshold weighs. */
    long cells() {
        return cells;
    }

    boolean isEmpty() {
        return fragments.isEmpty() && catalog.isEmpty();
    }
}
