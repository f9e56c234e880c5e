package dev.big.db;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * An event record's values: field values by name, and the record id when it has one. A field
 * that is absent (or null) has no value: it reads back as null, never as 0 or false. (Named
 * {@code Row} after SQL and JDBC; everywhere else in big a row is a bitmap row of a fragment, and
 * what this holds the values of is a record.)
 *
 * <p>Accepted values when writing: {@code int} fields take any integral {@link Number};
 * {@code timestamp} fields an {@link Instant} or epoch milliseconds; {@code bool} a
 * {@link Boolean}; {@code keyed} a {@link String}; {@code set} a collection of strings. Records
 * read back hold {@code Long}, {@code Instant}, {@code Boolean}, {@code String} and
 * {@code Set<String>}.
 */
public final class Row {

    private final Long id;
    private final Map<String, Object> values;

    private Row(Long id, Map<String, Object> values) {
        this.id = id;
        this.values = Collections.unmodifiableMap(values);
    }

    /** A record from alternating names and values: {@code Row.of("value", 5, "type", "click")}. */
    public static Row of(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("Row.of takes name, value pairs");
        }
        Builder builder = builder();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (!(namesAndValues[i] instanceof String name)) {
                throw new IllegalArgumentException("Row.of takes name, value pairs: argument " + i + " should be a field name, not "
                        + namesAndValues[i]);
            }
            builder.set(name, namesAndValues[i + 1]);
        }
        return builder.build();
    }

    /** A record holding {@code values}, by field name (null values are left out). */
    public static Row of(Map<String, ?> values) {
        Builder builder = builder();
        values.forEach(builder::set);
        return builder.build();
    }

    /** A builder, to set fields one at a time. */
    public static Builder builder() {
        return new Builder();
    }

    /** The record id, when the record was read from a table or given one. */
    public OptionalLong id() {
        return id == null ? OptionalLong.empty() : OptionalLong.of(id);
    }

    /** This record with id {@code id}. */
    public Row withId(long id) {
        return new Row(id, new LinkedHashMap<>(values));
    }

    /** The non-null values, by field name, in the order they were set. */
    public Map<String, Object> values() {
        return values;
    }

    /** The value of {@code field} as stored, or null when it has none. */
    public Object get(String field) {
        return values.get(field);
    }

    /** Whether {@code field} has a value. */
    public boolean has(String field) {
        return values.get(field) != null;
    }

    /**
     * The value of int field {@code field}, or null when it has none; throws
     * {@link IllegalArgumentException} naming the field's kind when it holds another kind of value.
     */
    public Long getLong(String field) {
        Object value = values.get(field);
        if (value == null) {
            return null;
        }
        if (value instanceof Number number && !(value instanceof BigDecimal)) {
            return number.longValue();
        }
        throw misuse(field, value, "an int", "getLong");
    }

    /** The value of timestamp field {@code field} (stored as an Instant or epoch milliseconds), or null. */
    public Instant getInstant(String field) {
        Object value = values.get(field);
        return switch (value) {
            case null -> null;
            case Instant instant -> instant;
            case Number millis when !(value instanceof BigDecimal) -> Instant.ofEpochMilli(millis.longValue());
            default -> throw misuse(field, value, "a timestamp", "getInstant");
        };
    }

    /** The value of decimal field {@code field}, or null. */
    public BigDecimal getDecimal(String field) {
        return typed(field, BigDecimal.class, "a decimal", "getDecimal");
    }

    /** The value of bool field {@code field}, or null. */
    public Boolean getBoolean(String field) {
        return typed(field, Boolean.class, "a bool", "getBoolean");
    }

    /** The value of keyed field {@code field}, or null. */
    public String getString(String field) {
        return typed(field, String.class, "a keyed", "getString");
    }

    /** The values of set field {@code field}, or null when it has none. */
    public Set<String> getSet(String field) {
        Collection<?> values = typed(field, Collection.class, "a set", "getSet");
        if (values == null) {
            return null;
        }
        for (Object element : values) {
            if (!(element instanceof String)) {
                throw new IllegalArgumentException("field '" + field + "' holds a collection with " + describe(element)
                        + ", not a set of strings");
            }
        }
        @SuppressWarnings("unchecked")
        Collection<String> strings = (Collection<String>) values;
        return Set.copyOf(strings);
    }

    private <T> T typed(String field, Class<T> type, String kind, String accessor) {
        Object value = values.get(field);
        if (value == null || type.isInstance(value)) {
            return type.cast(value);
        }
        throw misuse(field, value, kind, accessor);
    }

    /** "field 'type' holds a keyed value ("click"), not an int: read it with getString". */
    private static IllegalArgumentException misuse(String field, Object value, String wanted, String accessor) {
        return new IllegalArgumentException("field '" + field + "' holds " + describe(value) + ", not " + wanted
                + " value (" + accessor + "): read it with " + accessorOf(value));
    }

    /** The kind a value read back belongs to, with the value when it is short. */
    private static String describe(Object value) {
        String kind = switch (value) {
            case BigDecimal ignored -> "a decimal value";
            case Number ignored -> "an int value";
            case Instant ignored -> "a timestamp value";
            case Boolean ignored -> "a bool value";
            case String ignored -> "a keyed value";
            case Collection<?> ignored -> "a set value";
            default -> "a " + value.getClass().getSimpleName();
        };
        String text = value instanceof String string ? '"' + string + '"' : String.valueOf(value);
        return text.length() <= 40 ? kind + " (" + text + ")" : kind;
    }

    private static String accessorOf(Object value) {
        return switch (value) {
            case BigDecimal ignored -> "getDecimal";
            case Number ignored -> "getLong";
            case Instant ignored -> "getInstant";
            case Boolean ignored -> "getBoolean";
            case String ignored -> "getString";
            case Collection<?> ignored -> "getSet";
            default -> "get";
        };
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Row that && Objects.equals(id, that.id) && values.equals(that.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, values);
    }

    @Override
    public String toString() {
        return (id == null ? "" : "#" + id + " ") + values;
    }

    /**
     * Builds a record field by field; setting null leaves the field out. A builder may go on after
     * {@link #build()}: the record keeps the values it was built with.
     */
    public static final class Builder {
        private Map<String, Object> values = new LinkedHashMap<>();
        /** True once {@link #build()} handed {@link #values} to a record: the next change copies it. */
        private boolean built;
        private Long id;

        private Builder() {}

        /** Gives the record the id {@code id} (a record read from a table has its own). */
        public Builder id(long id) {
            this.id = id;
            return this;
        }

        /** Sets {@code field} to {@code value}; null leaves the field out. */
        public Builder set(String field, Object value) {
            Objects.requireNonNull(field, "field name");
            if (built) {
                // Loads build millions of records; copying only when a builder is reused keeps build() free.
                values = new LinkedHashMap<>(values);
                built = false;
            }
            if (value == null) {
                values.remove(field);
            } else {
                values.put(field, value);
            }
            return this;
        }

        /** The record of the values set so far. */
        public Row build() {
            built = true;
            return new Row(id, values);
        }
    }
}
