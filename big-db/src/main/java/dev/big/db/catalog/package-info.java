/**
 * The schema as stored: tables and fields with the engine ids they live under ({@code TableInfo},
 * {@code FieldInfo}), decoded from the engine's catalog tree ({@code CatalogCodec}, whose javadoc
 * is the format) into one immutable {@code Catalog} per commit; schema changes that commit with
 * the data ({@code SchemaWriter}); and the record counts kept in the summaries of a table's
 * existence fragments ({@code RecordCounts}).
 */
package dev.big.db.catalog;
