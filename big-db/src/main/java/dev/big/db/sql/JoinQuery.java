package dev.big.db.sql;

import java.util.List;

/**
 * A SELECT over tables joined on equal keys ({@code FROM a [INNER | LEFT] JOIN b ON a.k = b.k ...}),
 * before it meets the schema. {@code sources} are the tables in the order written, the first the
 * one of FROM; each later one says how it joins. The statement's answer is {@code aggregate} (the
 * same shape as a one-table aggregate query, its columns qualified) or {@code listing}, the other
 * null. {@link JoinRunner} answers it (docs/sql.md, "Joins").
 */
record JoinQuery(List<Source> sources, AggregateQuery aggregate, Listing listing) implements Query {

    /** How a table joins the tables before it. */
    enum Kind { FROM, INNER, LEFT }

    /**
     * A table of the join: its name, the qualifier its columns go by (alias or name), how it joins,
     * and for a joined table its key and the earlier table's column the key must equal
     * ({@code ON other = key}; {@code USING (k)}: {@code other} is unqualified). {@code on} holds
     * the other conditions of its ON clause, on this table's columns alone (null: none).
     */
    record Source(String table, String qualifier, Kind kind, ColumnRef key, ColumnRef other, Predicate on, String sql) {}

    /**
     * A listing of joined rows: the select list, the WHERE clause, the order (any columns of any
     * table, each ASC or DESC with NULLs last unless written first) and LIMIT (null: none).
     */
    record Listing(List<Projection> projections, Predicate where, List<SortColumn> orderBy, Literal.IntLiteral limit) {
        Listing {
            projections = List.copyOf(projections);
            orderBy = List.copyOf(orderBy);
        }
    }

    /** One item of a joined listing's select list. */
    sealed interface Projection permits AllColumns, Column {}

    /** {@code *} ({@code qualifier} null: every table's columns in turn) or {@code t.*} (one table's). */
    record AllColumns(String qualifier) implements Projection {}

    /** One column, returned under {@code name}. */
    record Column(ColumnRef column, String name) implements Projection {}

    record SortColumn(ColumnRef column, boolean descending, boolean nullsFirst) {}

    JoinQuery {
        sources = List.copyOf(sources);
    }

    @Override
    public String table() {
        return sources.getFirst().table();
    }

    @Override
    public Predicate where() {
        return aggregate != null ? aggregate.where() : listing.where();
    }

    @Override
    public Literal.IntLiteral limit() {
        return aggregate != null ? aggregate.limit() : listing.limit();
    }
}
