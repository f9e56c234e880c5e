package dev.big.db.sql;

/**
 * One statement after parsing and compiling: a query ({@code write} and {@code schema} null), and
 * whether it was asked for with {@code EXPLAIN}, a write ({@code query} null) or a schema change
 * (CREATE INDEX, DROP INDEX: {@code query} null). Holds no schema, so it stays valid across commits
 * and is shared by threads.
 */
record CompiledStatement(Query query, boolean explain, WriteStatement write, SchemaStatement schema) {

    CompiledStatement(Query query, boolean explain) {
        this(query, explain, null, null);
    }

    static CompiledStatement of(WriteStatement write) {
        return new CompiledStatement(null, false, write, null);
    }

    static CompiledStatement of(SchemaStatement schema) {
        return new CompiledStatement(null, false, null, schema);
    }
}
