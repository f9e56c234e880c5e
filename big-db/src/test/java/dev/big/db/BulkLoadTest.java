package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.TestDirs;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link BulkLoad}, the bulk load fed a record at a time: every kind of field set by index, records
 * across chunk boundaries (where the record being built moves to the next chunk), refused values
 * that drop only their record, discard, abort and close, against a model of what was added.
 */
class BulkLoadTest {

    private static final TableDef TABLE = TableDef.of("t", FieldDef.intField("n"), FieldDef.intField("small", -10, 10),
            FieldDef.timestamp("at"), FieldDef.bool("flag"), FieldDef.keyed("kind"), FieldDef.set("tags"),
            FieldDef.decimal("price", 2));

    @Test
    void recordsAcrossChunksReadBackAsAdded() {
        check(Db.DEFAULT_BULK_LOAD_BUFFER_BYTES, 100_000);
    }

    @Test
    void aSmallBudgetEndsChunksMidColumnAndLosesNothing() {
        check(200_000, 20_000);
    }

    private static void check(long budget, int records) {
        Path file = TestDirs.newDir("bulk-load").resolve("t.big");
        Random random = new Random(records);
        Map<Long, Row> expected = new LinkedHashMap<>();
        int refused = 0;
        try (Db db = Db.create(file, List.of(TABLE))) {
            try (BulkLoad load = db.bulkLoad("t", ProgressListener.NONE, budget)) {
                int n = load.field("n");
                int small = load.field("small");
                int at = load.field("at");
                int flag = load.field("flag");
                int kind = load.field("kind");
                int tags = load.field("tags");
                int price = load.field("price");
                long nextId = 0;
                for (int r = 0; r < records; r++) {
                    Row.Builder row = Row.builder();
                    // Ids mostly dense, sometimes given with a jump (across container columns too), sometimes left to the load.
                    boolean given = random.nextInt(3) == 0;
                    long id = given ? nextId + (random.nextInt(50) == 0 ? 70_000 + random.nextInt(70_000) : random.nextInt(3))
                            : nextId;
                    try {
                        if (given) {
                            load.id(id);
                        }
                        if (random.nextInt(4) > 0) {
                            long value = random.nextLong() >> random.nextInt(64);
                            load.set(n, value);
                            row.set("n", value);
                        }
                        if (random.nextInt(4) > 0) {
                            long value = random.nextInt(25) - 12; // now and then out of bounds: refused
                            load.set(small, value);
                            row.set("small", value);
                        }
                        if (random.nextBoolean()) {
                            Instant value = Instant.ofEpochMilli(1_700_000_000_000L + random.nextInt(1_000_000_000));
                            if (random.nextBoolean()) {
                                load.set(at, value.toEpochMilli());
                            } else {
                                load.set(at, (Object) value);
                            }
                            row.set("at", value);
                        }
                        if (random.nextBoolean()) {
                            boolean value = random.nextBoolean();
                            load.set(flag, value);
                            row.set("flag", value);
                        }
                        if (random.nextInt(4) > 0) {
                            String value = "k" + random.nextInt(random.nextBoolean() ? 5 : 500);
                            load.set(kind, value);
                            row.set("kind", value);
                        }
                        if (random.nextInt(3) == 0) {
                            Set<String> value = new TreeSet<>();
                            for (int i = random.nextInt(4); i > 0; i--) {
                                value.add("t" + random.nextInt(20));
                            }
                            load.set(tags, value);
                            row.set("tags", value);
                        }
                        if (random.nextInt(3) == 0) {
                            BigDecimal value = BigDecimal.valueOf(random.nextInt(100_000), 2);
                            load.set(price, value);
                            row.set("price", value);
                        }
                        if (random.nextInt(100) == 0) {
                            load.discard();
                            continue;
                        }
                        long added = load.add();
                        assertEquals(given ? id : Math.max(id, nextId), added);
                        expected.put(added, row.build());
                        nextId = added + 1;
                    } catch (InvalidInputException e) {
                        assertTrue(e.getMessage().contains("field 'small'") && e.getMessage().contains("record " + (expected.size())),
                                e.getMessage());
                        refused++;
                    }
                }
            }
        }
        assertTrue(refused > records / 20, "some values were refused: " + refused);
        try (Db db = Db.open(file); Snapshot snapshot = db.read()) {
            assertEquals(expected.size(), snapshot.count("t"));
            // Equal counts and every added record as added: no record beyond them.
            for (Map.Entry<Long, Row> e : expected.entrySet()) {
                Optional<Row> got = snapshot.get("t", e.getKey());
                assertTrue(got.isPresent(), "record " + e.getKey());
                assertEquals(normalised(e.getValue().values()), new LinkedHashMap<>(got.orElseThrow().values()),
                        "record " + e.getKey());
            }
        }
    }

    /** The values as a read gives them back: numbers as Long, timestamps as Instant, decimals at their scale. */
    private static Map<String, Object> normalised(Map<String, Object> values) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String field : List.of("n", "small", "at", "flag", "kind", "tags", "price")) {
            Object value = values.get(field);
            if (value != null) {
                out.put(field, value instanceof Integer i ? (Object) i.longValue() : value);
            }
        }
        return out;
    }

    @Test
    void closeCommitsAbortDropsAndMisuseIsNamed() {
        Path file = TestDirs.newDir("bulk-load").resolve("end.big");
        try (Db db = Db.create(file, List.of(TABLE))) {
            BulkLoad load = db.bulkLoad("t");
            int kind = load.field("kind");
            InvalidInputException wrongKind = assertThrows(InvalidInputException.class, () -> load.set(kind, 5L));
            assertTrue(wrongKind.getMessage().contains("field 'kind'") && wrongKind.getMessage().contains("expected a string"),
                    wrongKind.getMessage());
            IllegalArgumentException noIndex = assertThrows(IllegalArgumentException.class, () -> load.set(99, 1L));
            assertTrue(noIndex.getMessage().contains("there is no field 99; field(name) gives the indexes, 0 to 6"),
                    noIndex.getMessage());
            InvalidInputException unknown = assertThrows(InvalidInputException.class, () -> load.field("nope"));
            assertTrue(unknown.getMessage().contains("has no field 'nope'"), unknown.getMessage());
            load.set(kind, "a").add();
            load.set(kind, "b").add();
            load.close();
            assertEquals(2, load.loaded());
            assertThrows(IllegalStateException.class, load::add, "an ended load refuses more");

            BulkLoad dropped = db.bulkLoad("t");
            dropped.set(dropped.field("kind"), "c").add();
            dropped.abort();
            assertEquals(0, dropped.loaded());
            try (Snapshot snapshot = db.read()) {
                assertEquals(2, snapshot.count("t"), "abort commits nothing it had not committed");
            }

            BulkLoad descending = db.bulkLoad("t");
            InvalidInputException below = assertThrows(InvalidInputException.class, () -> descending.id(1));
            assertTrue(below.getMessage().contains("ids must ascend"), below.getMessage());
            assertEquals(2, descending.set(kind, "d").add(), "the refused id dropped its record only");
            descending.close();
            List<String> kinds = new ArrayList<>();
            try (Snapshot snapshot = db.read()) {
                for (long id = 0; id < 3; id++) {
                    kinds.add((String) snapshot.get("t", id).orElseThrow().get("kind"));
                }
            }
            assertEquals(List.of("a", "b", "d"), kinds);
        }
    }
}
