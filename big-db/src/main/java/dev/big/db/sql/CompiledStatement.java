package dev.big.db.sql;

/**
 * One statement after parsing and compiling: a query ({@code write} null), and whether it was
 * asked for with {@code EXPLAIN}, or a write ({@code query} null). Holds no schema, so it stays
 * valid across commits and is shared by threads.
 */
record CompiledStatement(Query query, boolean explain, WriteStatement write) {

    CompiledStatement(Query query, boolean explain) {
        this(query, explain, null);
    }

    static CompiledStatement of(WriteStatement write) {
        return new CompiledStatement(null, false, write);
    }
}
