package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Order indexes as a user meets them: "index": "order" in a schema file, --order-index of load
 * (on a table --create makes and on one that exists), CREATE INDEX and DROP INDEX through
 * big query, and stats naming each field's index.
 */
@Tag("child-jvm")
class OrderIndexIT {

    @Test
    void aSchemaFileAsksForAnIndexAndStatsShowsIt() throws Exception {
        Path dir = Cli.newDir("order-index-schema");
        Cli.write(dir.resolve("schema.json"), """
                {"tables": [{"name": "events", "fields": [
                  {"name": "value", "type": "int", "index": "order"},
                  {"name": "type", "type": "keyed"}]}]}
                """);
        Cli.Run create = Cli.big(dir, "create", "events.big", "--schema", "schema.json");
        assertEquals(0, create.exitCode(), create.toString());
        assertEquals("created events.big\n  table events: value int order index, type keyed\n", create.stdout());
        Cli.write(dir.resolve("rows.csv"), "value,type\n5,a\n-3,b\n,c\n");
        assertEquals(0, Cli.big(dir, "load", "events.big", "events", "rows.csv").exitCode());

        Cli.Run query = Cli.big(dir, "query", "events.big", "CREATE INDEX by_id_too ON events (type)");
        assertEquals(ExitCodes.DATA_ERROR, query.exitCode(), query.toString());
        assertTrue(query.stderr().contains("type is keyed: only int, decimal and timestamp columns take an index"), query.stderr());

        Cli.Run stats = Cli.big(dir, "stats", "events.big");
        assertTrue(stats.stdout().contains("""
                table events: 3 records
                  value  int    order index events_value_order
                  type   keyed
                """), stats.stdout());
        JsonNode field = new ObjectMapper().readTree(Cli.big(dir, "stats", "events.big", "--json").stdout())
                .get("tables").get(0).get("fields").get(0);
        assertEquals("order", field.get("index").asText());
        assertEquals("events_value_order", field.get("indexName").asText());

        Cli.write(dir.resolve("plain.json"), """
                {"tables": [{"name": "events", "fields": [
                  {"name": "value", "type": "int"},
                  {"name": "type", "type": "keyed"}]}]}
                """);
        Cli.Run plain = Cli.big(dir, "load", "events.big", "events", "rows.csv", "--schema", "plain.json");
        assertEquals(0, plain.exitCode(), "a table with an index matches a schema file without it: " + plain);
        assertEquals(0, Cli.big(dir, "query", "events.big", "DROP INDEX events_value_order").exitCode());
        Cli.Run indexed = Cli.big(dir, "load", "events.big", "events", "rows.csv", "--schema", "schema.json");
        assertEquals(0, indexed.exitCode(), "the index the schema file asks for is built: " + indexed);
        assertTrue(Cli.big(dir, "stats", "events.big").stdout().contains("table events: 9 records\n"
                + "  value  int    order index events_value_order\n"));
        assertEquals(0, Cli.big(dir, "check", "events.big").exitCode());

        Cli.write(dir.resolve("bad.json"), """
                {"tables": [{"name": "t", "fields": [{"name": "v", "type": "int", "index": "hash"}]}]}
                """);
        Cli.Run bad = Cli.big(dir, "create", "bad.big", "--schema", "bad.json");
        assertEquals(ExitCodes.DATA_ERROR, bad.exitCode(), bad.toString());
        assertTrue(bad.stderr().contains("unknown index \"hash\"; the index big keeps is \"order\""), bad.stderr());
    }

    @Test
    void loadPutsOrderIndexesOnNamedFieldsAndQueryMakesAndDropsThem() {
        Path dir = Cli.newDir("order-index-load");
        Cli.write(dir.resolve("rows.csv"), "value,type,received_at\n5,a,2024-01-01T00:00:00Z\n-3,b,2024-01-02T00:00:00Z\n7,a,\n");
        Cli.Run load = Cli.big(dir, "load", "events.big", "events", "rows.csv", "--create", "--order-index", "value,RECEIVED_AT");
        assertEquals(0, load.exitCode(), load.toString());
        assertTrue(load.stdout().startsWith("created table events from 3 rows of rows.csv: value int order index, type keyed,"
                + " received_at timestamp order index\n"), load.stdout());
        assertTrue(Cli.big(dir, "stats", "events.big").stdout().contains("  value        int        order index events_value_order\n"
                + "  type         keyed\n  received_at  timestamp  order index events_received_at_order\n"),
                Cli.big(dir, "stats", "events.big").stdout());

        Cli.Run unknown = Cli.big(dir, "load", "other.big", "events", "rows.csv", "--create", "--order-index", "nope");
        assertEquals(ExitCodes.USAGE, unknown.exitCode(), unknown.toString());
        assertEquals("big load: --order-index nope: table 'events' has no field 'nope' (its fields: value, type, received_at)\n",
                unknown.stderr());
        Cli.Run keyed = Cli.big(dir, "load", "other.big", "events", "rows.csv", "--create", "--order-index", "type");
        assertEquals(ExitCodes.USAGE, keyed.exitCode(), keyed.toString());
        assertTrue(keyed.stderr().contains("field 'type' is keyed; only int, decimal and timestamp fields take an order index"),
                keyed.stderr());
        assertTrue(!java.nio.file.Files.exists(dir.resolve("other.big")), "a refused --order-index creates no database");

        assertEquals(0, Cli.big(dir, "query", "events.big", "DROP INDEX events_value_order").exitCode());
        Cli.Run again = Cli.big(dir, "load", "events.big", "events", "rows.csv", "--order-index", "value");
        assertEquals(0, again.exitCode(), "an existing table's field gets its index before the load: " + again);
        assertTrue(Cli.big(dir, "stats", "events.big").stdout().contains("table events: 6 records\n"
                + "  value        int        order index events_value_order\n"));
        Cli.Run create = Cli.big(dir, "query", "events.big", "DROP INDEX events_received_at_order");
        assertEquals(0, create.exitCode(), create.toString());
        assertEquals(0, Cli.big(dir, "query", "events.big", "CREATE INDEX by_time ON events (received_at)").exitCode());
        assertTrue(Cli.big(dir, "stats", "events.big").stdout().contains("  received_at  timestamp  order index by_time\n"));
        Cli.Run check = Cli.big(dir, "check", "events.big");
        assertEquals(0, check.exitCode(), check.toString());
    }
}
