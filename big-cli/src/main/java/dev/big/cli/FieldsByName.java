package dev.big.cli;

import dev.big.db.FieldDef;
import dev.big.db.TableDef;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A table's fields by name, whatever the case a header or a JSON key writes it in ({@code Value}
 * names the field {@code value}). A table cannot have two fields whose names differ only in case,
 * so the match is never ambiguous.
 */
final class FieldsByName {

    private final TableDef table;
    private final Map<String, FieldDef> byName = new HashMap<>();

    FieldsByName(TableDef table) {
        this.table = table;
        for (FieldDef field : table.fields()) {
            byName.put(key(field.name()), field);
        }
    }

    /** The field {@code name} names, or null. */
    FieldDef get(String name) {
        return byName.get(key(name));
    }

    /** Whether {@code name} names the id column, the record id ({@code id}, any case). */
    static boolean isId(String name) {
        return name.equalsIgnoreCase(CsvRows.ID_COLUMN);
    }

    /** Why {@code name} is refused: no such field; what the table has, and what to do. */
    String unknown(String what) {
        return "not in table '" + table.name() + "' (its fields: " + String.join(", ", table.fields().stream()
                .map(FieldDef::name).toList()) + "; an " + what + " is optional; --ignore-unknown skips the "
                + (what.startsWith("'") ? "columns" : "keys") + " the table lacks)";
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
