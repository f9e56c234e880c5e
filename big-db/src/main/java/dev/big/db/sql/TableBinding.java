package dev.big.db.sql;

import dev.big.db.FieldType;
import dev.big.db.InvalidInputException;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * A statement's table in one snapshot's schema: resolves the names a statement uses to the
 * table's id column and fields. Names match case-insensitively, as in DuckDB (big refuses two
 * fields whose names differ only in case, so a match is never ambiguous); an exact match wins.
 */
final class TableBinding {

    /** A column of the table: the id (field null) or a field. */
    record BoundColumn(String name, FieldInfo field) {

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
    }

    private final TableInfo table;

    private TableBinding(TableInfo table) {
        this.table = table;
    }

    static TableBinding of(Catalog catalog, String name) {
        if (catalog.hasTable(name)) {
            return new TableBinding(catalog.table(name));
        }
        for (String known : catalog.tables().keySet()) {
            if (known.equalsIgnoreCase(name)) {
                return new TableBinding(catalog.table(known));
            }
        }
        throw new InvalidInputException("no table '" + name + "'" + (catalog.tables().isEmpty()
                ? " (the database has no tables)" : " (tables: " + String.join(", ", catalog.tables().keySet()) + ")"));
    }

    TableInfo info() {
        return table;
    }

    String name() {
        return table.name();
    }

    BoundColumn column(ColumnRef column) {
        if (column.isId()) {
            return new BoundColumn("id", null);
        }
        FieldInfo field = table.fields().get(column.name());
        if (field == null) {
            for (FieldInfo candidate : table.fields().values()) {
                if (candidate.name().equalsIgnoreCase(column.name())) {
                    field = candidate;
                    break;
                }
            }
        }
        if (field == null) {
            List<String> names = new ArrayList<>();
            names.add("id");
            names.addAll(table.fields().keySet());
            throw SqlErrors.invalid("table '" + table.name() + "' has no column '" + column.name() + "' (its columns: "
                    + String.join(", ", names) + ")", column.sql());
        }
        return new BoundColumn(field.name(), field);
    }

    /** The fields in schema order (the order of {@code SELECT *} after the id). */
    List<FieldInfo> fields() {
        return List.copyOf(table.fields().values());
    }
}
