/**
 * big's user API: a {@code Db} is one file of named tables of typed event records. Schemas
 * ({@code TableDef}, {@code FieldDef}, {@code FieldType}); writes of one record, of a
 * {@code Transaction}, of an {@code Ingester}'s batches and of a {@code BulkLoad}; reads through a
 * {@code Snapshot} of one commit (records by id, {@code Filter}s, counts, aggregates, group-bys,
 * id listings, SQL); {@code Db.check()}, metrics and file inspection.
 *
 * <p>A {@code Row} is a record's values, as SQL calls them. The rooms behind this API
 * ({@code catalog}, {@code field}, {@code write}, {@code query}, {@code check}) are not exported;
 * {@code sql}, {@code exchange} and {@code rowfile} are.
 */
package dev.big.db;
