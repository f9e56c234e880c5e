package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.big.page.MetaPage;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** create, load (CSV and JSONL, bulk and batches), get, stats and check, as a user runs them. */
@Tag("child-jvm")
class LoadIT {

    static final String CSV = """
            id,value,type,verified,received_at,size,tags
            1,5,click,true,2024-01-01T00:00:00Z,10,a|b
            2,1048575,"view, full",false,2024-01-01 01:30:00+01:00,,
            7,,click,YES,1704067200123,0,c
            9,0,,0,,-5,b|a|b
            """;

    static final String JSONL = """
            {"value": 42, "type": "buy", "verified": true, "received_at": "2024-01-02T00:00:00Z", "tags": ["x", "y"]}

            {"value": null, "received_at": 1704153600000}
            {"id": 20, "size": 99999999999, "tags": []}
            """;

    @Test
    void createLoadGetStatsAndCheck() throws Exception {
        Path dir = Cli.newDir("load");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        Cli.write(dir.resolve("events.csv"), CSV);
        Cli.write(dir.resolve("more.jsonl"), JSONL);

        Cli.Run create = Cli.big(dir, "create", "events.big", "--schema", "schema.json");
        assertEquals(0, create.exitCode(), create.toString());
        assertEquals("""
                created events.big
                  table events: value int [0, 1048575], type keyed, verified bool, received_at timestamp, size int, tags set
                """, create.stdout());

        Cli.Run csv = Cli.big(dir, "load", "events.big", "events", "events.csv");
        assertEquals(0, csv.exitCode(), csv.toString());
        assertTrue(csv.stdout().matches("(?s)loaded 4 rows into events in .* rows/s\\), wrote .* is now .*\n"), csv.stdout());
        assertEquals("", csv.stderr(), "no progress bar when not on a terminal");

        Cli.Run jsonl = Cli.big(dir, "load", "events.big", "events", "more.jsonl", "--batch", "2");
        assertEquals(0, jsonl.exitCode(), jsonl.toString());
        assertTrue(jsonl.stdout().startsWith("loaded 3 rows into events"), jsonl.stdout());

        assertEquals("""
                id,value,type,verified,received_at,size,tags
                2,1048575,"view, full",false,2024-01-01T00:30:00Z,,
                """, Cli.big(dir, "get", "events.big", "events", "2").stdout(), "csv is the default when piped");
        assertEquals("""
                id           7
                value
                type         click
                verified     true
                received_at  2024-01-01T00:00:00.123Z
                size         0
                tags         c
                """, Cli.big(dir, "get", "events.big", "events", "7", "--format", "table").stdout());
        assertEquals("""
                {"id":9,"value":0,"type":null,"verified":false,"received_at":null,"size":-5,"tags":["a","b"]}
                """, Cli.big(dir, "get", "events.big", "events", "9", "--format", "json").stdout());
        assertEquals("""
                {"id":10,"value":42,"type":"buy","verified":true,"received_at":"2024-01-02T00:00:00Z","size":null,"tags":["x","y"]}
                """, Cli.big(dir, "get", "events.big", "events", "10", "--format", "JSON").stdout(), "appended after the highest id");
        assertEquals("""
                {"id":20,"value":null,"type":null,"verified":null,"received_at":null,"size":99999999999,"tags":[]}
                """, Cli.big(dir, "get", "events.big", "events", "20", "--format", "json").stdout(),
                "an empty set is a value, apart from none");
        assertEquals("11,,,,2024-01-02T00:00:00Z,,\n", Cli.big(dir, "get", "events.big", "events", "11").stdout().lines()
                .skip(1).findFirst().orElseThrow() + "\n", "appended: a null is no value");

        Cli.Run missing = Cli.big(dir, "get", "events.big", "events", "3");
        assertEquals(1, missing.exitCode(), missing.toString());
        assertEquals("big get: no record 3 in table events\n", missing.stderr());
        assertEquals("", missing.stdout());

        Cli.Run stats = Cli.big(dir, "stats", "events.big");
        assertEquals(0, stats.exitCode(), stats.toString());
        assertTrue(stats.stdout().contains("format     file format 6 (this build reads 1 to 6)\n"), stats.stdout());
        assertTrue(stats.stdout().contains("""
                table events: 7 records
                  value        int [0, 1048575]
                  type         keyed
                  verified     bool
                  received_at  timestamp
                  size         int
                  tags         set
                """), stats.stdout());
        JsonNode json = new ObjectMapper().readTree(Cli.big(dir, "stats", "events.big", "--json").stdout());
        assertEquals(7, json.get("tables").get(0).get("records").asLong());
        assertEquals(1048575, json.get("tables").get(0).get("fields").get(0).get("max").asLong());
        assertEquals(MetaPage.VERSION_CREATED, json.get("formatVersion").asInt());
        assertTrue(json.get("fileSizeBytes").asLong() > 0 && json.get("fragments").asLong() > 0, json.toString());

        Cli.Run check = Cli.big(dir, "check", "events.big");
        assertEquals(0, check.exitCode(), check.toString());
        assertTrue(check.stdout().matches("events.big: txid \\d+, \\d+ pages, \\d+ checked, \\d+ free: OK\n"), check.stdout());
    }

    @Test
    void loadWithSchemaCreatesTheDatabaseAndBulkAndBatchesAgree() {
        Path dir = Cli.newDir("load-schema");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        StringBuilder csv = new StringBuilder("value,type,verified,received_at,size,tags\n");
        java.util.Random random = new java.util.Random(9);
        for (int i = 0; i < 3_000; i++) {
            csv.append(random.nextInt(1 << 20)).append(",t").append(random.nextInt(5)).append(',').append(random.nextBoolean())
                    .append(',').append(1_700_000_000_000L + i * 1000L).append(',').append(random.nextInt(1000)).append(",tag")
                    .append(random.nextInt(3)).append('\n');
        }
        Cli.write(dir.resolve("rows.csv"), csv.toString());
        Cli.Run bulk = Cli.big(dir, "load", "bulk.big", "events", "rows.csv", "--schema", "schema.json", "--bulk");
        assertEquals(0, bulk.exitCode(), bulk.toString());
        Cli.Run batches = Cli.big(dir, "load", "batch.big", "events", "rows.csv", "--schema", "schema.json", "--batch", "700");
        assertEquals(0, batches.exitCode(), batches.toString());
        for (String id : new String[] {"0", "700", "2999"}) {
            Cli.Run a = Cli.big(dir, "get", "bulk.big", "events", id);
            assertEquals(0, a.exitCode(), a.toString());
            assertEquals(a.stdout(), Cli.big(dir, "get", "batch.big", "events", id).stdout(), "record " + id);
        }
        assertEquals(1, Cli.big(dir, "get", "bulk.big", "events", "3000").exitCode());
        Cli.Run again = Cli.big(dir, "load", "bulk.big", "events", "rows.csv", "--schema", "schema.json");
        assertEquals(0, again.exitCode(), "an existing database with the schema's tables is loaded into: " + again);
        assertTrue(Cli.big(dir, "stats", "bulk.big").stdout().contains("table events: 6,000 records"));
    }

    /** What DuckDB and PostgreSQL write for a TIMESTAMP: no zone. UTC by default, like big's SQL; --timezone for local time. */
    @Test
    void zonelessTimestampsLoadAsUtcOrInTheZoneOfTimezone() {
        Path dir = Cli.newDir("load-zone");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        Cli.write(dir.resolve("local.csv"), """
                id,received_at
                1,2001-01-01 00:01:00
                2,2024-03-31T02:30:00.123456
                3,2024-10-27 02:30:00
                4,2024-07-01
                5,2024-07-01 12:00:00+00:00
                """);
        Cli.write(dir.resolve("local.jsonl"), """
                {"id": 6, "received_at": "2024-01-15 12:00:00"}
                """);
        Cli.Run utc = Cli.big(dir, "load", "utc.big", "events", "local.csv", "local.jsonl", "--schema", "schema.json");
        assertEquals(0, utc.exitCode(), utc.toString());
        Cli.Run paris = Cli.big(dir, "load", "paris.big", "events", "local.csv", "local.jsonl", "--schema", "schema.json",
                "--timezone", "Europe/Paris");
        assertEquals(0, paris.exitCode(), paris.toString());
        String sql = "SELECT id, received_at FROM events ORDER BY id";
        assertEquals("""
                id,received_at
                1,2001-01-01T00:01:00Z
                2,2024-03-31T02:30:00.123Z
                3,2024-10-27T02:30:00Z
                4,2024-07-01T00:00:00Z
                5,2024-07-01T12:00:00Z
                6,2024-01-15T12:00:00Z
                """, Cli.big(dir, "query", "utc.big", sql).stdout());
        assertEquals("""
                id,received_at
                1,2000-12-31T23:01:00Z
                2,2024-03-31T01:30:00.123Z
                3,2024-10-27T00:30:00Z
                4,2024-06-30T22:00:00Z
                5,2024-07-01T12:00:00Z
                6,2024-01-15T11:00:00Z
                """, Cli.big(dir, "query", "paris.big", sql).stdout(),
                "winter +01:00, summer +02:00; the spring gap's 02:30 is 03:30 summer time, the autumn overlap's the first");

        Cli.Run badZone = Cli.big(dir, "load", "utc.big", "events", "local.csv", "--timezone", "Europe/Pariss");
        BadInputIT.assertOneLine(64, "big load: --timezone Europe/Pariss is not a time zone: use a region such as Europe/Paris"
                + " or America/New_York, UTC, or an offset such as +02:00", badZone);
    }
}
