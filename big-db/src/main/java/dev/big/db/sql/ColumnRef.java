package dev.big.db.sql;

/**
 * A column named in a statement: its name as written (quotes removed, case kept; it is matched to
 * the table's fields case-insensitively, as DuckDB does) and the fragment it stands in, for
 * messages. {@code qualifier} is the table name or alias it was qualified with in a join
 * ({@code a.state}), null when unqualified or in a statement of one table (where the reader has
 * checked that it names that table and drops it).
 */
record ColumnRef(String qualifier, String name, String sql) {

    /** An unqualified column. */
    ColumnRef(String name, String sql) {
        this(null, name, sql);
    }

    /** Whether this names the record id column. */
    boolean isId() {
        return name.equalsIgnoreCase("id");
    }

    boolean sameColumn(ColumnRef other) {
        return name.equalsIgnoreCase(other.name)
                && (qualifier == null ? other.qualifier == null : qualifier.equalsIgnoreCase(other.qualifier));
    }

    /** The column as one lower-case string, qualifier included: equal for the same column however it is cased. */
    String canonical() {
        String column = name.toLowerCase(java.util.Locale.ROOT);
        return qualifier == null ? column : qualifier.toLowerCase(java.util.Locale.ROOT) + "." + column;
    }
}
