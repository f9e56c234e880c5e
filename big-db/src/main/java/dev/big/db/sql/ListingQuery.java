package dev.big.db.sql;

import dev.big.db.Order;
import java.util.List;

/**
 * A query answered with records: {@code SELECT * | columns FROM t [WHERE p] [ORDER BY id [ASC|DESC]]
 * [LIMIT m]}, or ordered by a column's values ({@code valueOrder}, else null). {@code order} is
 * null when the statement has no ORDER BY by id (SQL leaves the order open; big returns ascending
 * ids); {@code limit} is null when there is no LIMIT.
 */
record ListingQuery(String table, List<Projection> projections, Predicate where, Order order, ValueOrder valueOrder,
                    Literal.IntLiteral limit) implements Query {

    /**
     * {@code ORDER BY column [ASC|DESC] [NULLS FIRST|LAST] [, id [ASC|DESC]]}: a top-N listing
     * by the column's values; {@code ids} orders the ties (null when the statement leaves them
     * open: big lists them by ascending id).
     */
    record ValueOrder(ColumnRef column, boolean descending, boolean nullsFirst, Order ids, String sql) {}

    ListingQuery {
        projections = List.copyOf(projections);
    }

    /** One item of the select list. */
    sealed interface Projection permits AllColumns, Column {}

    /** {@code *}: the id, then every field in schema order. */
    record AllColumns() implements Projection {}

    /** One column, returned under {@code name} (its alias, or the column as written). */
    record Column(ColumnRef column, String name) implements Projection {}
}
