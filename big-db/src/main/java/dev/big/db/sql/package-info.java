/**
 * big's SQL (docs/sql.md): statements parsed with JSqlParser, compiled into queries and writes,
 * bound to a table's schema, run on a snapshot or in a transaction, and explained (EXPLAIN).
 * Words here are SQL's: a column is a field of a table (or the record id) or a column of an
 * answer, and a row is a record or a row of an answer.
 */
package dev.big.db.sql;
