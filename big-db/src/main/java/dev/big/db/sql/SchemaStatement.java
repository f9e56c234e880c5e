package dev.big.db.sql;

/**
 * A compiled CREATE INDEX or DROP INDEX, before it meets the schema: names as written (quotes
 * removed, case kept; matched case-insensitively). {@link SchemaRunner} binds and runs it in a
 * transaction.
 */
sealed interface SchemaStatement {

    /** {@code CREATE INDEX [IF NOT EXISTS] name ON table (column)}: an order index of the column. */
    record CreateIndex(String name, String table, String column, boolean ifNotExists, String sql) implements SchemaStatement {}

    /** {@code DROP INDEX [IF EXISTS] name}. */
    record DropIndex(String name, boolean ifExists, String sql) implements SchemaStatement {}
}
