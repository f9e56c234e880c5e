/**
 * A JDBC driver for big files, {@code jdbc:big:PATH[?readonly=true]} (docs/jdbc.md): connections
 * sharing one open database per file and mode, statements and prepared statements that run big's
 * SQL, forward-only result sets, metadata for database tools, and big's exceptions as
 * {@code SQLException}s with SQLStates.
 */
package dev.big.jdbc;
