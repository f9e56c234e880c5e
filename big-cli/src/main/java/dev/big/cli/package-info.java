/**
 * The {@code big} command (docs/cli.md): create, load (CSV, JSON Lines, Parquet), query, the
 * shell, get, stats, check, export and import, and the demo. It talks to big-db's API only,
 * mapping big-page's exceptions to exit codes, and names nothing of big-engine or big-pager. A
 * row here is a row of an input file, each of which a load makes a record, or of a printed answer.
 */
package dev.big.cli;
