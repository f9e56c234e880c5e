package dev.big.db;

import java.util.List;
import java.util.Objects;

/**
 * Which records a query looks at: comparisons of one field with constants or with another field,
 * combined with and, or and not. The field {@code id} is the record id. Comparisons never match a record whose field is
 * null (as in SQL); {@link #isNull} and {@link #not} see nulls.
 *
 * <p>Constants: integers for {@code int} fields and ids; {@link java.time.Instant} or epoch millis
 * for {@code timestamp}; {@code Boolean} for {@code bool}; strings for {@code keyed} (equality and
 * IN only). {@code set} fields are tested with {@link #contains}.
 */
public sealed interface Filter {

    /** Every record of the table. */
    record All() implements Filter {}

    /** {@code field op value}. */
    record Compare(String field, Op op, Object value) implements Filter {
        public Compare {
            Objects.requireNonNull(field);
            Objects.requireNonNull(op);
            Objects.requireNonNull(value, "compare with null: use isNull / isNotNull");
        }
    }

    /** {@code field BETWEEN low AND high}, both inclusive. */
    record Between(String field, Object low, Object high) implements Filter {}

    /** {@code field IN (values)}. */
    record In(String field, List<Object> values) implements Filter {
        public In {
            values = List.copyOf(values);
        }
    }

    /** {@code field IS NULL}. */
    record IsNull(String field) implements Filter {}

    /**
     * {@code left op right}: two fields of the same type compared with each other (int and
     * timestamp fields with any operator, keyed and bool fields with EQ and NE); never matches a
     * record where either is null.
     */
    record CompareFields(String left, Op op, String right) implements Filter {
        public CompareFields {
            Objects.requireNonNull(left);
            Objects.requireNonNull(op);
            Objects.requireNonNull(right);
        }
    }

    /** {@code set field contains value}. */
    record Contains(String field, String value) implements Filter {}

    record And(List<Filter> filters) implements Filter {
        public And {
            filters = List.copyOf(filters);
        }
    }

    record Or(List<Filter> filters) implements Filter {
        public Or {
            filters = List.copyOf(filters);
        }
    }

    record Not(Filter filter) implements Filter {}

    enum Op { EQ, NE, LT, LE, GT, GE }

    static Filter all() {
        return new All();
    }

    static Filter eq(String field, Object value) {
        return new Compare(field, Op.EQ, value);
    }

    static Filter ne(String field, Object value) {
        return new Compare(field, Op.NE, value);
    }

    static Filter lt(String field, Object value) {
        return new Compare(field, Op.LT, value);
    }

    static Filter le(String field, Object value) {
        return new Compare(field, Op.LE, value);
    }

    static Filter gt(String field, Object value) {
        return new Compare(field, Op.GT, value);
    }

    static Filter ge(String field, Object value) {
        return new Compare(field, Op.GE, value);
    }

    static Filter between(String field, Object low, Object high) {
        return new Between(field, low, high);
    }

    static Filter in(String field, Object... values) {
        return new In(field, List.of(values));
    }

    static Filter in(String field, List<?> values) {
        return new In(field, List.copyOf(values));
    }

    static Filter isNull(String field) {
        return new IsNull(field);
    }

    static Filter isNotNull(String field) {
        return new Not(new IsNull(field));
    }

    static Filter compareFields(String left, Op op, String right) {
        return new CompareFields(left, op, right);
    }

    static Filter contains(String setField, String value) {
        return new Contains(setField, value);
    }

    static Filter and(Filter... filters) {
        return new And(List.of(filters));
    }

    static Filter and(List<Filter> filters) {
        return new And(filters);
    }

    static Filter or(Filter... filters) {
        return new Or(List.of(filters));
    }

    static Filter or(List<Filter> filters) {
        return new Or(filters);
    }

    /** NOT {@code filter}; NOT of a NOT is the inner filter (true in three-valued logic too). */
    static Filter not(Filter filter) {
        return filter instanceof Not not ? not.filter() : new Not(filter);
    }
}
