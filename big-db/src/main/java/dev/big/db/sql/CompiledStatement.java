package dev.big.db.sql;

/**
 * One statement after parsing and compiling: the query, and whether it was asked for with
 * {@code EXPLAIN}. Holds no schema, so it stays valid across commits and is shared by threads.
 */
record CompiledStatement(Query query, boolean explain) {}
