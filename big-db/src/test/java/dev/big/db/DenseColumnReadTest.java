package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.testing.TestDirs;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Point reads of dense container columns, where the planes and sign row are bitmap pages read a
 * word at a time and a column whose zone map counts a value for every record skips the exists
 * row: a full column, a full column from which one record was deleted and one whose value was
 * cleared, and a column with gaps, with negative values and the extremes, read back through a
 * table handle and by name.
 */
class DenseColumnReadTest {

    private static final int COLUMN = 65_536;
    private static final long RECORDS = 3L * COLUMN + 1_000;

    @Test
    void denseColumnsReadBackWhatWasWritten() {
        try (Db db = Db.create(TestDirs.newDir("dense-column").resolve("d.big"),
                List.of(TableDef.of("t", FieldDef.intField("v"), FieldDef.intField("w", -5, 1_000_000))))) {
            // Column 0 full; column 1 full, then record 70,000 deleted and 70,001's v cleared;
            // column 2 with every seventh record without v; column 3 partly filled.
            db.bulkLoad("t", LongStream.range(0, RECORDS).mapToObj(id -> Row.builder().id(id)
                    .set("v", id >= 2 * COLUMN && id < 3 * COLUMN && id % 7 == 0 ? null : value(id))
                    .set("w", id % 1_000_001 - 5).build())::iterator);
            db.delete("t", 70_000);
            db.update("t", 70_001, "v", null);
            try (Snapshot s = db.read()) {
                TableHandle t = s.tableHandle("t");
                FieldHandle v = t.field("v");
                FieldHandle w = t.field("w");
                SplittableRandom random = new SplittableRandom(11);
                for (int i = 0; i < 20_000; i++) {
                    long id = i < 4_000 ? i * (RECORDS / 4_000) : random.nextLong(RECORDS + 100);
                    check(s, t, v, w, id);
                }
                for (long id : new long[] {0, COLUMN - 1, COLUMN, 70_000, 70_001, 69_999, 2 * COLUMN, 2L * COLUMN + 7,
                        3 * COLUMN - 1, 3 * COLUMN, RECORDS - 1, RECORDS}) {
                    check(s, t, v, w, id);
                }
            }
        }
    }

    private static void check(Snapshot s, TableHandle t, FieldHandle v, FieldHandle w, long id) {
        Long expected = id >= RECORDS || id == 70_000 || id == 70_001 || (id >= 2 * COLUMN && id < 3 * COLUMN && id % 7 == 0)
                ? null : value(id);
        assertEquals(expected != null, t.has(id, v), "has v of " + id);
        assertEquals(expected == null ? Long.MIN_VALUE : expected, t.getLong(id, v, Long.MIN_VALUE), "v of " + id);
        assertEquals(expected, s.value("t", id, "v"), "v of " + id + " by name");
        Long expectedW = id >= RECORDS || id == 70_000 ? null : id % 1_000_001 - 5;
        assertEquals(expectedW, t.get(id, w), "w of " + id);
    }

    /** Values with both signs and random magnitudes, the extremes among them, so the sign row and every plane are bitmap pages. */
    private static long value(long id) {
        long mixed = id * 0x9E3779B97F4A7C15L;
        return switch ((int) (id % 1_000)) {
            case 1 -> Long.MAX_VALUE;
            case 2 -> Long.MIN_VALUE + 1;
            case 3 -> 0;
            default -> Math.max(Long.MIN_VALUE + 1, mixed);
        };
    }
}
