package dev.big.engine;

import dev.big.engine.coords.Coords;
import dev.big.engine.rows.RowCounts;
import dev.big.engine.tree.Tree;
import java.util.HashMap;
import java.util.Map;

/**
 * The row counts of one rows fragment in a write transaction: its committed counts (null when it
 * keeps none) and the records each row gained or lost since, as its tree reports every container
 * it changes ({@link Tree.CardinalityListener}). The transaction asks for the summary when it
 * commits, or when a read through it asks for the fragment's summary.
 */
final class RowCountChanges implements Tree.CardinalityListener {

    /** The counts the changes start from; null when the fragment kept none (too many rows). */
    private RowCounts base;
    private final Map<Long, Long> changes = new HashMap<>();
    private boolean changed;
    /** The summary of base plus changes, until the next change. */
    private byte[] summary;

    /** Changes from {@code base}, the committed counts (null: the fragment keeps none). */
    RowCountChanges(RowCounts base) {
        this.base = base;
    }

    @Override
    public void changed(long key, int before, int after) {
        changes.merge(Coords.rowOfKey(key), (long) after - before, Long::sum);
        changed = true;
        summary = null;
    }

    @Override
    public void cleared() {
        base = RowCounts.EMPTY;
        changes.clear();
        changed = true;
        summary = null;
    }

    /** Whether any container changed: only then is the summary new. */
    boolean changed() {
        return changed;
    }

    /**
     * The summary the fragment commits with: its counts now, or none when it kept none before or
     * they no longer fit. Refuses a change that would leave a row below zero (the committed counts
     * disagree with the bits).
     */
    byte[] summary(String file, long fragmentKey) {
        if (summary == null) {
            byte[] encoded = base == null ? null : base.plus(changes, file, fragmentKey).encode();
            summary = encoded == null ? new byte[0] : encoded;
        }
        return summary;
    }
}
