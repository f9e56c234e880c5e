package dev.big.db.exchange;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Ingester;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

/**
 * Databases that exercise everything a stream carries: every field type, declared bounds and a
 * non-zero base, negative values, nulls, ids spread over several shards, deletes and updates,
 * a dropped field (so field ids have gaps) and a second table.
 */
final class SampleDatabases {

    static final TableDef EVENTS = TableDef.of("events",
            FieldDef.intField("value"), FieldDef.intField("size", 1_000, 2_000_000), FieldDef.timestamp("ts"),
            FieldDef.bool("flag"), FieldDef.keyed("type"), FieldDef.set("tags"));
    static final TableDef OTHER = TableDef.of("other", FieldDef.intField("n"), FieldDef.keyed("k"));

    static Db create(Path file, long seed, int records) {
        Random random = new Random(seed);
        Db db = Db.create(file, List.of(TableDef.of("dropped_soon", FieldDef.intField("x")), EVENTS));
        db.addField("events", FieldDef.intField("gone"));
        db.append("events", Row.of("gone", 5));
        db.dropField("events", "gone");
        db.dropTable("dropped_soon");
        db.createTable(OTHER);
        List<Row> bulk = new ArrayList<>();
        for (int i = 0; i < records / 2; i++) {
            bulk.add(randomRecord(random));
        }
        db.bulkLoad("events", bulk);
        try (Ingester ingester = db.ingest(500)) {
            for (int i = 0; i < records / 2; i++) {
                long id = switch (random.nextInt(3)) {
                    case 0 -> random.nextInt(records);
                    case 1 -> (1L << 20) * (1 + random.nextInt(3)) + random.nextInt(70_000);
                    default -> (1L << 40) + random.nextInt(1000);
                };
                ingester.put("events", id, randomRecord(random));
                if (i % 7 == 0) {
                    ingester.delete("events", random.nextInt(records));
                }
                if (i % 11 == 0) {
                    ingester.put("events", random.nextInt(records), Row.of("type", "only a type"));
                }
                if (i % 5 == 0) {
                    ingester.append("other", Row.of("n", -random.nextInt(100), "k", "k" + random.nextInt(4)));
                }
            }
        }
        return db;
    }

    static Row randomRecord(Random random) {
        Row.Builder record = Row.builder();
        if (random.nextInt(10) > 0) {
            record.set("value", random.nextBoolean() ? random.nextLong(-5_000_000, 5_000_000) : random.nextInt(1 << 20));
        }
        if (random.nextInt(10) > 1) {
            record.set("size", 1_000 + random.nextInt(1_999_001));
        }
        if (random.nextInt(10) > 0) {
            record.set("ts", Instant.ofEpochMilli(1_700_000_000_000L + random.nextInt(86_400_000)));
        }
        if (random.nextInt(10) > 0) {
            record.set("flag", random.nextInt(100) < 90);
        }
        if (random.nextInt(10) > 0) {
            record.set("type", "type" + (int) Math.min(19, Math.abs(random.nextGaussian() * 5)));
        }
        if (random.nextBoolean()) {
            TreeSet<String> tags = new TreeSet<>();
            for (int n = random.nextInt(4); n > 0; n--) { // none: the empty set, a value of its own
                tags.add("tag" + random.nextInt(8) + (random.nextInt(50) == 0 ? " ünïcode ✓" : ""));
            }
            record.set("tags", tags);
        }
        return record.build();
    }

    private SampleDatabases() {}
}
