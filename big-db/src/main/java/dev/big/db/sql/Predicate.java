package dev.big.db.sql;

import dev.big.db.Filter;
import java.util.List;

/**
 * A compiled WHERE clause, before it meets the schema: which columns are compared with which
 * literals. {@link PredicateBinder} checks it against the table and turns it into a
 * {@link Filter}. Every node keeps the fragment of SQL it came from, for messages.
 *
 * <p>{@code NOT IN}, {@code NOT BETWEEN} and {@code IS NOT NULL} compile to {@link Not} of the
 * positive form, which is what they mean in SQL's three-valued logic.
 */
sealed interface Predicate {

    String sql();

    /** {@code column op literal} (a literal on the left is turned around at compile time). */
    record Comparison(ColumnRef column, Filter.Op op, Literal value, String sql) implements Predicate {}

    /** {@code column op column}: two columns of one record compared. */
    record ColumnComparison(ColumnRef left, Filter.Op op, ColumnRef right, String sql) implements Predicate {}

    record Between(ColumnRef column, Literal low, Literal high, String sql) implements Predicate {}

    record InList(ColumnRef column, List<Literal> values, String sql) implements Predicate {
        public InList {
            values = List.copyOf(values);
        }
    }

    record IsNull(ColumnRef column, String sql) implements Predicate {}

    /** A column standing alone as a condition: must be a bool field, and means {@code column = true}. */
    record BoolColumn(ColumnRef column, String sql) implements Predicate {}

    /** {@code list_contains(column, 'value')}: the set field holds the value. */
    record Contains(ColumnRef column, Literal value, String sql) implements Predicate {}

    record And(List<Predicate> terms, String sql) implements Predicate {
        public And {
            terms = List.copyOf(terms);
        }
    }

    record Or(List<Predicate> terms, String sql) implements Predicate {
        public Or {
            terms = List.copyOf(terms);
        }
    }

    record Not(Predicate term, String sql) implements Predicate {}
}
