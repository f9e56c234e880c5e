package dev.big.trino;

import dev.big.db.Filter;
import java.util.List;
import java.util.Objects;

/**
 * The part of a query's predicate the connector evaluates, in a form that crosses nodes as JSON
 * (big's {@link Filter} is a sealed interface Jackson cannot rebuild): an operator, the field it
 * tests, the constants as text (decimal numbers for ids, ints and epoch millis, {@code true} /
 * {@code false}, strings as they are) and the children of and / or / not.
 *
 * <p>Operators: {@code all}, {@code eq ne lt le gt ge} (one constant), {@code in} (any number,
 * none matches nothing), {@code isnull}, {@code contains} (a set field and a value),
 * {@code and or not}.
 */
public record PushedFilter(String op, String field, ColumnKind kind, List<String> values, List<PushedFilter> children) {

    static final PushedFilter ALL = new PushedFilter("all", null, null, List.of(), List.of());

    public PushedFilter {
        Objects.requireNonNull(op, "op");
        values = values == null ? List.of() : List.copyOf(values);
        children = children == null ? List.of() : List.copyOf(children);
    }

    static PushedFilter compare(String op, BigColumnHandle column, String value) {
        return new PushedFilter(op, column.name(), column.kind(), List.of(value), List.of());
    }

    static PushedFilter in(BigColumnHandle column, List<String> values) {
        return new PushedFilter("in", column.name(), column.kind(), values, List.of());
    }

    static PushedFilter isNull(BigColumnHandle column) {
        return new PushedFilter("isnull", column.name(), column.kind(), List.of(), List.of());
    }

    static PushedFilter contains(BigColumnHandle column, String value) {
        return new PushedFilter("contains", column.name(), column.kind(), List.of(value), List.of());
    }

    static PushedFilter not(PushedFilter child) {
        return new PushedFilter("not", null, null, List.of(), List.of(child));
    }

    static PushedFilter and(List<PushedFilter> children) {
        List<PushedFilter> kept = children.stream().filter(c -> !c.isAll()).toList();
        return kept.isEmpty() ? ALL : kept.size() == 1 ? kept.getFirst() : new PushedFilter("and", null, null, List.of(), kept);
    }

    static PushedFilter or(List<PushedFilter> children) {
        return children.size() == 1 ? children.getFirst() : new PushedFilter("or", null, null, List.of(), children);
    }

    boolean isAll() {
        return op.equals("all");
    }

    /** The conjuncts of this filter (itself, unless it is an and). */
    List<PushedFilter> conjuncts() {
        return op.equals("and") ? children : isAll() ? List.of() : List.of(this);
    }

    /** big's filter for this predicate. */
    Filter toFilter() {
        return switch (op) {
            case "all" -> Filter.all();
            case "eq" -> Filter.eq(field, constant(values.getFirst()));
            case "ne" -> Filter.ne(field, constant(values.getFirst()));
            case "lt" -> Filter.lt(field, constant(values.getFirst()));
            case "le" -> Filter.le(field, constant(values.getFirst()));
            case "gt" -> Filter.gt(field, constant(values.getFirst()));
            case "ge" -> Filter.ge(field, constant(values.getFirst()));
            case "in" -> Filter.in(field, values.stream().map(this::constant).toList());
            case "isnull" -> Filter.isNull(field);
            case "contains" -> Filter.contains(field, values.getFirst());
            case "and" -> Filter.and(children.stream().map(PushedFilter::toFilter).toList());
            case "or" -> Filter.or(children.stream().map(PushedFilter::toFilter).toList());
            case "not" -> Filter.not(children.getFirst().toFilter());
            default -> throw new IllegalArgumentException("pushed filter with unknown operator '" + op + "': " + this);
        };
    }

    private Object constant(String text) {
        return switch (kind) {
            case ID, INT, TIMESTAMP -> Long.parseLong(text);
            case DECIMAL -> new java.math.BigDecimal(text);
            case BOOL -> Boolean.parseBoolean(text);
            case KEYED, SET, FILE -> text;
        };
    }

    /** Matches no record: an IN list of no ids. */
    static final PushedFilter NONE = new PushedFilter("in", "id", ColumnKind.ID, List.of(), List.of());

    boolean isNone() {
        return equals(NONE);
    }

    /**
     * This filter for a file whose table has only {@code fields} (and the id): a field the file
     * lacks is null in every record there, as Trino sees the union of the files. Negations are
     * pushed down to the tests first (De Morgan's laws hold in SQL's three-valued logic), so each
     * test of a missing field stands where only its true records count: {@code f IS NULL} is
     * then true for every record, {@code NOT f IS NULL} false, and any comparison or
     * {@code contains} unknown, which selects no record just as false does. Returns {@link #NONE}
     * when no record of such a file can match.
     */
    PushedFilter forFields(java.util.Set<String> fields) {
        return restricted(fields, false);
    }

    private PushedFilter restricted(java.util.Set<String> fields, boolean negated) {
        return switch (op) {
            case "all" -> negated ? NONE : ALL;
            case "not" -> children.getFirst().restricted(fields, !negated);
            case "and", "or" -> {
                boolean conjunction = op.equals("and") != negated;
                List<PushedFilter> parts = children.stream().map(c -> c.restricted(fields, negated)).toList();
                yield conjunction ? andOf(parts) : orOf(parts);
            }
            default -> {
                if (kind == ColumnKind.ID || fields.contains(field)) {
                    yield negated ? not(this) : this;
                }
                yield op.equals("isnull") && !negated ? ALL : NONE;
            }
        };
    }

    private static PushedFilter andOf(List<PushedFilter> parts) {
        return parts.stream().anyMatch(PushedFilter::isNone) ? NONE : and(parts);
    }

    private static PushedFilter orOf(List<PushedFilter> parts) {
        if (parts.stream().anyMatch(PushedFilter::isAll)) {
            return ALL;
        }
        List<PushedFilter> kept = parts.stream().filter(p -> !p.isNone()).toList();
        return kept.isEmpty() ? NONE : or(kept);
    }

    @Override
    public String toString() {
        return switch (op) {
            case "all" -> "true";
            case "and", "or" -> children.stream().map(PushedFilter::toString).collect(java.util.stream.Collectors.joining(" " + op + " ", "(", ")"));
            case "not" -> "not " + children.getFirst();
            default -> field + " " + op + " " + values;
        };
    }
}
