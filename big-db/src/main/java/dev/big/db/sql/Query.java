package dev.big.db.sql;

/**
 * A compiled SELECT, before it meets the schema: the shape of the answer, the table, and the
 * WHERE clause (null when there is none). Compiled once per statement text and cached; bound to
 * the snapshot's schema on every run.
 */
sealed interface Query permits AggregateQuery, ListingQuery, JoinQuery {

    /** The table name as written in FROM. */
    String table();

    /** The WHERE clause, or null. */
    Predicate where();

    /** The LIMIT, or null when there is none. */
    Literal.IntLiteral limit();
}
