package dev.big.trino;

import dev.big.db.FieldDef;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import io.trino.spi.TrinoException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.trino.spi.StandardErrorCode.GENERIC_INTERNAL_ERROR;

/**
 * The tables of a data directory: a table is every big table of that name across the files (the
 * union of their records), and its columns are {@code id}, the union of the files' fields (in the
 * order first seen; a field a file lacks is null there), and the hidden {@code $file}.
 */
final class BigTables {

    private final BigFileSet files;

    BigTables(BigFileSet files) {
        this.files = files;
    }

    /** The files the tables span. */
    BigFileSet files() {
        return files;
    }

    /** Table name to columns, from the latest commit of every file. */
    Map<String, List<BigColumnHandle>> tables() {
        Map<String, Map<String, BigColumnHandle>> tables = new TreeMap<>();
        Map<String, String> firstFile = new LinkedHashMap<>();
        for (String file : files.files()) {
            List<TableDef> schema;
            try (Snapshot snapshot = files.open().db(file).read()) {
                schema = snapshot.schema();
            }
            for (TableDef table : schema) {
                Map<String, BigColumnHandle> columns = tables.computeIfAbsent(table.name(), t -> new LinkedHashMap<>());
                for (FieldDef field : table.fields()) {
                    BigColumnHandle column = new BigColumnHandle(field.name(), ColumnKind.of(field.type()), field.scale());
                    BigColumnHandle known = columns.putIfAbsent(field.name(), column);
                    String key = table.name() + "." + field.name();
                    firstFile.putIfAbsent(key, file);
                    if (known != null && known.kind() != column.kind()) {
                        throw new TrinoException(GENERIC_INTERNAL_ERROR, "table '" + table.name() + "' field '" + field.name()
                                + "' is " + field.type().label() + " in " + file + " but " + known.kind().name().toLowerCase(java.util.Locale.ROOT)
                                + " in " + firstFile.get(key) + "; a table spanning files needs one type per field");
                    }
                }
            }
        }
        Map<String, List<BigColumnHandle>> result = new TreeMap<>();
        tables.forEach((name, fields) -> {
            List<BigColumnHandle> columns = new ArrayList<>();
            columns.add(BigColumnHandle.ID);
            columns.addAll(fields.values());
            columns.add(BigColumnHandle.FILE);
            result.put(name, List.copyOf(columns));
        });
        return result;
    }
}
