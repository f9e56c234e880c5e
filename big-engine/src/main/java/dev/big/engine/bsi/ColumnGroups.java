package dev.big.engine.bsi;

import dev.big.engine.coords.Coords;
import org.roaringbitmap.Container;

/**
 * Disjoint groups of the records of one shard, by container column: for each of the 16 columns,
 * the groups with records there and each one's container of them. What {@link
 * BsiReader#aggregateGroups} takes, so a column's planes are loaded once for every group.
 */
public final class ColumnGroups {

    private final int[][] groups = new int[Coords.CONTAINERS_PER_ROW][];
    private final Container[][] containers = new Container[Coords.CONTAINERS_PER_ROW][];
    private final int[] sizes = new int[Coords.CONTAINERS_PER_ROW];

    public ColumnGroups() {
        for (int c = 0; c < Coords.CONTAINERS_PER_ROW; c++) {
            groups[c] = new int[4];
            containers[c] = new Container[4];
        }
    }

    /** Group {@code group}'s records in container column {@code column} are {@code records} (not empty). */
    public void add(int column, int group, Container records) {
        int n = sizes[column];
        if (n == groups[column].length) {
            groups[column] = java.util.Arrays.copyOf(groups[column], 2 * n);
            containers[column] = java.util.Arrays.copyOf(containers[column], 2 * n);
        }
        groups[column][n] = group;
        containers[column][n] = records;
        sizes[column] = n + 1;
    }

    /** How many groups have records in container column {@code column}. */
    public int size(int column) {
        return sizes[column];
    }

    /** The group of the {@code i}-th entry of container column {@code column}. */
    public int group(int column, int i) {
        return groups[column][i];
    }

    /** The records of the {@code i}-th entry of container column {@code column}. */
    public Container records(int column, int i) {
        return containers[column][i];
    }

    /** Forgets every group, keeping the arrays for the next shard. */
    public void clear() {
        for (int c = 0; c < Coords.CONTAINERS_PER_ROW; c++) {
            java.util.Arrays.fill(containers[c], 0, sizes[c], null);
            sizes[c] = 0;
        }
    }
}
