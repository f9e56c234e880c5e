package dev.big.db.query;

import java.util.List;

/**
 * One shard of a {@link QueryPlan}: its records, the container columns the filter can match
 * there (bit c is container column c, from {@link ColumnPruning}), each term's say on them, and whether the
 * shard is decided before any record is read.
 *
 * @param decided the count the shard contributes when it is decided before any record is read
 *                (from its record count, from zone maps, or 0 when no container column can match); -1 when
 *                the shard is left to read
 * @param terms   what each top-level term of the filter says about the shard's container columns (none
 *                without a filter)
 */
public record ShardPlan(long shard, long records, int containerColumns, long decided, List<TermColumns> terms) {

    public ShardPlan {
        terms = List.copyOf(terms);
    }

    /** Whether the plan answers this shard without reading a record. */
    public boolean isDecided() {
        return decided >= 0;
    }
}
