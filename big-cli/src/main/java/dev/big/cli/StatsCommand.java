package dev.big.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.IndexDef;
import dev.big.db.Inspection;
import dev.big.db.Metrics;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code big stats DB}: what is in a database and how big it is. */
@Command(name = "stats", mixinStandardHelpOptions = true,
        header = "Prints what a database holds and how big it is.",
        description = {
            "The tables, their fields (with their order indexes) and record counts, the number of fragments, the file size, free pages, the"
                    + " latest commit and the file's format version."})
final class StatsCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Parameters(index = "0", paramLabel = "DB", description = "The database file (opened read-only).")
    Path database;

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (Db db = Databases.openReadOnly(database); Snapshot snapshot = db.read()) {
            Metrics metrics = db.metrics();
            int formatVersion = snapshot.commit().formatVersion();
            PrintWriter out = Terminal.stdout();
            if (json) {
                out.println(JSON.writeValueAsString(asJson(snapshot, metrics, formatVersion)));
            } else {
                out.println("database   " + database);
                out.println("format     file format " + formatVersion + " (this build reads "
                        + Inspection.FORMAT_VERSION_START + " to " + Inspection.FORMAT_VERSION_CURRENT
                        + (formatVersion < Inspection.FORMAT_VERSION_CURRENT
                                ? "; `big migrate` raises it to " + Inspection.FORMAT_VERSION_CURRENT : "") + ")");
                out.println("commit     txid " + snapshot.txid());
                out.println("size       " + Units.bytes(metrics.fileSizeBytes()) + " (" + Units.count(metrics.fileSizeBytes())
                        + " bytes): " + Units.count(metrics.pageCount()) + " pages of " + Inspection.PAGE_SIZE_BYTES / 1024
                        + " KiB, " + Units.count(metrics.freePages()) + " free");
                out.println("fragments  " + Units.count(metrics.fragments()));
                for (TableDef table : snapshot.schema()) {
                    long records = snapshot.count(table.name());
                    out.println();
                    out.println("table " + table.name() + ": " + Units.count(records) + (records == 1 ? " record" : " records"));
                    int width = table.fields().stream().mapToInt(f -> f.name().length()).max().orElse(0);
                    int typeWidth = table.fields().stream().mapToInt(f -> type(f).length()).max().orElse(0);
                    for (FieldDef field : table.fields()) {
                        String index = indexName(snapshot, table, field);
                        String type = type(field);
                        out.println("  " + field.name() + " ".repeat(width - field.name().length() + 2) + type
                                + (index != null ? " ".repeat(typeWidth - type.length() + 2) + "order index " + index : ""));
                    }
                }
            }
            out.flush();
        }
        return ExitCodes.OK;
    }

    /** A field's type and bounds, as the text lists them. */
    private static String type(FieldDef field) {
        return field.type().label() + (field.min() != null || field.max() != null ? " [" + bound(field.min()) + ", "
                + bound(field.max()) + "]" : "");
    }

    /** The name of {@code field}'s order index, or null when it has none. */
    private static String indexName(Snapshot snapshot, TableDef table, FieldDef field) {
        if (!field.orderIndex()) {
            return null;
        }
        for (IndexDef index : snapshot.indexes()) {
            if (index.table().equals(table.name()) && index.field().equals(field.name())) {
                return index.name();
            }
        }
        return null;
    }

    private static String bound(Long value) {
        return value == null ? "" : value.toString();
    }

    private ObjectNode asJson(Snapshot snapshot, Metrics metrics, int formatVersion) {
        ObjectNode root = JSON.createObjectNode();
        root.put("database", database.toString());
        root.put("formatVersion", formatVersion);
        root.put("txid", snapshot.txid());
        root.put("fileSizeBytes", metrics.fileSizeBytes());
        root.put("pageSizeBytes", Inspection.PAGE_SIZE_BYTES);
        root.put("pages", metrics.pageCount());
        root.put("freePages", metrics.freePages());
        root.put("fragments", metrics.fragments());
        ArrayNode tables = root.putArray("tables");
        for (TableDef table : snapshot.schema()) {
            ObjectNode t = tables.addObject();
            t.put("name", table.name());
            t.put("records", snapshot.count(table.name()));
            ArrayNode fields = t.putArray("fields");
            for (FieldDef field : table.fields()) {
                ObjectNode f = fields.addObject();
                f.put("name", field.name());
                f.put("type", field.type().label());
                if (field.min() != null) {
                    f.put("min", field.min());
                }
                if (field.max() != null) {
                    f.put("max", field.max());
                }
                String index = indexName(snapshot, table, field);
                if (index != null) {
                    f.put("index", SchemaFile.ORDER_INDEX);
                    f.put("indexName", index);
                }
            }
        }
        return root;
    }
}
