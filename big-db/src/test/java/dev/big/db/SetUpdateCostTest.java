package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.Store;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import dev.big.testing.TestDirs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Replacing one record's set costs what the change costs, not what the field's vocabulary does.
 * The pages one update reads grow only as the trees get deeper and the set ids get more planes
 * (measured: 55 pages with 20 distinct values, 71 with 20,000), where finding the record's old
 * values in the rows walked the whole fragment past 4,096 values (42 pages with 20, 341 with
 * 20,000).
 */
class SetUpdateCostTest {

    private static final int RECORDS = 100_000;
    private static final TableDef TABLE = TableDef.of("t", FieldDef.intField("n"), FieldDef.set("tags"));

    @Test
    void anUpdateReadsAboutAsManyPagesWhateverTheVocabulary() {
        long small = pagesReadByOneUpdate(20);
        long large = pagesReadByOneUpdate(20_000);
        assertTrue(large <= 2 * small, "one set update read " + large + " pages with 20,000 distinct values, " + small
                + " with 20");
    }

    /** Loads {@link #RECORDS} records with two of {@code vocabulary} values each, then counts the pages one update reads. */
    private static long pagesReadByOneUpdate(int vocabulary) {
        Path file = TestDirs.newDir("set-update-cost").resolve("sets.big");
        SplittableRandom random = new SplittableRandom(vocabulary);
        List<Row> records = new ArrayList<>();
        for (int i = 0; i < RECORDS; i++) {
            // Every value appears: record i holds value i mod vocabulary, and one at random.
            records.add(Row.of("n", (long) i, "tags", List.of("v" + i % vocabulary, "v" + random.nextInt(vocabulary))));
        }
        try (Db db = Db.create(file, List.of(TABLE))) {
            db.bulkLoad("t", records);
        }
        long id = 54_321;
        try (Store store = Store.open(MmapPager.open(file, OpenMode.READ_WRITE), true); Db db = Db.of(store)) {
            long before = store.countsSinceOpen().totalRead();
            db.update("t", id, "tags", List.of("v" + id % vocabulary, "v3", "new"));
            long read = store.countsSinceOpen().totalRead() - before;
            try (Snapshot snapshot = db.read()) {
                assertEquals(Set.of("v" + id % vocabulary, "v3", "new"), snapshot.get("t", id).orElseThrow().getSet("tags"));
            }
            return read;
        }
    }
}
