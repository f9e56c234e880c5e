package dev.big.db.sql;

import java.util.List;

/**
 * A query answered with aggregates: one row over all matching records ({@code groupBy} null), or
 * one row per value of a keyed field. {@code outputs} are the selected columns in order, followed
 * by hidden ones that ORDER BY refers to without selecting them; the first {@code visible} are
 * returned.
 */
record AggregateQuery(String table, List<Output> outputs, int visible, ColumnRef groupBy, Predicate where,
                      List<SortKey> orderBy, Literal.IntLiteral limit) implements Query {

    AggregateQuery {
        outputs = List.copyOf(outputs);
        orderBy = List.copyOf(orderBy);
    }

    /** A result column: its name (the alias, or the expression as written) and what it holds. */
    record Output(String name, Value value) {}

    /** What a result column holds. */
    sealed interface Value permits GroupKey, AggregateCall {
        String sql();
    }

    /** The group-by column itself. */
    record GroupKey(ColumnRef column) implements Value {
        @Override
        public String sql() {
            return column.sql();
        }
    }

    /** {@code count(*)}, {@code count(f)}, {@code count(DISTINCT f)}, {@code sum(f)}, ...; column null for count(*). */
    record AggregateCall(Function function, ColumnRef column, String sql) implements Value {

        enum Function { COUNT_STAR, COUNT, COUNT_DISTINCT, SUM, MIN, MAX, AVG }

        /** The same aggregate, however it is spelled (ORDER BY count(*) finds SELECT COUNT(*) AS n). */
        boolean sameAs(AggregateCall other) {
            return function == other.function
                    && (column == null ? other.column == null : other.column != null && column.sameColumn(other.column));
        }
    }

    /** ORDER BY one output: {@code NULLS LAST} unless written otherwise, for both directions (DuckDB's default). */
    record SortKey(int output, boolean descending, boolean nullsFirst) {}
}
