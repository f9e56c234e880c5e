package dev.big.db.sql;

import java.util.List;

/**
 * A query answered with aggregates: one row over all matching records ({@code keys} empty), or
 * one row per group of up to four GROUP BY keys. {@code outputs} are the selected columns in
 * order, followed by hidden ones that HAVING or ORDER BY use without selecting them; the first
 * {@code visible} are returned. {@code having} is null when there is none. {@code keyAliases} holds,
 * per key, the select alias GROUP BY named it by, or null.
 */
record AggregateQuery(String table, List<GroupKeyExpr> keys, List<String> keyAliases, List<Output> outputs, int visible, Predicate where,
                      ResultCondition having, List<SortKey> orderBy, Literal.IntLiteral limit) implements Query {

    /** More keys than this are refused: each key multiplies the partitions a group-by walks. */
    static final int MAX_KEYS = 4;

    AggregateQuery {
        keys = List.copyOf(keys);
        keyAliases = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(keyAliases));
        outputs = List.copyOf(outputs);
        orderBy = List.copyOf(orderBy);
    }

    /** A result column: its name (the alias, or the expression as written) and what it holds. */
    record Output(String name, ResultExpr value) {}

    /** ORDER BY one output: {@code NULLS LAST} unless written otherwise, for both directions (DuckDB's default). */
    record SortKey(int output, boolean descending, boolean nullsFirst) {}
}
