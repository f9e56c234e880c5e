package dev.big.engine.bsi;

import dev.big.engine.Txn;
import dev.big.engine.check.StoreCheckReport;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.Tree;
import dev.big.page.PageRef;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks the minima and maxima of a bit-sliced fragment's zone map against its planes, a
 * container column at a time, the way writers recount them ({@link ColumnExtremes}: one pass per
 * column, most significant plane first, no per-record work). A range scan skips a column whose
 * zone map says it cannot match and counts one it says matches entirely from its exists row, so
 * a wrong minimum or maximum answers wrong without a plane being read.
 *
 * <p>Values are the field's logical values, {@code base + stored}, so the check needs the
 * field's base: the schema's knowledge, which is why the layer that holds the schema runs it. The
 * rest of a fragment's invariants (planes inside the exists row, the depth, the counts) need no
 * schema and are checked by the store's own check. A column whose count is already wrong is left
 * to that check: its extremes would only repeat the disagreement.
 *
 * <p>Not thread-safe: keeps one column's buffers between calls.
 */
public final class ZoneMapCheck {

    private final ColumnPlanes planes = new ColumnPlanes();
    private final ColumnExtremes extremes = new ColumnExtremes();

    /**
     * The columns of {@code field}'s fragment in {@code shard} whose zone-map minimum or maximum
     * is not what the planes hold, as problems; {@code where} names the field for messages.
     */
    public List<StoreCheckReport.Problem> check(Txn txn, BsiField field, long shard, String where) {
        long fragmentKey = field.fragmentKey(shard);
        ZoneMap zone = ZoneMap.decode(txn.summary(fragmentKey));
        Tree tree = Tree.of(txn, fragmentKey);
        List<StoreCheckReport.Problem> problems = new ArrayList<>();
        for (int column = 0; column < ZoneMap.COLUMNS; column++) {
            if (zone.count(column) == 0 || !planes.load(tree, column, zone.depth())) {
                continue;
            }
            extremes.compute(planes, zone.depth(), field.base());
            if (extremes.count != zone.count(column)) {
                continue;
            }
            if (extremes.min != zone.min(column) || extremes.max != zone.max(column)) {
                long first = Coords.recordId(shard, column << Coords.CONTAINER_BITS);
                problems.add(new StoreCheckReport.Problem(StoreCheckReport.Problem.NO_PAGE, "zone map", where + ", shard " + shard
                        + ", container column " + column + " (records " + first + ".." + (first + 0xFFFF) + ", "
                        + treeAt(tree) + "): the zone map says min " + zone.min(column) + ", max " + zone.max(column)
                        + "; the planes hold min " + extremes.min + ", max " + extremes.max + ". Range queries skip or"
                        + " count this column by the zone map, so they answer wrong"));
            }
        }
        return problems;
    }

    private static String treeAt(Tree tree) {
        return tree.root() instanceof PageRef ref ? "tree at page " + ref.pgno() : "tree held in its roots entry";
    }
}
