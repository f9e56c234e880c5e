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
        /** Refuses a null field, operator or value (a comparison with null is {@link Filter#isNull}). */
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
        /** Keeps an unmodifiable copy of {@code values}. */
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
        /** Refuses null fields and operator. */
        public CompareFields {
            Objects.requireNonNull(left);
            Objects.requireNonNull(op);
            Objects.requireNonNull(right);
        }
    }

    /** {@code set field contains value}. */
    record Contains(String field, String value) implements Filter {}

    /** Every one of {@code filters}; an empty list matches every record. */
    record And(List<Filter> filters) implements Filter {
        /** Keeps an unmodifiable copy of {@code filters}. */
        public And {
            filters = List.copyOf(filters);
        }
    }

    /** Any of {@code filters}; an empty list matches no record. */
    record Or(List<Filter> filters) implements Filter {
        /** Keeps an unmodifiable copy of {@code filters}. */
        public Or {
            filters = List.copyOf(filters);
        }
    }

    /** The records for which {@code filter} is false: not those where it is unknown (a null field). */
    record Not(Filter filter) implements Filter {}

    /** A comparison operator. */
    enum Op {
        /** Equal. */
        EQ,
        /** Not equal. */
        NE,
        /** Less than. */
        LT,
        /** Less than or equal. */
        LE,
        /** Greater than. */
        GT,
        /** Greater than or equal. */
        GE
    }

    /** Every record of the table. */
    static Filter all() {
        return new All();
    }

    /** {@code field = value}. */
    static Filter eq(String field, Object value) {
        return new Compare(field, Op.EQ, value);
    }

    /** {@code field <> value}: records with a value other than {@code value} (not those without one). */
    static Filter ne(String field, Object value) {
        return new Compare(field, Op.NE, value);
    }

    /** {@code field < value}. */
    static Filter lt(String field, Object value) {
        return new Compare(field, Op.LT, value);
    }

    /** {@code field <= value}. */
    static Filter le(String field, Object value) {
        return new Compare(field, Op.LE, value);
    }

    /** {@code field > value}. */
    static Filter gt(String field, Object value) {
        return new Compare(field, Op.GT, value);
    }

    /** {@code field >= value}. */
    static Filter ge(String field, Object value) {
        return new Compare(field, Op.GE, value);
    }

    /** {@code field BETWEEN low AND high}, both inclusive. */
    static Filter between(String field, Object low, Object high) {
        return new Between(field, low, high);
    }

    /** {@code field IN (values)}. */
    static Filter in(String field, Object... values) {
        return new In(field, List.of(values));
    }

    /** {@code field IN (values)}, from a list. */
    static Filter in(String field, List<?> values) {
        return new In(field, List.copyOf(values));
    }

    /** Records without a value in {@code field}. */
    static Filter isNull(String field) {
        return new IsNull(field);
    }

    /** Records with a value in {@code field}. */
    static Filter isNotNull(String field) {
        return new Not(new IsNull(field));
    }

    /** {@code left op right}, two fields of the same type (see {@link CompareFields}). */
    static Filter compareFields(String left, Op op, String right) {
        return new CompareFields(left, op, right);
    }

    /** Records whose set field {@code setField} holds {@code value}. */
    static Filter contains(String setField, String value) {
        return new Contains(setField, value);
    }

    /** Records matching every one of {@code filters}. */
    static Filter and(Filter... filters) {
        return new And(List.of(filters));
    }

    /** Records matching every one of {@code filters}, from a list. */
    static Filter and(List<Filter> filters) {
        return new And(filters);
    }

    /** Records matching any of {@code filters}. */
    static Filter or(Filter... filters) {
        return new Or(List.of(filters));
    }

    /** Records matching any of {@code filters}, from a list. */
    static Filter or(List<Filter> filters) {
        return new Or(filters);
    }

    /** NOT {@code filter}; NOT of a NOT is the inner filter (true in three-valued logic too). */
    static Filter not(Filter filter) {
        return filter instanceof Not not ? not.filter() : new Not(filter);
    }
}
