package dev.big.db.sql;

/**
 * Where the columns a query names are looked up: one table ({@link TableBinding}) or the tables of a
 * join ({@link JoinBinding}). The checks and result types of aggregates ({@link AggregateShape},
 * {@link ResultTypes}) ask only this, so a join's aggregates are checked and typed as one table's.
 */
sealed interface ColumnScope permits TableBinding, JoinBinding {

    /** The column {@code column} names; refuses a name no table has (or, in a join, several have). */
    TableBinding.BoundColumn column(ColumnRef column);

    /** Whether a table of the scope has a field named {@code name} (in any case). */
    boolean hasField(String name);
}
