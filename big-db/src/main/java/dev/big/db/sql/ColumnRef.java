package dev.big.db.sql;

/**
 * A column named in a statement: its name as written (quotes removed, case kept; it is matched to
 * the table's fields case-insensitively, as DuckDB does) and the fragment it stands in, for
 * messages.
 */
record ColumnRef(String name, String sql) {

    /** Whether this names the record id column. */
    boolean isId() {
        return name.equalsIgnoreCase("id");
    }

    boolean sameColumn(ColumnRef other) {
        return name.equalsIgnoreCase(other.name);
    }
}
