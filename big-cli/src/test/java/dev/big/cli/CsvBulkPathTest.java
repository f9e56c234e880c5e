package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.BulkLoad;
import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A bulk load reads CSV cells straight into the load's columns ({@link CsvRows#setValues}), not
 * through a {@link Row} per record ({@link CsvRows#next()}): both paths must give every record the
 * same values and refuse the same cells with the same messages, whatever the cell's spelling.
 */
class CsvBulkPathTest {

    private static final TableDef TABLE = TableDef.of("t", FieldDef.intField("n"), FieldDef.intField("small", -100, 100),
            FieldDef.timestamp("at"), FieldDef.bool("flag"), FieldDef.keyed("kind"), FieldDef.set("tags"),
            FieldDef.decimal("price", 3));

    /** Cells of every field, spelled every way the loader reads (and some it refuses). */
    private static final String[][] CELLS = {
        {"", "0", "-0", "7", "-7", "+5", " 12 ", "123456789012345678", "1234567890123456789", "-9223372036854775807",
            "9223372036854775807", "9223372036854775808", "1.5", "1e3", "x", "--1", "-"},
        {"", "0", "-100", "100", "101", "-101", "+3"},
        {"", "2024-01-01T00:00:00Z", "2024-01-01 00:00:00", "2024-02-29 23:59:59.999", "2024-01-01T01:30:00+01:00",
            "2024-01-01T00:00:00.123456789Z", "1704067200123", "-5", " 2024-01-01 00:00:00", "2024-01-01 00:00:00 ",
            "2024-02-30 00:00:00", "2024-01-01", "2024-13-01 00:00:00", "yesterday", "2024-01-01T24:00:00Z"},
        {"", "true", "false", "TRUE", "False", "1", "0", "yes", "NO", " true", "maybe"},
        {"", "a", "b", "\"a, b\"", "\"say \"\"hi\"\"\"", "日本", " spaced "},
        {"", "a|b", "b|a|b", "|", "x", "a||c"},
        {"", "1", "1.5", "-0.25", "12.345", ".5", "abc", "1e2"},
    };

    @Test
    void everyCellReadsTheSameOnBothPaths() throws IOException {
        Random random = new Random(42);
        StringBuilder csv = new StringBuilder("id,n,small,at,flag,kind,tags,price\n");
        int rows = 3000;
        for (int r = 0; r < rows; r++) {
            csv.append(random.nextInt(10) == 0 ? "" : String.valueOf(r * 3L));
            for (String[] cells : CELLS) {
                // Mostly good cells, so most rows load: the refused spellings are at the ends of the lists.
                String[] pool = random.nextInt(8) == 0 ? cells : java.util.Arrays.copyOf(cells, Math.min(cells.length, 6));
                csv.append(',').append(pool[random.nextInt(pool.length)]);
            }
            csv.append('\n');
        }
        Path dir = Files.createDirectories(Path.of("target", "csv-bulk-path"));
        Path file = Files.writeString(dir.resolve("cells.csv"), csv);
        ReadOptions options = new ReadOptions(ZoneId.of("Europe/Paris"), ',', false);

        List<String> rowPathOutcomes = new ArrayList<>();
        List<Row> rowPathRecords = new ArrayList<>();
        try (OpenedInput input = OpenedInput.open(file, "cells.csv");
             CsvRows source = new CsvRows(input, TABLE, options)) {
            while (true) {
                try {
                    RowSource.Located row = source.next();
                    if (row == null) {
                        break;
                    }
                    rowPathRecords.add(row.record());
                    rowPathOutcomes.add(row.position() + " ok");
                } catch (BadRowException e) {
                    rowPathOutcomes.add(e.getMessage());
                }
            }
        }

        List<String> bulkPathOutcomes = new ArrayList<>();
        Path bulkFile = dir.resolve("bulk.big");
        Path rowFile = dir.resolve("rows.big");
        Files.deleteIfExists(bulkFile);
        Files.deleteIfExists(rowFile);
        try (Db db = Db.create(bulkFile, List.of(TABLE));
             BulkLoad load = db.bulkLoad("t");
             OpenedInput input = OpenedInput.open(file, "cells.csv");
             CsvRows source = new CsvRows(input, TABLE, options)) {
            while (source.read()) {
                try {
                    long id = source.setValues(load);
                    if (id != CsvRows.NO_ID) {
                        load.id(id);
                    }
                    load.add();
                    bulkPathOutcomes.add("cells.csv:" + source.line() + " ok");
                } catch (BadRowException e) {
                    load.discard();
                    bulkPathOutcomes.add(e.getMessage());
                }
            }
        }
        assertEquals(rowPathOutcomes, bulkPathOutcomes, "the same rows refused with the same messages");
        long refused = rowPathOutcomes.stream().filter(o -> !o.endsWith(" ok")).count();
        assertTrue(refused > 100 && refused < rows - 1000, "both good and bad rows: " + refused + " refused");

        try (Db db = Db.create(rowFile, List.of(TABLE))) {
            db.bulkLoad("t", rowPathRecords);
        }
        try (Db bulk = Db.open(bulkFile); Db byRows = Db.open(rowFile);
             Snapshot a = bulk.read(); Snapshot b = byRows.read()) {
            assertEquals(rowPathRecords.size(), a.count("t"));
            assertEquals(b.count("t"), a.count("t"));
            for (long id = 0; id <= rows * 3L + rows; id++) {
                Optional<Row> expected = b.get("t", id);
                assertEquals(expected, a.get("t", id), "record " + id);
            }
        }
    }
}
