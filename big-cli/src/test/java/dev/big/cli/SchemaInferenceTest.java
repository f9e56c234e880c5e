package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.FieldDef;
import dev.big.db.TableDef;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/**
 * {@code --create}'s choice of field types: every type from CSV and from JSON Lines, with nulls and
 * columns with no value, what each mix of values becomes, and the refusals that say why.
 */
class SchemaInferenceTest {

    private static final ReadOptions OPTIONS = new ReadOptions(ZoneOffset.UTC, ',', false);

    private static SchemaInference.Inferred infer(String name, String text) throws IOException {
        Path dir = Files.createDirectories(Path.of("target", "inference-test"));
        Path file = Files.writeString(dir.resolve(name), text);
        try (OpenedInput input = OpenedInput.open(file, name)) {
            SchemaInference.Inferred inferred = SchemaInference.infer("t", input, name.endsWith(".jsonl"), OPTIONS);
            try (InputStream rest = input.data()) {
                assertEquals(text, new String(rest.readAllBytes(), StandardCharsets.UTF_8), "the load reads the file from its start");
            }
            return inferred;
        }
    }

    @Test
    void csvColumnsOfEveryTypeWithNulls() throws IOException {
        SchemaInference.Inferred inferred = infer("every.csv", """
                id,count,flag,yes_no,at,epoch_or_iso,word,mixed,nothing,digits01,price
                1,-5,true,YES,2024-01-01 00:00:00,1704067200000,a,1,,0,2.50
                2,,false,no,2024-01-01T00:00:01Z,2024-01-02,b b,true,,1,-0.125
                3,12345678901,,,,,,x,,,+12
                """);
        assertEquals(TableDef.of("t", FieldDef.intField("count"), FieldDef.bool("flag"), FieldDef.bool("yes_no"),
                FieldDef.timestamp("at"), FieldDef.timestamp("epoch_or_iso"), FieldDef.keyed("word"), FieldDef.keyed("mixed"),
                FieldDef.keyed("nothing"), FieldDef.intField("digits01"), FieldDef.decimal("price", 3)), inferred.table(),
                "no id field; 0/1 alone is int; empty cells are nulls; a column without values is keyed");
        assertEquals(3, inferred.rows());
        assertEquals(TableDef.of("t", FieldDef.bool("b")), infer("bools.csv", "b\ntrue\n0\n1\nfalse\n").table(),
                "0 and 1 among true and false are bools, as the loader reads them");
        assertEquals(TableDef.of("t", FieldDef.keyed("k")), infer("text.csv", "k\n1.5\nabc\n").table(),
                "a fraction among text is text");
        assertEquals(TableDef.of("t", FieldDef.keyed("e")), infer("exponent.csv", "e\n1.5\n2e5\n").table(),
                "the loader reads no exponents into a decimal: text");
    }

    @Test
    void integerDigitsCountAsTheirNumberDoes() throws IOException {
        // Leading zeros and signs add no digits; 17 digits and a fraction digit fit a decimal, 18 and one do not;
        // a number past 64 bits is text.
        assertEquals(TableDef.of("t", FieldDef.intField("zeros"), FieldDef.decimal("wide", 1), FieldDef.keyed("huge")),
                infer("digits.csv", """
                        zeros,wide,huge
                        0000000000000000000005,12345678901234567,9223372036854775808
                        -007,0.5,1
                        +0,-0,2
                        """).table());
        CliException tooWide = assertThrows(CliException.class, () -> infer("wide.csv", "d\n123456789012345678\n0.5\n"));
        assertTrue(tooWide.getMessage().contains("need 18 digits before the point and 1 after it"), tooWide.getMessage());
    }

    @Test
    void jsonKeysOfEveryTypeWithNulls() throws IOException {
        SchemaInference.Inferred inferred = infer("every.jsonl", """
                {"id": 7, "n": 1, "ok": true, "at": "2024-01-01 00:00:00", "ms_or_iso": 1704067200000, "s": "x", "tags": ["a"], "d": 3}

                {"n": null, "ok": false, "at": null, "ms_or_iso": "2024-01-01T00:00:00Z", "s": "2024-01-01", "tags": [], "late": null, "d": 0.25}
                {"S": "y", "N": -3, "D": -12.5}
                not json at all
                """);
        assertEquals(TableDef.of("t", FieldDef.intField("n"), FieldDef.bool("ok"), FieldDef.timestamp("at"),
                FieldDef.timestamp("ms_or_iso"), FieldDef.keyed("s"), FieldDef.set("tags"), FieldDef.decimal("d", 2),
                FieldDef.keyed("late")),
                inferred.table(), "keys in the order first seen, matched whatever their case; the bad line is left to the load");
        assertEquals(4, inferred.rows());
    }

    @Test
    void whatNoFieldHoldsIsRefusedSayingWhereAndWhatToDo() {
        assertEquals("cannot infer a type for column 'big': its numbers need 18 digits before the point and 1 after it"
                + " (fractions from line 3); a decimal holds 18 digits in all: write the schema yourself with --schema FILE",
                assertThrows(CliException.class, () -> infer("big.csv", "big\n123456789012345678\n0.5\n")).getMessage());
        assertEquals("cannot infer a type for column 'v': its values are of different kinds (integers from line 1, strings from"
                + " line 2); a field holds one kind: write the schema yourself with --schema FILE",
                assertThrows(CliException.class, () -> infer("mixed.jsonl", "{\"v\": 1}\n{\"v\": \"one\"}\n")).getMessage());
        assertEquals("cannot infer a type for column 'o': line 1 holds an object ({\"a\":1}); fields hold integers, bools,"
                + " strings, timestamps or arrays of strings",
                assertThrows(CliException.class, () -> infer("object.jsonl", "{\"o\": {\"a\": 1}}\n")).getMessage());
        assertEquals("column 'Flight Date' of names.csv cannot name a field: field name 'Flight Date' is not valid: use ASCII"
                + " letters, digits and '_', starting with a letter or '_'; rename it in the header, or write the schema"
                + " yourself with --schema FILE",
                assertThrows(CliException.class, () -> infer("names.csv", "Flight Date\n2024-01-01\n")).getMessage());
        assertEquals("dups.csv: column 'A' appears twice in the header (names match whatever their case)",
                assertThrows(CliException.class, () -> infer("dups.csv", "a,A\n1,2\n")).getMessage());
    }

    @Test
    void theSampleStopsOnceNoColumnChangedOverItsSecondHalf() throws IOException {
        StringBuilder settled = new StringBuilder("n,s\n");
        StringBuilder late = new StringBuilder("n,s\n");
        for (int i = 0; i < SchemaInference.SAMPLE_ROWS + 10; i++) {
            settled.append(i % 10).append(",a\n");
            // A fraction on line 15,001, past what the first 20,480 rows would settle at: the sample goes on.
            late.append(i == 15_000 ? "2.5" : Integer.toString(i % 10)).append(",a\n");
        }
        assertEquals(SchemaInference.MIN_SAMPLE_ROWS, infer("settled.csv", settled.toString()).rows());
        SchemaInference.Inferred changed = infer("late.csv", late.toString());
        assertEquals(TableDef.of("t", FieldDef.decimal("n", 1), FieldDef.keyed("s")), changed.table());
        assertTrue(changed.rows() >= 30_000 && changed.rows() < SchemaInference.SAMPLE_ROWS,
                "read on to twice the line of the last change: " + changed.rows());
        StringBuilder later = new StringBuilder("n\n");
        for (int i = 0; i < SchemaInference.SAMPLE_ROWS + 10; i++) {
            later.append(i == 60_000 ? "x" : "1").append('\n');
        }
        assertEquals(TableDef.of("t", FieldDef.intField("n")), infer("later.csv", later.toString()).table(),
                "text past a settled sample is not seen: the load reports its row");
    }

    @Test
    void theSampleLeavesOutTheRowItsByteLimitCuts() throws IOException {
        // Rows of 2,000 bytes of padding and a timestamp, laid out so the limit falls 13 bytes into a timestamp:
        // "2024-01-01 00" is not one, and would make the column keyed if the cut row were observed. Rows this
        // long reach the limit before the sample could stop early (MIN_SAMPLE_ROWS).
        String row = "x".repeat(2000) + ",2024-01-01 00:00:00\n";
        assertTrue((long) SchemaInference.MIN_SAMPLE_ROWS * row.length() > SchemaInference.SAMPLE_BYTES);
        int cutAt = SchemaInference.SAMPLE_BYTES - 13 - 2001;
        int rows = (cutAt - 5) / row.length();
        // The header and a first row that makes up the rest, so that a row starts exactly at cutAt.
        StringBuilder csv = new StringBuilder("p,at\n");
        csv.append("x".repeat(cutAt - 5 - rows * row.length() - 21)).append(",2024-01-01 00:00:00\n");
        csv.append(row.repeat(rows + 1));
        assertEquals(cutAt, csv.length() - row.length());
        assertEquals(TableDef.of("t", FieldDef.keyed("p"), FieldDef.timestamp("at")),
                infer("cut.csv", csv.toString()).table());
    }
}
