package dev.big.trino;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * The test data: big-workload's standard events split across three files (contiguous thirds, each
 * file's ids dense from 0), plus in the last file a few records far beyond the others (shard 1
 * stays empty) with random nulls, a fourth file whose events table is empty, and a small
 * {@code types} table in the first file (one row per event type) for joins of two big tables.
 * Every row is also kept here, so the same rows can be loaded into DuckDB.
 */
final class EventFiles {

    static final TableDef EVENTS = TableDef.of("events", FieldDef.intField("value"), FieldDef.keyed("type"),
            FieldDef.bool("verified"), FieldDef.timestamp("received_at"), FieldDef.intField("size"), FieldDef.set("tags"));
    static final TableDef TYPES = TableDef.of("types", FieldDef.keyed("name"), FieldDef.intField("weight"),
            FieldDef.decimal("price", 2));

    /** Type {@code t}'s price: exact cents, negative for the first few, none for every sixth. */
    static java.math.BigDecimal price(int t) {
        return t % 6 == 5 ? null : java.math.BigDecimal.valueOf(t * 125L - 300, 2);
    }
    static final List<String> FILES = List.of("events-0.big", "events-1.big", "events-2.big", "events-3-empty.big");
    /** Where the sparse records of the last non-empty file start: shard 2, so shard 1 has none. */
    static final long SPARSE_FIRST_ID = 2L << 20;
    static final int SPARSE_RECORDS = 40;

    /** One row of the events table as DuckDB holds it. */
    record ReferenceRow(String file, long id, Long value, String type, Boolean verified, Long receivedAtMillis, Long size, List<String> tags) {}

    final List<ReferenceRow> rows = new ArrayList<>();
    final long perFile;

    EventFiles(long perFile) {
        this.perFile = perFile;
    }

    /** Writes the four files into {@code dir} (emptied first). */
    void write(Path dir) throws IOException {
        deleteTree(dir);
        Files.createDirectories(dir);
        rows.clear();
        List<Event> all = new ArrayList<>();
        new EventGenerator(20261202L, 3 * perFile, new IdLayout.Dense()).forEach(all::add);
        for (int f = 0; f < 3; f++) {
            String name = FILES.get(f);
            List<Row> records = new ArrayList<>();
            for (long i = 0; i < perFile; i++) {
                Event e = all.get((int) (f * perFile + i));
                records.add(Row.builder().set("value", e.value()).set("type", e.type()).set("verified", e.verified())
                        .set("received_at", Instant.ofEpochMilli(e.receivedAt())).set("size", e.size())
                        .set("tags", e.tags().isEmpty() ? null : e.tags()).build());
                rows.add(new ReferenceRow(name, i, e.value(), e.type(), e.verified(), e.receivedAt(), e.size(), e.tags().isEmpty() ? null : e.tags()));
            }
            try (Db db = Db.create(dir.resolve(name), f == 0 ? List.of(EVENTS, TYPES) : List.of(EVENTS))) {
                db.bulkLoad("events", records);
                if (f == 0) {
                    for (int t = 0; t < EventGenerator.TYPE_COUNT; t++) {
                        db.append("types", Row.builder().set("name", EventGenerator.typeNames().get(t))
                                .set("weight", (long) (t * 7 % 5)).set("price", price(t)).build());
                    }
                }
                if (f == 2) {
                    SplittableRandom random = new SplittableRandom(7);
                    for (int i = 0; i < SPARSE_RECORDS; i++) {
                        ReferenceRow row = new ReferenceRow(name, SPARSE_FIRST_ID + 3L * i,
                                random.nextInt(3) == 0 ? null : (long) random.nextInt(1000),
                                random.nextInt(3) == 0 ? null : "type0" + random.nextInt(5),
                                random.nextInt(3) == 0 ? null : random.nextBoolean(),
                                random.nextInt(3) == 0 ? null : EventGenerator.FIRST_RECEIVED_AT_MILLIS + random.nextLong(3_600_000L),
                                random.nextInt(3) == 0 ? null : (long) random.nextInt(1_000_000),
                                random.nextInt(3) == 0 ? null : List.of("tag" + random.nextInt(8)));
                        db.put("events", row.id(), Row.builder().set("value", row.value()).set("type", row.type())
                                .set("verified", row.verified())
                                .set("received_at", row.receivedAtMillis() == null ? null : Instant.ofEpochMilli(row.receivedAtMillis()))
                                .set("size", row.size()).set("tags", row.tags()).build());
                        rows.add(row);
                    }
                }
            }
        }
        Db.create(dir.resolve(FILES.get(3)), List.of(EVENTS)).close(); // an empty events table: it makes no split
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
