package dev.big.db.catalog;

import dev.big.db.InvalidInputException;
import dev.big.db.TableDef;
import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table as stored: its id, the id of its record-existence row (a field of its own: row 0 of
 * view ROWS marks every record of the table; each fragment's summary holds its record count),
 * the next id {@code append} assigns, and its fields.
 */
public record TableInfo(int tableId, String name, int existsFieldId, long nextRecordId, Map<String, FieldInfo> fields) {

    public TableInfo {
        fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    public FieldInfo field(String fieldName) {
        FieldInfo field = fields.get(fieldName);
        if (field == null) {
            throw new InvalidInputException("table '" + name + "' has no field '" + fieldName + "' (its fields: "
                    + String.join(", ", fields.keySet()) + ")");
        }
        return field;
    }

    public boolean hasField(String fieldName) {
        return fields.containsKey(fieldName);
    }

    public long existsFragment(long shard) {
        return Coords.fragmentKey(existsFieldId, Coords.VIEW_ROWS, shard);
    }

    public long firstExistsFragment() {
        return Coords.firstFragmentKey(existsFieldId, Coords.VIEW_ROWS);
    }

    public long lastExistsFragment() {
        return Coords.lastFragmentKey(existsFieldId, Coords.VIEW_ROWS);
    }

    public TableDef def() {
        List<dev.big.db.FieldDef> defs = new ArrayList<>();
        for (FieldInfo field : fields.values()) {
            defs.add(field.def());
        }
        return new TableDef(name, defs);
    }

    public TableInfo withNextRecordId(long next) {
        return new TableInfo(tableId, name, existsFieldId, next, fields);
    }

    public TableInfo withField(FieldInfo field) {
        Map<String, FieldInfo> changed = new LinkedHashMap<>(fields);
        changed.put(field.name(), field);
        return new TableInfo(tableId, name, existsFieldId, nextRecordId, changed);
    }

    public TableInfo withoutField(String fieldName) {
        Map<String, FieldInfo> changed = new LinkedHashMap<>(fields);
        changed.remove(fieldName);
        return new TableInfo(tableId, name, existsFieldId, nextRecordId, changed);
    }
}
