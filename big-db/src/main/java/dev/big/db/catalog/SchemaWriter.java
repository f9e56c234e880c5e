package dev.big.db.catalog;

import dev.big.db.FieldDef;
import dev.big.db.InvalidInputException;
import dev.big.db.TableDef;
import dev.big.db.field.ScalarKind;
import dev.big.engine.WriteTxn;
import dev.big.engine.bsi.OrderIndex;
import dev.big.engine.coords.Coords;
import dev.big.page.MetaPage;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Schema changes inside a write transaction, so they commit (or roll back) with the data: create
 * a table, add a field, drop a field (freeing all its pages) or a table, give a field an order
 * index (built from its planes in the same transaction) or drop it.
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
        String indexName = null;
        if (def.orderIndex()) {
            requireOrderIndexFormat(tableName, def.name());
            indexName = defaultIndexName(tableName, def.name());
        }
        table = putField(table, FieldInfo.created(nextFieldId(), table.tableId(), def, indexName));
        writeHeader();
        return table;
    }

    /**
     * Gives {@code fieldName} an order index named {@code indexName} and builds it from the
     * field's planes ({@link OrderIndex#rebuild}); from this transaction's commit on, every write
     * keeps it exact. A null name is {@code table_field_order}. Refuses a field that is not int, decimal or timestamp, one that has an order
     * index already, a name another index has (in any case), and a file whose format predates
     * order indexes.
     */
    public TableInfo createOrderIndex(String tableName, String fieldName, String indexName) {
        TableInfo table = catalog.table(tableName);
        FieldInfo field = table.field(fieldName);
        if (field.hasOrderIndex()) {
            throw new InvalidInputException("field '" + fieldName + "' of table '" + tableName + "' already has order index '"
                    + field.orderIndexName() + "'; a field keeps one (drop it first to rename it)");
        }
        if (!(field.kind() instanceof ScalarKind)) {
            throw new InvalidInputException("field '" + fieldName + "' of table '" + tableName + "' is "
                    + field.type().label() + ": only int, decimal and timestamp fields take an order index (it orders numbers)");
        }
        if (indexName == null) {
            indexName = defaultIndexName(tableName, fieldName);
        }
        catalog.orderIndex(indexName).ifPresent(taken -> {
            throw new InvalidInputException("an index named '" + taken.field().orderIndexName() + "' exists already (on "
                    + taken.table().name() + "." + taken.field().name() + "); index names are unique in a database, in any case");
        });
        requireOrderIndexFormat(tableName, fieldName);
        FieldInfo indexed = field.withOrderIndex(indexName);
        table = putField(table, indexed);
        OrderIndex.rebuild(txn, indexed.bsi());
        return table;
    }

    /** Drops the order index of {@code fieldName} and frees its pages; the field and its values stay. */
    public TableInfo dropOrderIndex(String tableName, String fieldName) {
        TableInfo table = catalog.table(tableName);
        FieldInfo field = table.field(fieldName);
        if (!field.hasOrderIndex()) {
            throw new InvalidInputException("field '" + fieldName + "' of table '" + tableName + "' has no order index");
        }
        txn.dropFragment(OrderIndex.fragmentKey(field.bsi()));
        return putField(table, field.withoutOrderIndex());
    }

    /** Puts {@code field} into {@code table}, the catalog and the catalog tree. */
    private TableInfo putField(TableInfo table, FieldInfo field) {
        table = table.withField(field);
        catalog = catalog.withTable(table);
        txn.catalog().putBytes(CatalogCodec.fieldKey(field.fieldId()), CatalogCodec.encodeField(field));
        return table;
    }

    /**
     * An order index is written only into a file whose format holds one: an older build would
     * read the file and write the field without keeping the index current.
     */
    private void requireOrderIndexFormat(String tableName, String fieldName) {
        int format = txn.formatVersion();
        if (format < MetaPage.VERSION_ORDER_INDEX) {
            throw new InvalidInputException("field '" + fieldName + "' of table '" + tableName + "' cannot get an order index:"
                    + " this file has format version " + format + ", and order indexes need version "
                    + MetaPage.VERSION_ORDER_INDEX + " or later: run `big migrate FILE` first");
        }
    }

    /**
     * The name an order index gets when its field asks for one without naming it (a table
     * created with {@code FieldDef.withOrderIndex()}): {@code table_field_order}, cut to the
     * length of a name and numbered when another index has that name.
     */
    private String defaultIndexName(String tableName, String fieldName) {
        String base = tableName + "_" + fieldName + "_order";
        for (int n = 1; ; n++) {
            String suffix = n == 1 ? "" : "_" + n;
            String name = base.substring(0, Math.min(base.length(), MAX_INDEX_NAME_LENGTH - suffix.length())) + suffix;
            if (catalog.orderIndex(name).isEmpty()) {
                return name;
            }
        }
    }

    /** The longest index name: that of table and field names. */
    public static final int MAX_INDEX_NAME_LENGTH = 64;

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
