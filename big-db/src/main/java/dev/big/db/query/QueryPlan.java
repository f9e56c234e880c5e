package dev.big.db.query;

import dev.big.db.Filter;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.bsi.RangePredicate;
import java.util.ArrayList;
import java.util.List;

/**
 * How one query runs on one committed state, decided before any record is read: the path taken
 * for what is asked, and per shard the container columns the filter can match and whether the
 * shard is decided already (from its record count or zone maps) or left to read.
 * {@link QueryEngine#plan} makes it; the engine runs it ({@link QueryEngine#count(QueryPlan)} and
 * the others), EXPLAIN prints it, and the same decisions restrict a distributed scan's work
 * ({@link ColumnPruning}). A plan is a value: two plans of the same question on the same state
 * are equal.
 *
 * @param comparison the one integer comparison a {@link Path#ZONE_MAPS} count consists of; null on other paths
 */
public record QueryPlan(TableInfo table, Filter filter, Ask ask, Path path, Comparison comparison, List<ShardPlan> shards) {

    public QueryPlan {
        shards = List.copyOf(shards);
    }

    /** What a query asks of the matching records, as far as it chooses the path. */
    public enum Ask {
        /** How many records match. */
        COUNT,
        /** Count, sum and extremes of an integer field over the matching records. */
        TOTALS,
        /** Record counts per value of a keyed field. */
        GROUP_COUNT,
        /** Count, sum and extremes of an integer field per value of a keyed field. */
        GROUP_TOTALS,
        /** The matching records themselves (ids, in id order). */
        RECORDS
    }

    /** How the matching records are found and counted. */
    public enum Path {
        /** A count without a filter: the record counts kept with each shard's existence row; nothing else is read. */
        RECORD_COUNTS,
        /** A count of one row (keyed = value, bool = or != a constant, contains): the cardinalities kept in its cells. */
        CELL_COUNTS,
        /**
         * A count of one integer comparison: the zone maps decide whole shards (counting their
         * container columns from the zone counts); the rest are counted by plane scans without
         * materialising rows.
         */
        ZONE_MAPS,
        /**
         * A count of one comparison of a field with an order index: the index's counts, a node per
         * byte of the bound; no shard is read.
         */
        ORDER_INDEX,
        /** Group counts without a filter: the cardinalities kept in the cells of each value's row. */
        CELL_CARDINALITIES,
        /** Every record of each shard (no filter): its existence row. */
        EVERY_RECORD,
        /** The filter evaluated per shard into the bitmap of the matching records; a shard where no container column can match is skipped. */
        FILTER_BITMAP
    }

    /** The one integer comparison of a {@link Path#ZONE_MAPS} count: its field and its range of stored numbers. */
    public record Comparison(FieldInfo field, RangePredicate predicate) {}

    /** What the shards decided before reading contribute (for a count, their matching records). */
    public long decidedCount() {
        long total = 0;
        for (ShardPlan shard : shards) {
            if (shard.isDecided()) {
                total += shard.decided();
            }
        }
        return total;
    }

    /** The shards left to read, ascending. */
    public List<ShardPlan> toRead() {
        int first = 0;
        while (first < shards.size() && !shards.get(first).isDecided()) {
            first++;
        }
        if (first == shards.size()) {
            return shards; // none decided: no copy
        }
        List<ShardPlan> left = new ArrayList<>(shards.size());
        for (ShardPlan shard : shards) {
            if (!shard.isDecided()) {
                left.add(shard);
            }
        }
        return left;
    }

    /**
     * One line that says what this plan does (EXPLAIN's {@code plan:} line): the question, the
     * path, and how many shards are decided before reading (with what they contribute) or left
     * to read.
     */
    public String summary() {
        if (path == Path.ORDER_INDEX) {
            return ask.name().toLowerCase(java.util.Locale.ROOT) + " by order_index: the order index of "
                    + comparison.field().name() + " counts " + comparison.predicate() + ", no shard is read";
        }
        long decided = shards.stream().filter(ShardPlan::isDecided).count();
        return ask.name().toLowerCase(java.util.Locale.ROOT) + " by " + path.name().toLowerCase(java.util.Locale.ROOT)
                + ": " + shards.size() + " shard" + (shards.size() == 1 ? "" : "s") + ", " + decided
                + " decided before reading" + (ask == Ask.COUNT && decided > 0 ? " (" + decidedCount() + " matching)" : "") + ", "
                + (shards.size() - decided) + " left to read";
    }
}
