package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.TableDef;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code big create DB --schema FILE}: a new database with the tables of a schema file. */
@Command(name = "create", mixinStandardHelpOptions = true,
        header = "Creates a new database file, with the tables of a schema file.",
        description = {
            "Schema file (JSON):",
            "  {\"tables\": [{\"name\": \"events\", \"fields\": [",
            "     {\"name\": \"value\", \"type\": \"int\", \"min\": 0, \"max\": 1048575, \"index\": \"order\"},",
            "     {\"name\": \"type\", \"type\": \"keyed\"}, {\"name\": \"verified\", \"type\": \"bool\"},",
            "     {\"name\": \"received_at\", \"type\": \"timestamp\"}, {\"name\": \"tags\", \"type\": \"set\"}]}]}",
            "Types: int, timestamp, bool, keyed (one string), set (several strings). min/max are optional,",
            "for int and timestamp fields only. \"index\": \"order\" gives an int, decimal or timestamp field an order",
            "index (named table_field_order). Every table has an implicit id column."})
final class CreateCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DB", description = "The database file to create; it must not exist.")
    Path database;

    @Option(names = "--schema", paramLabel = "FILE", description = "The tables to create (JSON, see above).")
    Path schema;

    @Override
    public Integer call() {
        List<TableDef> tables = schema == null ? List.of() : SchemaFile.read(schema);
        Inputs.newFile(database, "database");
        Db.create(database, tables).close();
        PrintWriter out = Terminal.stdout();
        out.println("created " + database + (tables.isEmpty() ? " with no tables" : ""));
        for (TableDef table : tables) {
            out.println("  table " + table.name() + ": " + String.join(", ", table.fields().stream().map(Object::toString).toList()));
        }
        out.flush();
        return ExitCodes.OK;
    }
}
