package dev.big.db.check;

import dev.big.db.FieldType;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.BoolKind;
import dev.big.db.field.KeyedKind;
import dev.big.db.field.ScalarKind;
import dev.big.db.field.SetKind;
import dev.big.engine.bsi.OrderIndex;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import dev.big.engine.dict.SetIds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every fragment the roots tree names belongs to a table or field of the catalog, in a view its
 * kind uses (dictionaries only in shard 0). Anything else keeps pages that no query reads and
 * that no drop will ever free: a field dropped without its data, or a fragment key gone wrong.
 */
final class FragmentOwnersCheck {

    static void check(CheckScope scope) {
        Map<Integer, TableInfo> tablesByExistsField = new HashMap<>();
        Map<Integer, FieldInfo> fieldsById = new HashMap<>();
        Map<Integer, TableInfo> tableOfField = new HashMap<>();
        for (TableInfo table : scope.catalog.tables().values()) {
            tablesByExistsField.put(table.existsFieldId(), table);
            for (FieldInfo field : table.fields().values()) {
                fieldsById.put(field.fieldId(), field);
                tableOfField.put(field.fieldId(), table);
            }
        }
        // One problem per (field, view) and what is wrong with it, however many shards it spans.
        Map<String, List<Long>> strays = new LinkedHashMap<>();
        for (long key : scope.fragments.keys()) {
            int fieldId = Coords.fieldOf(key);
            int view = Coords.viewOf(key);
            long shard = Coords.shardOf(key);
            String what;
            TableInfo records = tablesByExistsField.get(fieldId);
            FieldInfo field = fieldsById.get(fieldId);
            if (records != null) {
                what = view == Coords.VIEW_ROWS ? null : "the records of table " + records.name() + " (field id " + fieldId
                        + ") have a fragment in view " + view + ", where they keep none";
            } else if (field != null) {
                what = misplaced(CheckScope.name(tableOfField.get(fieldId), field), field, view, shard);
            } else {
                what = "field id " + fieldId + " (view " + view + ") belongs to no table or field of the catalog; its"
                        + " pages are kept but nothing reads them (a field dropped without its data?)";
            }
            if (what != null) {
                strays.computeIfAbsent(what, w -> new ArrayList<>()).add(shard);
            }
        }
        strays.forEach((what, shards) -> scope.problem("fragments", what + ": " + shards.size() + " fragment(s), shard"
                + (shards.size() == 1 ? " " : "s ") + shards.stream().limit(5).map(String::valueOf)
                .collect(Collectors.joining(", ")) + (shards.size() > 5 ? ", ..." : "")));
    }

    /** Why a fragment of {@code field} in (view, shard) should not exist, or null if it may. */
    private static String misplaced(String name, FieldInfo field, int view, long shard) {
        FieldType type = field.type();
        boolean dictionaryView = view == Dictionary.VIEW_BY_HASH || view == Dictionary.VIEW_BY_ID;
        boolean allowed = switch (field.kind()) {
            case ScalarKind scalar -> view == Coords.VIEW_BSI || (field.hasOrderIndex() && view == OrderIndex.VIEW_ORDER);
            case BoolKind bool -> view == Coords.VIEW_ROWS;
            case KeyedKind keyed -> view == Coords.VIEW_ROWS || view == Coords.VIEW_BSI || dictionaryView;
            case SetKind set -> view == Coords.VIEW_ROWS || dictionaryView || (field.hasSetIds()
                    && (view == Coords.VIEW_BSI || view == SetIds.VIEW_BY_HASH || view == SetIds.VIEW_MEMBERS));
        };
        if (!allowed) {
            return name + " (a " + type.label() + " field) has a fragment in view " + view + ", which its kind does not use";
        }
        if (view == OrderIndex.VIEW_ORDER && shard != 0) {
            return name + " has an order index tree (view " + view + ") outside shard 0, where no lookup goes";
        }
        if (dictionaryView && shard != 0) {
            return name + " has a dictionary tree (view " + view + ") outside shard 0, where no lookup goes";
        }
        if (type == FieldType.SET && view == SetIds.VIEW_BY_HASH && shard != 0) {
            return name + " has a tree of set ids by hash (view " + view + ") outside shard 0, where no lookup goes";
        }
        return null;
    }

    private FragmentOwnersCheck() {}
}
