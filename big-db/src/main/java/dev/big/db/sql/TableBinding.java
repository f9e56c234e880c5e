package dev.big.db.sql;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.InvalidInputException;
import dev.big.db.TableDef;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.FieldKinds;
import dev.big.db.field.ScalarKind;
import dev.big.db.query.QueryEngine;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A statement's table in one snapshot's schema: resolves the names a statement uses to the
 * table's id column and fields. Names match case-insensitively, as in DuckDB (big refuses two
 * fields whose names differ only in case, so a match is never ambiguous); an exact match wins.
 */
final class TableBinding implements ColumnScope {

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

    /** The most statements whose {@link AggregateShape} a binding keeps (the statement caches hold 1,024 each). */
    private static final int MAX_SHAPES = 2048;

    private final TableInfo info;
    private final TableDef table;
    /** The shapes of the aggregate statements run on this table and state, by statement (compiled once, so by identity). */
    private final Map<AggregateQuery, AggregateShape> shapes = Collections.synchronizedMap(new IdentityHashMap<>());

    private TableBinding(TableInfo info) {
        this.info = info;
        this.table = info.def();
    }

    private record BindingKey(String name) {}

    /**
     * The table named {@code name} in the schema of the commit {@code engine} reads, bound once
     * per committed state (a statement run again and again binds nothing anew).
     */
    static TableBinding of(QueryEngine engine, String name) {
        return engine.perState(new BindingKey(name), k -> of(engine.catalog(), name));
    }

    /** The table named {@code name} in {@code catalog} (the schema of the commit a statement reads). */
    static TableBinding of(Catalog catalog, String name) {
        TableInfo exact = catalog.tables().get(name);
        if (exact != null) {
            return new TableBinding(exact);
        }
        for (TableInfo known : catalog.tables().values()) {
            if (known.name().equalsIgnoreCase(name)) {
                return new TableBinding(known);
            }
        }
        List<String> names = catalog.tables().values().stream().map(TableInfo::name).toList();
        throw new InvalidInputException("no table '" + name + "'" + (names.isEmpty()
                ? " (the database has no tables)" : " (tables: " + String.join(", ", names) + ")"));
    }

    String name() {
        return table.name();
    }

    /**
     * {@code query} bound to this table ({@link AggregateShape}): made on its first run on this
     * committed state and kept, so its checks run once per state; refused as the shape refuses.
     */
    AggregateShape shape(AggregateQuery query) {
        AggregateShape shape = shapes.get(query);
        if (shape == null) {
            shape = AggregateShape.of(query, this);
            if (shapes.size() < MAX_SHAPES) {
                shapes.putIfAbsent(query, shape);
            }
        }
        return shape;
    }

    /** The table as the catalog stores it, for the query and write internals. */
    TableInfo info() {
        return info;
    }

    /** {@code column}'s field as the catalog stores it; the id has none. */
    FieldInfo info(BoundColumn column) {
        if (column.isId()) {
            throw new IllegalArgumentException("the id is no field");
        }
        return info.field(column.name());
    }

    @Override
    public boolean hasField(String name) {
        return table.fields().stream().anyMatch(f -> f.name().equalsIgnoreCase(name));
    }

    @Override
    public BoundColumn column(ColumnRef column) {
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

    /** How many values field {@code field}'s dictionary holds (what EXPLAIN estimates keyed and set work from). */
    long dictionaryValues(String field) {
        return info.field(field).nextDictId();
    }

    /** How many distinct sets set field {@code field} holds, or -1 when it keeps no set ids. */
    long sets(String field) {
        FieldInfo f = info.field(field);
        return f.hasSetIds() ? f.nextSetId() - 1 : -1;
    }

    /** The base its bit-sliced values are stored from. */
    long base(String field) {
        return info.field(field).bsi().base();
    }

    /** The fields in schema order (the order of {@code SELECT *} after the id). */
    List<FieldDef> fields() {
        return table.fields();
    }
}
