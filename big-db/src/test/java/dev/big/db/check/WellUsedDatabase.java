package dev.big.db.check;

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
 * A database that has been through everything a user does, so a check that passes on it has no
 * false positives and a corruption test has every structure to damage: every field kind (ints
 * with a zero, a positive and a negative base, a timestamp, a bool, keyed and set fields), a full
 * container column (bitmap containers), bulk loads, ingest batches, single-record writes,
 * updates that change and clear values, replacing puts, deletes, sparse ids in several shards
 * (up to 2^40), a keyed field with enough distinct values that its trees have branch pages, a
 * dropped and re-added field, a dropped table and a second table.
 */
final class WellUsedDatabase {

    static final String EVENTS = "events";
    static final String OTHER = "other";
    /** Distinct values of {@code user}: enough for its dictionary and rows trees to need branch pages. */
    static final int USERS = 3_000;
    /** Records bulk-loaded at ids 0.. (more than one full container column of 65,536). */
    static final int DENSE = 70_000;
    /** Ingest deletes only below this id, so the single-record updates above it find their records. */
    private static final int SINGLE_WRITES_FROM = 50_000;

    static final TableDef EVENTS_DEF = TableDef.of(EVENTS,
            FieldDef.intField("value"), FieldDef.intField("size", 1_000, 2_000_000),
            FieldDef.intField("delta", -500, 500), FieldDef.timestamp("ts"), FieldDef.bool("flag"),
            FieldDef.keyed("type"), FieldDef.keyed("user"), FieldDef.set("tags"));
    static final TableDef OTHER_DEF = TableDef.of(OTHER, FieldDef.intField("n"), FieldDef.keyed("k"));

    static Db create(Path file, long seed) {
        Random random = new Random(seed);
        Db db = Db.create(file, List.of(TableDef.of("dropped_soon", FieldDef.intField("x")), EVENTS_DEF));
        db.append("dropped_soon", Row.of("x", 1));
        db.addField(EVENTS, FieldDef.intField("gone"));
        db.append(EVENTS, Row.of("gone", 5, "value", 1));
        db.dropField(EVENTS, "gone");
        db.dropTable("dropped_soon");
        db.createTable(OTHER_DEF);

        List<Row> dense = new ArrayList<>();
        for (int i = 1; i < DENSE; i++) {
            dense.add(randomRecord(random));
        }
        db.bulkLoad(EVENTS, dense);

        try (Ingester ingester = db.ingest(700)) {
            for (int i = 0; i < 6_000; i++) {
                long id = switch (random.nextInt(4)) {
                    case 0 -> random.nextInt(DENSE + 5_000);
                    case 1 -> (1L << 20) * (1 + random.nextInt(3)) + random.nextInt(200_000);
                    case 2 -> (5L << 20) + 900_000 + random.nextInt(1_000);
                    default -> (1L << 40) + random.nextInt(1_000);
                };
                ingester.put(EVENTS, id, randomRecord(random));
                if (i % 7 == 0) {
                    ingester.delete(EVENTS, 1 + random.nextInt(SINGLE_WRITES_FROM - 1));
                }
                if (i % 11 == 0) {
                    ingester.put(EVENTS, random.nextInt(DENSE), Row.of("type", "only a type"));
                }
                if (i % 13 == 0) {
                    ingester.update(EVENTS, 0, "value", random.nextLong(-9_000_000_000L, 9_000_000_000L));
                }
                if (i % 5 == 0) {
                    ingester.append(OTHER, Row.of("n", -random.nextInt(100), "k", "k" + random.nextInt(4)));
                }
            }
        }

        // Single-record writes: each its own commit, changing and clearing values of existing records
        // (ids the ingest above never deleted, a different one each time).
        for (int i = 0; i < 40; i++) {
            long id = SINGLE_WRITES_FROM + i * 400L + random.nextInt(400);
            switch (i % 5) {
                case 0 -> db.update(EVENTS, id, "value", null);
                case 1 -> db.update(EVENTS, id, "delta", -500 + random.nextInt(1_001));
                case 2 -> db.update(EVENTS, id, "user", null);
                case 3 -> db.put(EVENTS, id, Row.of("flag", false, "tags", List.of("solo")));
                default -> db.delete(EVENTS, id);
            }
        }
        // The extremes of a column removed: the zone map must be recounted, not just widened.
        db.update(EVENTS, 0, "value", Long.MAX_VALUE);
        db.update(EVENTS, 0, "value", 3);
        db.append(OTHER, Row.of("n", Long.MIN_VALUE + 1, "k", "lowest"));
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
        if (random.nextInt(10) > 2) {
            record.set("delta", -500 + random.nextInt(1_001));
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
        if (random.nextInt(4) > 0) {
            record.set("user", "user-" + random.nextInt(USERS));
        }
        if (random.nextBoolean()) {
            TreeSet<String> tags = new TreeSet<>();
            for (int n = 1 + random.nextInt(3); n > 0; n--) {
                tags.add("tag" + random.nextInt(8) + (random.nextInt(50) == 0 ? " ünïcode ✓" : ""));
            }
            record.set("tags", tags);
        }
        return record.build();
    }

    private WellUsedDatabase() {}
}
