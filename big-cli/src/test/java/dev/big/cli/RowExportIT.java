package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code big export --format csv|jsonl}: a table's rows or a query's, which big load reads back. */
@Tag("child-jvm")
class RowExportIT {

    @Test
    void aTableAsCsvLoadsBackTheSameAndAQueryAsJsonl() {
        Path dir = Cli.newDir("row-export");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        Cli.write(dir.resolve("rows.csv"), """
                id,value,type,verified,received_at,size,tags
                1,5,click,true,2024-01-01T00:00:00.250Z,-10,a|b
                4,,"comma, quote "" type",false,,,
                9,7,click,,2024-01-02 00:00:00,3,c
                """);
        assertEquals(0, Cli.big(dir, "load", "src.big", "events", "rows.csv", "--schema", "schema.json").exitCode());

        Cli.Run csv = Cli.big(dir, "export", "src.big", "events.csv", "--format", "csv", "--table", "events");
        assertEquals(0, csv.exitCode(), csv.toString());
        assertTrue(csv.stdout().startsWith("exported 3 rows of table events to events.csv as csv in "), csv.stdout());
        assertEquals("""
                id,value,type,verified,received_at,size,tags
                1,5,click,true,2024-01-01T00:00:00.250Z,-10,a|b
                4,,"comma, quote "" type",false,,,
                9,7,click,,2024-01-02T00:00:00Z,3,c
                """, Cli.read(dir.resolve("events.csv")));
        Cli.Run back = Cli.big(dir, "load", "copy.big", "events", "events.csv", "--schema", "schema.json");
        assertEquals(0, back.exitCode(), back.toString());
        String all = "SELECT * FROM events ORDER BY id";
        assertEquals(Cli.big(dir, "query", "src.big", all).stdout(), Cli.big(dir, "query", "copy.big", all).stdout(),
                "the export loads back to the same records, ids included");

        Cli.Run jsonl = Cli.big(dir, "export", "src.big", "-", "--format", "jsonl", "--query",
                "SELECT type, count(*) FROM events GROUP BY type ORDER BY type");
        assertEquals(0, jsonl.exitCode(), jsonl.toString());
        assertEquals("""
                {"type":"click","count(*)":2}
                {"type":"comma, quote \\" type","count(*)":1}
                """, jsonl.stdout());
        assertTrue(jsonl.stderr().startsWith("exported 2 rows of the query to stdout as jsonl"), jsonl.stderr());

        BadInputIT.assertOneLine(64, "big export: --format csv exports one --table T or one --query SQL, not neither",
                Cli.big(dir, "export", "src.big", "x.csv", "--format", "csv"));
    }
}
