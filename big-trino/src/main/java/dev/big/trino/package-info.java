/**
 * A Trino connector over a directory of big files (docs/trino.md): each file's tables as Trino
 * tables, splits that are shard ranges of one file read at one pinned commit, filters, limits,
 * projections and counts pushed down, values handed to Trino as blocks of column values.
 */
package dev.big.trino;
