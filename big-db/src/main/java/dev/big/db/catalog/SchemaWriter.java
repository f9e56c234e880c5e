package dev.big.db.catalog;

import dev.big.db.FieldDef;
import dev.big.db.InvalidInputException;
import dev.big.db.TableDef;
import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Schema changes inside a write transaction, so they commit (or roll back) with the data: create
 * a table, add a field, drop a field (freeing all its pages) or a table.
 */
public final class SchemaWriter {

    private final WriteTxn txn;
    private Catalog catalog;

    public SchemaWriter(WriteTxn txn, Catalog catalog) {
        this.txn = txn;
        this.catalog = catalog;
    }

    public Catalog catalog() {
        return catalog;
    }

    public TableInfo createTable(TableDef def) {
        if (catalog.hasTable(def.name())) {
            throw new InvalidInputException("table '" + def.name() + "' already exists");
        }
        CatalogCodec.DbHeader header = catalog.header();
        int tableId = header.nextTableId();
        int existsFieldId = nextFieldId();
        Map<String, FieldInfo> fields = new LinkedHashMap<>();
        TableInfo table = new TableInfo(tableId, def.name(), existsFieldId, 0, fields);
        catalog = catalog.withHeader(new CatalogCodec.DbHeader(tableId + 1, catalog.header().nextFieldId()))
                .withTable(table);
        for (FieldDef field : def.fields()) {
            table = addField(def.name(), field);
        }
        txn.catalog().putBytes(CatalogCodec.tableKey(tableId), CatalogCodec.encodeTable(catalog.table(def.name())));
        writeHeader();
        return catalog.table(def.name());
    }

    public TableInfo addField(String tableName, FieldDef def) {
        TableInfo table = catalog.table(tableName);
        if (table.hasField(def.name())) {
            throw new InvalidInputException("table '" + tableName + "' already has a field '" + def.name() + "'");
        }
        if (table.fields().size() >= TableDef.MAX_FIELDS) {
            throw new InvalidInputException("table '" + tableName + "' already has the most fields allowed ("
                    + TableDef.MAX_FIELDS + ")");
        }
        FieldInfo field = FieldInfo.created(nextFieldId(), table.tableId(), def);
        table = table.withField(field);
        catalog = catalog.withTable(table);
        txn.catalog().putBytes(CatalogCodec.fieldKey(field.fieldId()), CatalogCodec.encodeField(field));
        writeHeader();
        return table;
    }

    /** Drops a field and frees every page it used. */
    public TableInfo dropField(String tableName, String fieldName) {
        TableInfo table = catalog.table(tableName);
        FieldInfo field = table.field(fieldName);
        dropFragments(field.fieldId());
        txn.catalog().remove(CatalogCodec.fieldKey(field.fieldId()));
        table = table.withoutField(fieldName);
        catalog = catalog.withTable(table);
        return table;
    }

    /** Drops a table with all its fields and records. */
    public void dropTable(String tableName) {
        TableInfo table = catalog.table(tableName);
        for (String field : table.fields().keySet()) {
            dropField(tableName, field);
        }
        dropFragments(table.existsFieldId());
        txn.catalog().remove(CatalogCodec.tableKey(table.tableId()));
        Map<String, TableInfo> tables = new LinkedHashMap<>(catalog.tables());
        tables.remove(tableName);
        catalog = new Catalog(catalog.header(), tables);
    }

    private void dropFragments(int fieldId) {
        for (int view = 0; view <= Coords.MAX_VIEW; view++) {
            java.util.List<Long> keys = new java.util.ArrayList<>();
            txn.forEachFragment(Coords.firstFragmentKey(fieldId, view), Coords.lastFragmentKey(fieldId, view), (key, summary) -> {
                keys.add(key);
                return true;
            });
            for (long key : keys) {
                txn.dropFragment(key);
            }
        }
    }

    private int nextFieldId() {
        CatalogCodec.DbHeader header = catalog.header();
        int id = header.nextFieldId();
        if (id > Coords.MAX_FIELD) {
            throw new InvalidInputException("the database has used all " + Coords.MAX_FIELD
                    + " field ids; export it and import it into a new database to compact them");
        }
        catalog = catalog.withHeader(new CatalogCodec.DbHeader(header.nextTableId(), id + 1));
        return id;
    }

    private void writeHeader() {
        txn.catalog().putBytes(CatalogCodec.HEADER_KEY, CatalogCodec.encodeHeader(catalog.header()));
    }
}
