package dev.big.db.sql;

import java.util.ArrayList;
import java.util.List;

/** What a compiled condition names: the columns it reads, for a join to tell which tables a condition is on. */
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
