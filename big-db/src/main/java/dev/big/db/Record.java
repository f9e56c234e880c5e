package dev.big.db;

import java.time.Instant;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;

/**
 * An event record: field values by name, and the record id when it has one. A field that is
 * absent (or null) has no value: it reads back as null, never as 0 or false.
 *
 * <p>Accepted values when writing: {@code int} fields take any integral {@link Number};
 * {@code timestamp} fields an {@link Instant} or epoch milliseconds; {@code bool} a
 * {@link Boolean}; {@code keyed} a {@link String}; {@code set} a collection of strings. Records
 * read back hold {@code Long}, {@code Instant}, {@code Boolean}, {@code String} and
 * {@code Set<String>}.
 */
public final class Record {

    private final Long id;
    private final Map<String, Object> values;

    private Record(Long id, Map<String, Object> values) {
        this.id = id;
        this.values = Collections.unmodifiableMap(values);
    }

    /** A record from alternating names and values: {@code Record.of("value", 5, "type", "click")}. */
    public static Record of(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("Record.of takes name, value pairs");
        }
        Builder builder = builder();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            builder.set((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return builder.build();
    }

    public static Record of(Map<String, ?> values) {
        Builder builder = builder();
        values.forEach(builder::set);
        return builder.build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The record id, when the record was read from a table or given one. */
    public OptionalLong id() {
        return id == null ? OptionalLong.empty() : OptionalLong.of(id);
    }

    /** This record with id {@code id}. */
    public Record withId(long id) {
        return new Record(id, new LinkedHashMap<>(values));
    }

    /** The non-null values, by field name, in the order they were set. */
    public Map<String, Object> values() {
        return values;
    }

    public Object get(String field) {
        return values.get(field);
    }

    public boolean has(String field) {
        return values.get(field) != null;
    }

    public Long getLong(String field) {
        Object value = values.get(field);
        return value == null ? null : ((Number) value).longValue();
    }

    public Instant getInstant(String field) {
        Object value = values.get(field);
        return value == null ? null : value instanceof Instant instant ? instant : Instant.ofEpochMilli(((Number) value).longValue());
    }

    public Boolean getBoolean(String field) {
        return (Boolean) values.get(field);
    }

    public String getString(String field) {
        return (String) values.get(field);
    }

    @SuppressWarnings("unchecked")
    public Set<String> getSet(String field) {
        Object value = values.get(field);
        return value == null ? null : Set.copyOf((Collection<String>) value);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Record that && Objects.equals(id, that.id) && values.equals(that.values);
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

        public Builder id(long id) {
            this.id = id;
            return this;
        }

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

        public Record build() {
            built = true;
            return new Record(id, values);
        }
    }
}
