package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.TestDirs;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A keyed field with 1,000,000 distinct values: loaded, reopened, and looked up both ways (value
 * to records through the dictionary, record to value through the id planes), with the heap after
 * loading bounded: the dictionary lives in its trees, not in memory.
 */
@Tag("slow")
class DictionaryScaleTest {

    static final int VALUES = Integer.getInteger("big.dictionary.values", 1_000_000);

    static String valueOf(int i) {
        return "user-" + Integer.toHexString(i * 0x9E3779B1) + "-" + i;
    }

    @Test
    void aMillionDistinctValuesReopenAndLookUpBothWays() {
        Path file = TestDirs.newDir("dictionary").resolve("users.big");
        try (Db db = Db.create(file, List.of(TableDef.of("visits", FieldDef.keyed("user"), FieldDef.intField("n"))))) {
            Iterable<Row> records = () -> new Iterator<>() {
                int i;

                @Override
                public boolean hasNext() {
                    return i < VALUES;
                }

                @Override
                public Row next() {
                    int n = i++;
                    return Row.of("user", valueOf(n), "n", (long) n);
                }
            };
            assertEquals(VALUES, db.bulkLoad("visits", records));
        }
        System.gc();
        long heapAfterLoad = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
        assertTrue(heapAfterLoad < 256L << 20, "heap after loading " + VALUES + " distinct values: " + (heapAfterLoad >> 20) + " MiB");
        try (Db db = Db.open(file); Snapshot snapshot = db.read()) {
            SplittableRandom random = new SplittableRandom(5);
            for (int probe = 0; probe < 2_000; probe++) {
                int i = random.nextInt(VALUES);
                assertEquals(valueOf(i), snapshot.value("visits", i, "user"), "record " + i + " to its value");
                assertArrayEquals(new long[] {i}, snapshot.ids("visits", Filter.eq("user", valueOf(i)), Order.ASC, 5, null),
                        "value " + valueOf(i) + " to its record");
            }
            assertEquals(0, snapshot.count("visits", Filter.eq("user", "nobody")));
            assertEquals(VALUES, snapshot.countDistinct("visits", "user", Filter.between("n", 0, VALUES)));
            assertTrue(db.check().ok(), db.check().describe());
        }
    }
}
