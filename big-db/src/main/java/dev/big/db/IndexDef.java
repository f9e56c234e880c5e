package dev.big.db;

/**
 * An order index as the schema lists it: its name (unique in the database, in any case), the
 * table and the field whose values it counts. Every index big keeps is an order index of one
 * int, decimal or timestamp field ({@link FieldDef#orderIndex()}): a counted tree of the field's
 * values that answers unfiltered range counts, ranks and quantiles in a few page visits.
 */
public record IndexDef(String name, String table, String field) {}
