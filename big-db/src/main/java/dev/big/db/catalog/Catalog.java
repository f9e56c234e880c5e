package dev.big.db.catalog;

import dev.big.db.InvalidInputException;
import dev.big.engine.Fragment;
import dev.big.engine.Txn;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The schema of a database at one committed state, decoded from the catalog tree: tables by
 * name, their fields, and the id counters. Immutable; a write transaction changes a copy and
 * stores the entries it changed.
 */
public record Catalog(CatalogCodec.DbHeader header, Map<String, TableInfo> tables) {

    private record CacheKey() {}

    public Catalog {
        tables = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tables));
    }

    public static Catalog empty() {
        return new Catalog(new CatalogCodec.DbHeader(1, 1), Map.of());
    }

    /** The catalog of {@code txn}'s state (decoded once, and again only once a commit changes the catalog). */
    public static Catalog of(Txn txn) {
        return txn.catalogCached(new CacheKey(), k -> load(txn.catalog()));
    }

    static Catalog load(Fragment tree) {
        byte[] headerBytes = tree.getBytes(CatalogCodec.HEADER_KEY);
        if (headerBytes == null) {
            return empty();
        }
        CatalogCodec.DbHeader header = CatalogCodec.decodeHeader(headerBytes);
        Map<Integer, CatalogCodec.TableEntry> tableEntries = new TreeMap<>();
        Map<Integer, List<FieldInfo>> fieldsByTable = new HashMap<>();
        tree.forEachCell(0, -1L, view -> {
            long key = view.key();
            if (CatalogCodec.isTableKey(key)) {
                int id = (int) key;
                tableEntries.put(id, CatalogCodec.decodeTable(id, view.bytes()));
            } else if (CatalogCodec.isFieldKey(key)) {
                FieldInfo field = CatalogCodec.decodeField((int) key, view.bytes());
                fieldsByTable.computeIfAbsent(field.tableId(), t -> new java.util.ArrayList<>()).add(field);
            }
            return true;
        });
        Map<String, TableInfo> tables = new LinkedHashMap<>();
        for (CatalogCodec.TableEntry entry : tableEntries.values()) {
            Map<String, FieldInfo> fields = new LinkedHashMap<>();
            for (FieldInfo field : fieldsByTable.getOrDefault(entry.tableId(), List.of())) {
                fields.put(field.name(), field);
            }
            tables.put(entry.name(), new TableInfo(entry.tableId(), entry.name(), entry.existsFieldId(),
                    entry.nextRecordId(), fields));
        }
        return new Catalog(header, tables);
    }

    public TableInfo table(String name) {
        TableInfo table = tables.get(name);
        if (table == null) {
            throw new InvalidInputException("no table '" + name + "'" + (tables.isEmpty() ? " (the database has no tables)"
                    : " (tables: " + String.join(", ", tables.keySet()) + ")"));
        }
        return table;
    }

    public boolean hasTable(String name) {
        return tables.containsKey(name);
    }

    /** A field with an order index, and the table it belongs to. */
    public record IndexedField(TableInfo table, FieldInfo field) {}

    /** The field whose order index is named {@code name} (in any case, as SQL names match), if there is one. */
    public java.util.Optional<IndexedField> orderIndex(String name) {
        for (TableInfo table : tables.values()) {
            for (FieldInfo field : table.fields().values()) {
                if (field.hasOrderIndex() && field.orderIndexName().equalsIgnoreCase(name)) {
                    return java.util.Optional.of(new IndexedField(table, field));
                }
            }
        }
        return java.util.Optional.empty();
    }

    /** Every field with an order index, table by table in catalog order. */
    public List<IndexedField> orderIndexes() {
        List<IndexedField> indexed = new java.util.ArrayList<>();
        for (TableInfo table : tables.values()) {
            for (FieldInfo field : table.fields().values()) {
                if (field.hasOrderIndex()) {
                    indexed.add(new IndexedField(table, field));
                }
            }
        }
        return indexed;
    }

    public Catalog withTable(TableInfo table) {
        Map<String, TableInfo> changed = new LinkedHashMap<>(tables);
        changed.put(table.name(), table);
        return new Catalog(header, changed);
    }

    public Catalog withHeader(CatalogCodec.DbHeader header) {
        return new Catalog(header, tables);
    }
}
