package dev.big.db;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** A table: its name and fields. Every table also has an implicit {@code id} column, the record id. */
public record TableDef(String name, List<FieldDef> fields) {

    /** The most fields a table may have. */
    public static final int MAX_FIELDS = 1024;

    /** Refuses an invalid name, more than {@link #MAX_FIELDS} fields and a name used twice (in any case); keeps a copy of {@code fields}. */
    public TableDef {
        Objects.requireNonNull(name, "table name");
        Names.check("table", name);
        fields = List.copyOf(fields);
        if (fields.size() > MAX_FIELDS) {
            throw new InvalidInputException("table '" + name + "' has " + fields.size() + " fields; at most "
                    + MAX_FIELDS + " are allowed");
        }
        Set<String> seen = new HashSet<>();
        for (FieldDef field : fields) {
            if (!seen.add(field.name().toLowerCase(Locale.ROOT))) {
                throw new InvalidInputException("table '" + name + "' declares field '" + field.name() + "' twice");
            }
        }
    }

    /** A table named {@code name} with {@code fields}. */
    public static TableDef of(String name, FieldDef... fields) {
        return new TableDef(name, List.of(fields));
    }

    /** The field named {@code fieldName} (exactly), if the table has one. */
    public Optional<FieldDef> field(String fieldName) {
        for (FieldDef field : fields) { // a loop, not a stream: every SQL statement looks its columns up here
            if (field.name().equals(fieldName)) {
                return Optional.of(field);
            }
        }
        return Optional.empty();
    }
}
