package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Files as they come: a table inferred from them (--create, --schema-out), gzip by the name, another
 * delimiter, headers in any case, columns the table lacks (--ignore-unknown), and compressed files
 * not named so.
 */
@Tag("child-jvm")
class FilesInIT {

    private static Path gzip(Path file, String text) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    @Test
    void createInfersTheTableFromAGzippedCsvAndAJsonlFile() throws IOException {
        Path dir = Cli.newDir("files-in");
        gzip(dir.resolve("flights.csv.gz"), """
                ID;Delay;Origin;Cancelled;Departs;Note;Fare
                1;-3;JFK;false;2024-01-01 06:00:00;;99.5
                2;;LAX;true;2024-01-01T07:30:00Z;"late; crew";120
                3;125;;;;;0.25
                """);
        Cli.Run csv = Cli.big(dir, "load", "f.big", "flights", "flights.csv.gz", "--create", "--delimiter", ";",
                "--schema-out", "flights-schema.json");
        assertEquals(0, csv.exitCode(), csv.toString());
        assertTrue(csv.stdout().startsWith("created table flights from 3 rows of flights.csv.gz: Delay int, Origin keyed,"
                + " Cancelled bool, Departs timestamp, Note keyed, Fare decimal(2)\nloaded 3 rows into flights"), csv.stdout());
        assertEquals("""
                {"tables": [
                  {"name": "flights", "fields": [
                    {"name": "Delay", "type": "int"},
                    {"name": "Origin", "type": "keyed"},
                    {"name": "Cancelled", "type": "bool"},
                    {"name": "Departs", "type": "timestamp"},
                    {"name": "Note", "type": "keyed"},
                    {"name": "Fare", "type": "decimal", "scale": 2}]}]}
                """, Cli.read(dir.resolve("flights-schema.json")));
        assertEquals("""
                id,Delay,Origin,Cancelled,Departs,Note,Fare
                1,-3,JFK,false,2024-01-01T06:00:00Z,,99.50
                2,,LAX,true,2024-01-01T07:30:00Z,late; crew,120.00
                3,125,,,,,0.25
                """, Cli.big(dir, "query", "f.big", "SELECT * FROM flights ORDER BY id").stdout());

        Cli.write(dir.resolve("events.jsonl"), """
                {"n": 1, "ok": true, "at": "2024-01-01 00:00:00", "tags": ["a", "b"], "who": "x"}
                {"n": null, "ok": false, "at": 1704067200000, "tags": [], "who": null, "later": null}
                """);
        Cli.Run jsonl = Cli.big(dir, "load", "f.big", "events", "events.jsonl", "--create");
        assertEquals(0, jsonl.exitCode(), jsonl.toString());
        assertTrue(jsonl.stdout().startsWith("created table events from 2 rows of events.jsonl: n int, ok bool, at timestamp,"
                + " tags set, who keyed, later keyed\n"), "a second table in the same database: " + jsonl.stdout());
        assertEquals("""
                [
                {"id":0,"n":1,"ok":true,"at":"2024-01-01T00:00:00Z","tags":["a","b"],"who":"x","later":null},
                {"id":1,"n":null,"ok":false,"at":"2024-01-01T00:00:00Z","tags":[],"who":null,"later":null}
                ]
                """, Cli.big(dir, "query", "f.big", "SELECT * FROM events", "--format", "json").stdout());

        Cli.Run again = Cli.big(dir, "load", "f.big", "events", "events.jsonl", "--create");
        assertEquals(0, again.exitCode(), again.toString());
        assertTrue(again.stdout().startsWith("loaded 2 rows into events"), "an existing table is loaded into: " + again.stdout());

        BadInputIT.assertOneLine(65, "big load: cannot infer a type for column 'v': its values are of different kinds"
                + " (integers from line 1, strings from line 2); a field holds one kind: write the schema yourself with"
                + " --schema FILE", Cli.big(dir, "load", "m.big", "mixed", Cli.write(dir.resolve("mixed.jsonl"),
                        "{\"v\": 1}\n{\"v\": \"one\"}\n").toString(), "--create"));
        assertFalse(Files.exists(dir.resolve("m.big")), "nothing is created when the table cannot be inferred");
    }

    @Test
    void headersInAnyCaseAndColumnsTheTableLacks() {
        Path dir = Cli.newDir("files-unknown");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        Cli.write(dir.resolve("rows.csv"), "VALUE\tType\tcolour\tshape\n5\tclick\tred\tround\n");
        Cli.Run unknown = Cli.big(dir, "load", "u.big", "events", "rows.csv", "--schema", "schema.json", "--delimiter", "tab");
        assertEquals(65, unknown.exitCode(), unknown.toString());
        assertTrue(unknown.stderr().startsWith("rows.csv:1: field 'colour': not in table 'events' (its fields: value, type,"
                + " verified, received_at, size, tags; an 'id' column is optional; --ignore-unknown skips the columns the table"
                + " lacks)\n"), unknown.stderr());
        Cli.Run csv = Cli.big(dir, "load", "u.big", "events", "rows.csv", "--delimiter", "\\t", "--ignore-unknown");
        assertEquals(0, csv.exitCode(), csv.toString());
        assertTrue(csv.stdout().endsWith("\nignored in rows.csv (not in table events): colour, shape\n"), csv.stdout());

        Cli.write(dir.resolve("rows.jsonl"), "{\"Value\": 6, \"mood\": \"ok\"}\n{\"TYPE\": \"view\", \"mood\": 1, \"x\": []}\n");
        Cli.Run jsonl = Cli.big(dir, "load", "u.big", "events", "rows.jsonl", "--ignore-unknown");
        assertEquals(0, jsonl.exitCode(), jsonl.toString());
        assertTrue(jsonl.stdout().endsWith("\nignored in rows.jsonl (not in table events): mood, x\n"), jsonl.stdout());
        assertEquals("""
                id,value,type
                0,5,click
                1,6,
                2,,view
                """, Cli.big(dir, "query", "u.big", "SELECT id, value, type FROM events ORDER BY id").stdout());
    }

    @Test
    void aCompressedFileNotNamedSoIsRefusedSayingWhatToDo() throws IOException {
        Path dir = Cli.newDir("files-gzip");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        gzip(dir.resolve("rows.csv"), "value\n1\n");
        BadInputIT.assertOneLine(65, "big load: rows.csv is gzip-compressed (it starts with gzip's magic bytes), not text:"
                + " name it rows.csv.gz and big load reads it as it is, or decompress it (or pipe it: gzip -dc rows.csv |"
                + " big load DB TABLE -)", Cli.big(dir, "load", "g.big", "events", "rows.csv", "--schema", "schema.json"));
        Cli.write(dir.resolve("plain.csv.gz"), "value\n1\n");
        BadInputIT.assertOneLine(65, "big load: plain.csv.gz is named .gz but is not gzip-compressed; rename it without .gz"
                + " if it is plain text", Cli.big(dir, "load", "g.big", "events", "plain.csv.gz"));
    }
}
