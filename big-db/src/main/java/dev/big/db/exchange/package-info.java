/**
 * The export stream ({@code .bigx}): a self-describing, versioned copy of a database or of some of
 * its tables, in coords addressing, that another build of big imports. {@code ExportFormat}'s
 * javadoc is the format. {@code Exporter} writes it from one snapshot; {@code Importer} verifies
 * every block and builds a new database, which appears under its name only once all of it loaded
 * and passed the checks.
 */
package dev.big.db.exchange;
