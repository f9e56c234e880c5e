package dev.big.db.sql;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.InvalidInputException;
import dev.big.db.TableDef;
import dev.big.db.field.FieldKinds;
import dev.big.db.field.ScalarKind;
import java.util.ArrayList;
import java.util.List;

/**
 * A statement's table in one snapshot's schema: resolves the names a statement uses to the
 * table's id column and fields. Names match case-insensitively, as in DuckDB (big refuses two
 * fields whose names differ only in case, so a match is never ambiguous); an exact match wins.
 */
final class TableBinding {

    /** A column of the table: the id (field null) or a field. */
    record BoundColumn(String name, FieldDef field) {

        boolean isId() {
            return field == null;
        }

        /** The field's type; null for the id. */
        FieldType type() {
            return field == null ? null : field.type();
        }

        String typeLabel() {
            return field == null ? "the record id" : field.type().label();
        }

        /** The field's kind when its values are bit-sliced numbers (int, timestamp, decimal), else null. */
        ScalarKind scalarKind() {
            return field != null && FieldKinds.of(field) instanceof ScalarKind kind ? kind : null;
        }
    }

    private final TableDef table;

    private TableBinding(TableDef table) {
        this.table = table;
    }

    /** The table named {@code name} in {@code schema} (a snapshot's tables). */
    static TableBinding of(List<TableDef> schema, String name) {
        TableDef caseless = null;
        for (TableDef known : schema) {
            if (known.name().equals(name)) {
                return new TableBinding(known);
            }
            if (caseless == null && known.name().equalsIgnoreCase(name)) {
                caseless = known;
            }
        }
        if (caseless != null) {
            return new TableBinding(caseless);
        }
        List<String> names = schema.stream().map(TableDef::name).toList();
        throw new InvalidInputException("no table '" + name + "'" + (names.isEmpty()
                ? " (the database has no tables)" : " (tables: " + String.join(", ", names) + ")"));
    }

    String name() {
        return table.name();
    }

    BoundColumn column(ColumnRef column) {
        if (column.isId()) {
            return new BoundColumn("id", null);
        }
        FieldDef field = table.field(column.name()).orElse(null);
        if (field == null) {
            for (FieldDef candidate : table.fields()) {
                if (candidate.name().equalsIgnoreCase(column.name())) {
                    field = candidate;
                    break;
                }
            }
        }
        if (field == null) {
            List<String> names = new ArrayList<>();
            names.add("id");
            table.fields().forEach(f -> names.add(f.name()));
            throw SqlErrors.invalid("table '" + table.name() + "' has no column '" + column.name() + "' (its columns: "
                    + String.join(", ", names) + ")", column.sql());
        }
        return new BoundColumn(field.name(), field);
    }

    /** The fields in schema order (the order of {@code SELECT *} after the id). */
    List<FieldDef> fields() {
        return table.fields();
    }
}
