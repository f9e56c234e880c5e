package dev.big.db.check;

import dev.big.db.catalog.CatalogCodec;
import dev.big.db.catalog.FieldInfo;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The catalog's own consistency, from its raw entries (the decoded catalog drops what does not
 * fit): every entry of a kind big-db writes, every field of an existing table, field and table
 * names unique, every field id used once, and the header's counters above every id in use, so
 * the next table or field created never shares an id (and with it the fragments) of one that
 * exists.
 */
final class CatalogCheck {

    static void check(CheckScope scope) {
        CatalogCodec.DbHeader header = scope.catalog.header();
        Map<Integer, CatalogCodec.TableEntry> tables = new HashMap<>();
        Map<Integer, FieldInfo> fields = new HashMap<>();
        scope.txn.catalog().forEachCell(0, -1L, view -> {
            long key = view.key();
            if (CatalogCodec.isTableKey(key)) {
                tables.put((int) key, CatalogCodec.decodeTable((int) key, view.bytes()));
            } else if (CatalogCodec.isFieldKey(key)) {
                fields.put((int) key, CatalogCodec.decodeField((int) key, view.bytes()));
            } else if (key != CatalogCodec.HEADER_KEY) {
                scope.problem("catalog", "entry key " + Long.toHexString(key) + " is of no kind big-db writes (header,"
                        + " table or field): a newer big, or a damaged catalog");
            }
            return true;
        });
        Map<Integer, String> fieldIdUsers = new HashMap<>();
        Set<String> tableNames = new HashSet<>();
        for (CatalogCodec.TableEntry table : tables.values()) {
            String name = "table " + table.name() + " (id " + table.tableId() + ")";
            if (!tableNames.add(table.name())) {
                scope.problem("catalog", "two tables are named " + table.name() + ": one of them cannot be reached by name");
            }
            if (table.tableId() >= header.nextTableId()) {
                scope.problem("catalog", name + " has an id at or above the catalog's next table id "
                        + header.nextTableId() + ": the next table created would get it too");
            }
            useFieldId(scope, header, fieldIdUsers, table.existsFieldId(), "the records of " + name);
        }
        Map<Integer, Set<String>> fieldNames = new HashMap<>();
        for (FieldInfo field : fields.values()) {
            CatalogCodec.TableEntry table = tables.get(field.tableId());
            if (table == null) {
                scope.problem("catalog", "field " + field.name() + " (id " + field.fieldId() + ") belongs to table id "
                        + field.tableId() + ", which the catalog does not hold: no query can reach it");
                continue;
            }
            String name = table.name() + "." + field.name();
            if (!fieldNames.computeIfAbsent(field.tableId(), t -> new HashSet<>()).add(field.name())) {
                scope.problem("catalog", "table " + table.name() + " has two fields named " + field.name()
                        + ": one of them cannot be reached by name");
            }
            useFieldId(scope, header, fieldIdUsers, field.fieldId(), "field " + name);
        }
    }

    private static void useFieldId(CheckScope scope, CatalogCodec.DbHeader header, Map<Integer, String> users,
                                   int fieldId, String user) {
        String other = users.putIfAbsent(fieldId, user);
        if (other != null) {
            scope.problem("catalog", other + " and " + user + " both use field id " + fieldId
                    + ": they share their fragments, so each reads the other's bits");
        }
        if (fieldId >= header.nextFieldId()) {
            scope.problem("catalog", user + " uses field id " + fieldId + ", at or above the catalog's next field id "
                    + header.nextFieldId() + ": the next field created would share its fragments");
        }
    }

    private CatalogCheck() {}
}
