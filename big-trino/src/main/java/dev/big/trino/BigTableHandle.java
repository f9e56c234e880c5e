package dev.big.trino;

import io.trino.spi.connector.ConnectorTableHandle;

/**
 * A table (the same-named big table of every file) with what the connector took over from Trino:
 * the filter it evaluates, a per-split row limit and a per-split top-n on {@code id} ({@code -1}
 * for none), and the aggregation it computes whole ({@code null} for none; a handle with one is
 * read as a single split). Crosses nodes as JSON.
 */
public record BigTableHandle(String table, PushedFilter filter, long limit, long topN, boolean topNDescending,
                             PushedAggregation aggregation) implements ConnectorTableHandle {

    static BigTableHandle of(String table) {
        return new BigTableHandle(table, PushedFilter.ALL, -1, -1, false, null);
    }

    BigTableHandle withFilter(PushedFilter next) {
        return new BigTableHandle(table, next, limit, topN, topNDescending, aggregation);
    }

    BigTableHandle withLimit(long next) {
        return new BigTableHandle(table, filter, next, topN, topNDescending, aggregation);
    }

    BigTableHandle withTopN(long count, boolean descending) {
        return new BigTableHandle(table, filter, limit, count, descending, aggregation);
    }

    BigTableHandle withAggregation(PushedAggregation next) {
        return new BigTableHandle(table, filter, limit, topN, topNDescending, next);
    }

    /** The most rows one split returns, or -1 for all. */
    long rowsPerSplit() {
        if (limit < 0) {
            return topN;
        }
        return topN < 0 ? limit : Math.min(limit, topN);
    }
}
