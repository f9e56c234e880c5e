package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.FieldHandle;
import dev.big.db.Snapshot;
import dev.big.db.TableHandle;
import dev.big.db.rowfile.JsonAnswerWriter;
import dev.big.db.rowfile.ValueText;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code big get DB TABLE ID}: one whole record. (Without an option it runs without picocli: BigCommand.plainCommand.) */
@Command(name = "get", mixinStandardHelpOptions = true,
        header = "Prints one record.",
        description = {
            "Prints record ID of TABLE: every field, empty where it has no value.",
            "Exits with 1 if there is no such record."})
final class GetCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DB", description = "The database file (opened read-only).")
    Path database;

    @Parameters(index = "1", paramLabel = "TABLE", description = "The table.")
    String table;

    @Parameters(index = "2", paramLabel = "ID", description = "The record id (0 .. 2^63-2).")
    long id;

    @Option(names = "--format", paramLabel = "table|csv|json|markdown",
            description = "table (one field per line, the default on a terminal), csv (header and one row, the"
                    + " default when piped), json (one object) or markdown (a one-row Markdown table).")
    OutputFormat format;

    @Override
    public Integer call() {
        if (id < 0 || id > Db.MAX_RECORD_ID) {
            throw new CliException(ExitCodes.USAGE, "ID must be 0 .. 2^63-2, got " + id);
        }
        try (Db db = Databases.openReadOnly(database); Snapshot snapshot = db.read()) {
            TableHandle records = snapshot.tableHandle(table);
            if (!records.exists(id)) {
                throw new CliException(ExitCodes.NOT_FOUND, "no record " + id + " in table " + table);
            }
            List<String> columns = new ArrayList<>(List.of("id"));
            List<Object> values = new ArrayList<>(List.of(id));
            for (FieldHandle field : records.fields()) {
                columns.add(field.name());
                values.add(records.get(id, field));
            }
            PrintWriter out = Terminal.stdout();
            switch (OutputFormat.orDefault(format)) {
                case TABLE -> {
                    int width = columns.stream().mapToInt(String::length).max().orElse(2);
                    for (int i = 0; i < columns.size(); i++) {
                        out.println((columns.get(i) + " ".repeat(width - columns.get(i).length()) + "  "
                                + ValueText.of(values.get(i))).stripTrailing());
                    }
                }
                case MARKDOWN -> ResultPrinter.markdown(columns, List.of(values), null, out);
                case CSV -> ResultPrinter.csv(columns, List.of(values), out);
                case JSON -> out.println(JsonAnswerWriter.object(columns, values));
            }
            out.flush();
        }
        return ExitCodes.OK;
    }
}
