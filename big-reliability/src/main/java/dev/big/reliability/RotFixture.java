package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Ingester;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The populated file the bit-rot battery damages: big enough that every page kind is there in
 * every tree (branch pages in the roots, catalog and fragment trees, array, run and bitmap
 * containers, dictionaries of thousands of values, a freelist), built by the user API on a real
 * file. Its last commit is a one-record append, and a copy of the file from before that commit is
 * kept: when the newest meta page is damaged, the previous commit is what opens.
 */
final class RotFixture {

    static final String NOTES = "notes";
    static final int DENSE_RECORDS = 70_000;
    static final int SPARSE_SHARDS = 60;
    static final int NOTES_RECORDS = 3_000;
    static final int EXTRA_TABLES = 40;

    final Path file;
    final Path previous;

    private RotFixture(Path file, Path previous) {
        this.file = file;
        this.previous = previous;
    }

    static RotFixture create(Path dir, long seed) throws IOException {
        Path file = dir.resolve("pristine.big");
        Path previous = dir.resolve("previous.big");
        SplittableRandom random = new SplittableRandom(seed);
        List<TableDef> tables = new ArrayList<>();
        tables.add(EventRecords.table());
        tables.add(TableDef.of(NOTES, FieldDef.intField("n"), FieldDef.keyed("label")));
        for (int t = 0; t < EXTRA_TABLES; t++) {
            tables.add(TableDef.of("extra_table_with_a_long_name_" + t, FieldDef.intField("a" + t), FieldDef.keyed("b" + t),
                    FieldDef.bool("c" + t), FieldDef.timestamp("d" + t), FieldDef.set("e" + t)));
        }
        try (Db db = Db.create(file, tables)) {
            try (Ingester ingester = db.ingest(10_000)) {
                for (long id = 0; id < DENSE_RECORDS; id++) {
                    ingester.append(EventRecords.TABLE, EventRecords.record(id));
                }
                for (int shard = 1; shard <= SPARSE_SHARDS; shard++) {
                    for (int i = 0; i < 3; i++) {
                        long id = ((long) shard << 20) + random.nextInt(1 << 20);
                        ingester.put(EventRecords.TABLE, id, EventRecords.record(id));
                    }
                }
                for (int i = 0; i < NOTES_RECORDS; i++) {
                    ingester.append(NOTES, Row.of("n", (long) i, "label", "label-" + i));
                }
                for (int t = 0; t < EXTRA_TABLES; t += 3) {
                    ingester.append("extra_table_with_a_long_name_" + t, Row.of("a" + t, (long) t, "b" + t, "x" + t));
                }
            }
            // Rewrites and deletes free pages, so the last commits leave a freelist behind.
            try (Ingester ingester = db.ingest(5_000)) {
                for (int i = 0; i < 5_000; i++) {
                    long id = random.nextLong(DENSE_RECORDS);
                    if (i % 5 == 0) {
                        ingester.delete(EventRecords.TABLE, id);
                    } else {
                        ingester.put(EventRecords.TABLE, id, EventRecords.record(id));
                    }
                }
            }
        }
        Files.copy(file, previous, StandardCopyOption.REPLACE_EXISTING);
        try (Db db = Db.open(file)) {
            db.append(NOTES, Row.of("n", -1L, "label", "the last commit"));
        }
        return new RotFixture(file, previous);
    }
}
