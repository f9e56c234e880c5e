package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.engine.coords.Coords;
import dev.big.testing.TestDirs;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Random puts, updates (to null too) and deletes over three shards, in transactions, against a
 * plain map of records; after each commit, reads of random ids (written, deleted, never written,
 * past the end, negative) through a table handle's typed getters and batch reads, and through
 * {@link Snapshot#get} and {@link Snapshot#value}, all answer as the map does. The seed is printed
 * on failure.
 */
class TableHandleModelTest {

    private static final TableDef TABLE = TableDef.of("t", FieldDef.intField("n"), FieldDef.intField("bounded", -50, 5_000),
            FieldDef.timestamp("at"), FieldDef.decimal("price", 3), FieldDef.bool("flag"), FieldDef.keyed("kind"),
            FieldDef.set("tags"));
    private static final List<String> FIELDS = TABLE.fields().stream().map(FieldDef::name).toList();
    private static final long[] SHARD_STARTS = {0, Coords.SHARD_WIDTH, 5 * Coords.SHARD_WIDTH};

    @Test
    void handleReadsMatchTheModel() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            run(new Random(seed), 25, 30);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    private void run(Random random, int rounds, int opsPerRound) {
        TreeMap<Long, Map<String, Object>> model = new TreeMap<>();
        try (Db db = Db.create(TestDirs.newDir("table-handle-model").resolve("m.big"), List.of(TABLE))) {
            for (int round = 0; round < rounds; round++) {
                try (Transaction tx = db.begin()) {
                    for (int op = 0; op < opsPerRound; op++) {
                        write(random, tx, model);
                    }
                    tx.commit();
                }
                try (Snapshot s = db.read()) {
                    check(random, s, model);
                }
            }
        }
    }

    private static void write(Random random, Transaction tx, TreeMap<Long, Map<String, Object>> model) {
        int op = random.nextInt(10);
        if (op < 5 || model.isEmpty()) {
            long id = randomId(random);
            Map<String, Object> record = new HashMap<>();
            for (String field : FIELDS) {
                if (random.nextInt(4) != 0) {
                    record.put(field, value(random, field));
                }
            }
            tx.put("t", id, Row.of(record));
            model.put(id, record);
        } else if (op < 8) {
            long id = existing(random, model);
            String field = FIELDS.get(random.nextInt(FIELDS.size()));
            Object value = random.nextInt(3) == 0 ? null : value(random, field);
            tx.update("t", id, field, value);
            if (value == null) {
                model.get(id).remove(field);
            } else {
                model.get(id).put(field, value);
            }
        } else {
            long id = existing(random, model);
            tx.delete("t", id);
            model.remove(id);
        }
    }

    private void check(Random random, Snapshot s, TreeMap<Long, Map<String, Object>> model) {
        TableHandle t = s.tableHandle("t");
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            long id = switch (random.nextInt(6)) {
                case 0, 1, 2 -> model.isEmpty() ? randomId(random) : existing(random, model);
                case 3 -> randomId(random);
                case 4 -> model.isEmpty() ? 0 : model.lastKey() + 1 + random.nextInt(100_000);
                default -> -1 - random.nextInt(1_000);
            };
            ids.add(id);
        }
        for (long id : ids) {
            Map<String, Object> expected = model.get(id);
            Optional<Row> record = s.get("t", id);
            assertEquals(expected != null, record.isPresent(), "record " + id + " exists");
            assertEquals(expected != null, t.exists(id), "record " + id + " exists");
            for (String name : FIELDS) {
                FieldHandle field = t.field(name);
                Object value = expected == null ? null : expected.get(name);
                Object read = expected(value);
                String where = name + " of record " + id;
                assertEquals(read, t.get(id, field), where);
                assertEquals(read, s.value("t", id, name), where);
                assertEquals(read != null, t.has(id, field), where);
                record.ifPresent(r -> assertEquals(read, r.get(name), where));
                switch (field.type()) {
                    case INT -> assertEquals(read == null ? -1 : (long) read, t.getLong(id, field, -1), where);
                    case TIMESTAMP -> {
                        assertEquals(read == null ? -1 : ((Instant) read).toEpochMilli(), t.getLong(id, field, -1), where);
                        assertEquals(read, t.getInstant(id, field), where);
                    }
                    case DECIMAL -> {
                        assertEquals(read, t.getDecimal(id, field), where);
                        assertEquals(read == null ? -1 : ((BigDecimal) read).unscaledValue().longValueExact(),
                                t.getLong(id, field, -1), where);
                    }
                    case BOOL -> {
                        if (read != null) {
                            assertEquals(read, t.getBoolean(id, field), where);
                        }
                    }
                    case KEYED -> assertEquals(read, t.getString(id, field), where);
                    case SET -> assertEquals(read, t.getSet(id, field), where);
                }
            }
        }
        long[] batch = ids.stream().mapToLong(Long::longValue).toArray();
        int n = batch.length;
        for (String name : List.of("n", "bounded", "at", "price")) {
            long[] values = new long[n];
            boolean[] present = new boolean[n];
            t.readLongs(batch, n, t.field(name), values, present);
            for (int i = 0; i < n; i++) {
                assertEquals(t.getLong(batch[i], t.field(name), 0), values[i], name + " of record " + batch[i] + " in a batch");
                assertEquals(t.has(batch[i], t.field(name)), present[i], name + " of record " + batch[i] + " in a batch");
            }
        }
        boolean[] flags = new boolean[n];
        boolean[] present = new boolean[n];
        String[] kinds = new String[n];
        t.readBooleans(batch, n, t.field("flag"), flags, present);
        t.readStrings(batch, n, t.field("kind"), kinds);
        for (int i = 0; i < n; i++) {
            Object flag = t.get(batch[i], t.field("flag"));
            assertEquals(flag != null, present[i], "flag of record " + batch[i] + " in a batch");
            assertEquals(Boolean.TRUE.equals(flag), flags[i], "flag of record " + batch[i] + " in a batch");
            assertEquals(t.getString(batch[i], t.field("kind")), kinds[i], "kind of record " + batch[i] + " in a batch");
        }
    }

    /** A value as a read gives it back. */
    private static Object expected(Object written) {
        return switch (written) {
            case null -> null;
            case Integer i -> (long) i;
            case java.util.Set<?> set -> new TreeSet<>(set);
            default -> written;
        };
    }

    private static Object value(Random random, String field) {
        return switch (field) {
            case "n" -> random.nextInt(5) == 0 ? (Object) (random.nextBoolean() ? Long.MIN_VALUE + 1 : Long.MAX_VALUE)
                    : (Object) (long) (random.nextInt(2_000_001) - 1_000_000);
            case "bounded" -> (long) (random.nextInt(5_051) - 50);
            case "at" -> Instant.ofEpochMilli(1_600_000_000_000L + random.nextInt(1_000_000_000));
            case "price" -> BigDecimal.valueOf(random.nextInt(2_000_001) - 1_000_000, 3);
            case "flag" -> random.nextBoolean();
            case "kind" -> "k" + random.nextInt(12);
            case "tags" -> {
                TreeSet<String> tags = new TreeSet<>();
                int size = random.nextInt(4);
                for (int i = 0; i < size; i++) {
                    tags.add("t" + random.nextInt(8));
                }
                yield tags;
            }
            default -> throw new IllegalArgumentException(field);
        };
    }

    private static long randomId(Random random) {
        return SHARD_STARTS[random.nextInt(SHARD_STARTS.length)] + random.nextInt(3) * 65_536L + random.nextInt(300);
    }

    private static long existing(Random random, TreeMap<Long, Map<String, Object>> model) {
        Long id = model.ceilingKey(randomId(random));
        return id != null ? id : model.firstKey();
    }
}
