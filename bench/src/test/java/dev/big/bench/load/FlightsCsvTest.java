package dev.big.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The race's input: the rows asked for, each of the header's width, the same every time. */
class FlightsCsvTest {

    private static String rows(long count) throws IOException {
        StringBuilder out = new StringBuilder();
        FlightsCsv.write(out, count);
        return out.toString();
    }

    @Test
    void writesTheRowsAskedForSeededAndWellFormed() throws IOException {
        String csv = rows(5_000);
        List<String> lines = csv.lines().toList();
        assertEquals(5_001, lines.size());
        assertEquals(FlightsCsv.HEADER, lines.getFirst());
        int width = FlightsCsv.HEADER.split(",").length;
        long cancelled = 0;
        long emptyDelays = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertEquals(width, cells.length, line);
            assertTrue(cells[0].matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d"), line);
            assertTrue(cells[8].equals("true") || cells[8].equals("false"), line);
            if (cells[8].equals("true")) {
                cancelled++;
                assertEquals("", cells[9], "a cancelled flight has no air time: " + line);
            }
            if (cells[5].isEmpty()) {
                emptyDelays++;
            }
        }
        assertTrue(cancelled > 50 && cancelled < 200, "about 2% cancelled: " + cancelled);
        assertTrue(emptyDelays > 50 && emptyDelays < 200, "about 2% without a delay: " + emptyDelays);
        assertEquals(csv, rows(5_000), "seeded: the same rows every run");
    }
}
