package dev.big.db.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * What a compiled condition names and says without data: the columns it reads (for a join to tell
 * which tables a condition is on), its AND-ed terms, and its truth over a row of NULLs.
 */
final class Predicates {

    /** The columns {@code predicate} reads, in the order written, repeats included. */
    static List<ColumnRef> columns(Predicate predicate) {
        List<ColumnRef> columns = new ArrayList<>();
        collect(predicate, columns);
        return columns;
    }

    /** The terms of {@code predicate} AND-ed at its top (itself alone when it is no AND; none when null). */
    static List<Predicate> conjuncts(Predicate predicate) {
        if (predicate == null) {
            return List.of();
        }
        if (predicate instanceof Predicate.And and) {
            List<Predicate> terms = new ArrayList<>();
            and.terms().forEach(term -> terms.addAll(conjuncts(term)));
            return terms;
        }
        return List.of(predicate);
    }

    /** {@code terms} AND-ed, or null when there are none. */
    static Predicate and(List<Predicate> terms) {
        return terms.isEmpty() ? null : terms.size() == 1 ? terms.getFirst()
                : new Predicate.And(terms, String.join(" AND ", terms.stream().map(Predicate::sql).toList()));
    }

    /**
     * Whether {@code predicate} is true (TRUE), false (FALSE) or unknown (null) of a row whose
     * columns are all NULL, by SQL's three-valued logic: every comparison with NULL is unknown,
     * {@code IS NULL} true.
     */
    static Boolean onNulls(Predicate predicate) {
        return switch (predicate) {
            case Predicate.IsNull ignored -> Boolean.TRUE;
            case Predicate.Not not -> {
                Boolean term = onNulls(not.term());
                yield term == null ? null : !term;
            }
            case Predicate.And and -> {
                boolean unknown = false;
                for (Predicate term : and.terms()) {
                    Boolean value = onNulls(term);
                    if (Boolean.FALSE.equals(value)) {
                        yield Boolean.FALSE;
                    }
                    unknown |= value == null;
                }
                yield unknown ? null : Boolean.TRUE;
            }
            case Predicate.Or or -> {
                boolean unknown = false;
                for (Predicate term : or.terms()) {
                    Boolean value = onNulls(term);
                    if (Boolean.TRUE.equals(value)) {
                        yield Boolean.TRUE;
                    }
                    unknown |= value == null;
                }
                yield unknown ? null : Boolean.FALSE;
            }
            default -> null;
        };
    }

    private static void collect(Predicate predicate, List<ColumnRef> columns) {
        switch (predicate) {
            case Predicate.Comparison c -> columns.add(c.column());
            case Predicate.ColumnComparison c -> {
                columns.add(c.left());
                columns.add(c.right());
            }
            case Predicate.Between b -> columns.add(b.column());
            case Predicate.InList in -> columns.add(in.column());
            case Predicate.IsNull n -> columns.add(n.column());
            case Predicate.BoolColumn b -> columns.add(b.column());
            case Predicate.Contains c -> columns.add(c.column());
            case Predicate.And and -> and.terms().forEach(term -> collect(term, columns));
            case Predicate.Or or -> or.terms().forEach(term -> collect(term, columns));
            case Predicate.Not not -> collect(not.term(), columns);
        }
    }

    private Predicates() {}
}
