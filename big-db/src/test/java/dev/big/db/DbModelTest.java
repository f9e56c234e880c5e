package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.TestDirs;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Random appends, puts, updates, deletes, ingest batches, bulk loads, field additions and drops,
 * and reopens against an in-memory model of rows; after each step every read of the API (get,
 * count, aggregate, group counts and aggregates, distinct counts, id pages in both orders) is
 * compared with the model. The seed is printed on failure.
 */
class DbModelTest {

    private static final TableDef EVENTS = TableDef.of("events",
            FieldDef.intField("value"), FieldDef.intField("size", 0, 1_000_000), FieldDef.timestamp("ts"),
            FieldDef.bool("flag"), FieldDef.keyed("type"), FieldDef.set("tags"));
    private static final TableDef OTHER = TableDef.of("other", FieldDef.intField("n"), FieldDef.keyed("k"));

    @Test
    void randomOperationsMatchTheModel() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            run(seed, 160);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    private void run(long seed, int steps) {
        Random random = new Random(seed);
        Path file = TestDirs.newDir("db-model").resolve("model.big");
        Map<String, TreeMap<Long, Map<String, Object>>> model = new HashMap<>();
        model.put("events", new TreeMap<>());
        model.put("other", new TreeMap<>());
        Map<String, Long> nextId = new HashMap<>(Map.of("events", 0L, "other", 0L));
        Db db = Db.create(file, List.of(EVENTS, OTHER));
        boolean extraField = false;
        try {
            for (int step = 0; step < steps; step++) {
                int op = random.nextInt(100);
                TreeMap<Long, Map<String, Object>> events = model.get("events");
                if (op < 20) {
                    Map<String, Object> values = ModelFilters.randomValues(random, extraField);
                    long id = db.append("events", Row.of(values));
                    assertEquals((long) nextId.get("events"), id, "append assigns the next dense id");
                    events.put(id, normalized(values));
                    nextId.put("events", id + 1);
                } else if (op < 32) {
                    long id = randomId(random, events);
                    Map<String, Object> values = ModelFilters.randomValues(random, extraField);
                    db.put("events", id, Row.of(values));
                    events.put(id, normalized(values));
                    nextId.merge("events", id + 1, Math::max);
                } else if (op < 42 && !events.isEmpty()) {
                    long id = existing(random, events);
                    String field = ModelFilters.pick(random, List.of("value", "size", "ts", "flag", "type", "tags"));
                    Object value = random.nextInt(4) == 0 ? null : ModelFilters.randomValues(random, false).get(field);
                    db.update("events", id, field, value);
                    Map<String, Object> record = new LinkedHashMap<>(events.get(id));
                    if (value == null) {
                        record.remove(field);
                    } else {
                        record.put(field, normalized(Map.of(field, value)).get(field));
                    }
                    events.put(id, record);
                } else if (op < 50 && !events.isEmpty()) {
                    long id = existing(random, events);
                    db.delete("events", id);
                    events.remove(id);
                } else if (op < 62) {
                    int capacity = 1 + random.nextInt(50);
                    try (Ingester ingester = db.ingest(capacity)) {
                        int n = random.nextInt(120);
                        for (int i = 0; i < n; i++) {
                            int kind = random.nextInt(10);
                            if (kind < 5) {
                                Map<String, Object> values = ModelFilters.randomValues(random, extraField);
                                long id = ingester.append("events", Row.of(values));
                                events.put(id, normalized(values));
                                nextId.merge("events", id + 1, Math::max);
                            } else if (kind < 7) {
                                long id = randomId(random, events);
                                Map<String, Object> values = ModelFilters.randomValues(random, extraField);
                                ingester.put("events", id, Row.of(values));
                                events.put(id, normalized(values));
                                nextId.merge("events", id + 1, Math::max);
                            } else if (kind < 8 && !events.isEmpty()) {
                                long id = existing(random, events);
                                ingester.update("events", id, "value", 7L);
                                Map<String, Object> record = new LinkedHashMap<>(events.get(id));
                                record.put("value", 7L);
                                events.put(id, record);
                            } else if (!events.isEmpty()) {
                                long id = existing(random, events);
                                ingester.delete("events", id);
                                events.remove(id);
                            } else {
                                long n2 = random.nextInt(100);
                                long id = ingester.append("other", Row.of("n", n2, "k", "x" + n2 % 3));
                                model.get("other").put(id, new LinkedHashMap<>(Map.of("n", n2, "k", "x" + n2 % 3)));
                                nextId.merge("other", id + 1, Math::max);
                            }
                        }
                    }
                } else if (op < 70) {
                    int n = 1 + random.nextInt(random.nextBoolean() ? 50 : 3000);
                    List<Row> records = new ArrayList<>();
                    long first = Math.max(nextId.get("events"), events.isEmpty() ? 0 : events.lastKey() + 1);
                    boolean explicit = random.nextBoolean();
                    long id = first + (explicit ? random.nextInt(1 << 21) : 0);
                    for (int i = 0; i < n; i++) {
                        Map<String, Object> values = ModelFilters.randomValues(random, extraField);
                        records.add(explicit ? Row.of(values).withId(id) : Row.of(values));
                        events.put(id, normalized(values));
                        id += explicit ? 1 + random.nextInt(random.nextBoolean() ? 3 : 100_000) : 1;
                    }
                    assertEquals(n, db.bulkLoad("events", records));
                    nextId.put("events", events.lastKey() + 1);
                } else if (op < 73) {
                    if (!extraField) {
                        db.addField("events", FieldDef.intField("extra"));
                    } else {
                        db.dropField("events", "extra");
                        for (var record : events.values()) {
                            record.remove("extra");
                        }
                    }
                    extraField = !extraField;
                } else if (op < 80) {
                    db.close();
                    db = Db.open(file);
                } else {
                    verify(db, model, random, "step " + step);
                }
            }
            verify(db, model, random, "at the end");
            var report = db.check();
            assertTrue(report.ok(), report.describe());
        } finally {
            db.close();
        }
    }

    private static long randomId(Random random, TreeMap<Long, Map<String, Object>> events) {
        return switch (random.nextInt(4)) {
            case 0 -> random.nextInt(300);
            case 1 -> (long) random.nextInt(3) * (1 << 20) + random.nextInt(70_000);
            case 2 -> events.isEmpty() ? 5 : existing(random, events);
            default -> random.nextInt(1 << 22);
        };
    }

    private static long existing(Random random, TreeMap<Long, Map<String, Object>> records) {
        Long id = records.ceilingKey((long) random.nextInt((int) Math.min(Integer.MAX_VALUE, records.lastKey() + 1)));
        return id != null ? id : records.firstKey();
    }

    /** Values as a record read back holds them. */
    private static Map<String, Object> normalized(Map<String, Object> values) {
        Map<String, Object> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, v instanceof java.util.Set<?> s ? new TreeSet<>(s) : v));
        return out;
    }

    private static void verify(Db db, Map<String, TreeMap<Long, Map<String, Object>>> model, Random random, String when) {
        TreeMap<Long, Map<String, Object>> events = model.get("events");
        try (Snapshot s = db.read()) {
            assertEquals(events.size(), s.count("events"), "count(*) " + when);
            assertEquals(model.get("other").size(), s.count("other"), "count(*) of other " + when);
            List<Long> probes = new ArrayList<>();
            for (int i = 0; i < 20 && !events.isEmpty(); i++) {
                probes.add(existing(random, events));
            }
            probes.add((long) random.nextInt(1 << 22));
            for (long id : probes) {
                Map<String, Object> expected = events.get(id);
                Optional<Row> actual = s.get("events", id);
                assertEquals(expected != null, actual.isPresent(), "get(" + id + ") presence " + when);
                if (expected != null) {
                    Map<String, Object> got = new LinkedHashMap<>(actual.get().values());
                    assertEquals(new TreeMap<>(expected), new TreeMap<>(got), "get(" + id + ") " + when);
                    assertEquals(OptionalLong.of(id), actual.get().id());
                }
            }
            for (int i = 0; i < 12; i++) {
                Filter filter = ModelFilters.random(random, 0);
                List<Long> expected = ModelFilters.matching(filter, events);
                String what = filter + " " + when;
                assertEquals(expected.size(), s.count("events", filter), "count " + what);
                Aggregate aggregate = s.aggregate("events", "value", filter);
                List<Long> values = expected.stream().map(id -> (Long) events.get(id).get("value")).filter(v -> v != null).toList();
                assertEquals(values.size(), aggregate.count(), "aggregate count " + what);
                assertEquals(values.stream().map(BigInteger::valueOf).reduce(BigInteger.ZERO, BigInteger::add), aggregate.sum(), "sum " + what);
                assertEquals(values.stream().mapToLong(Long::longValue).min(), aggregate.min(), "min " + what);
                assertEquals(values.stream().mapToLong(Long::longValue).max(), aggregate.max(), "max " + what);
                assertEquals(aggregate.countAndSum(), s.sum("events", "value", filter), "sum without extremes " + what);
                Map<String, Long> groups = new HashMap<>();
                for (long id : expected) {
                    groups.merge((String) events.get(id).get("type"), 1L, Long::sum);
                }
                List<GroupCount> expectedGroups = new ArrayList<>();
                groups.forEach((k, v) -> expectedGroups.add(new GroupCount(k, v)));
                expectedGroups.sort(Comparator.comparingLong(GroupCount::count).reversed()
                        .thenComparing(GroupCount::key, Comparator.nullsLast(Comparator.naturalOrder())));
                int limit = random.nextInt(10);
                assertEquals(expectedGroups.subList(0, Math.min(limit, expectedGroups.size())),
                        s.groupCount("events", "type", filter, limit), "group count " + what);
                assertEquals(groups.keySet().stream().filter(k -> k != null).count(), s.countDistinct("events", "type", filter),
                        "count distinct " + what);
                for (GroupAggregate group : s.groupAggregate("events", "type", "size", filter)) {
                    List<Long> sizes = expected.stream().filter(id -> java.util.Objects.equals(events.get(id).get("type"), group.key()))
                            .map(id -> (Long) events.get(id).get("size")).filter(v -> v != null).toList();
                    assertEquals(groups.get(group.key()), group.rows(), "group rows " + group.key() + " " + what);
                    assertEquals(sizes.stream().map(BigInteger::valueOf).reduce(BigInteger.ZERO, BigInteger::add),
                            group.aggregate().sum(), "group sum " + group.key() + " " + what);
                }
                assertEquals(s.groupAggregate("events", "type", "size", filter).stream()
                                .map(g -> new GroupSum(g.key(), g.rows(), g.aggregate().countAndSum())).toList(),
                        s.groupSum("events", "type", "size", filter), "group sums without extremes " + what);
                int pageSize = 1 + random.nextInt(30);
                List<Long> ascending = expected;
                assertArrayEquals(ascending.stream().limit(pageSize).mapToLong(Long::longValue).toArray(),
                        s.ids("events", filter, Order.ASC, pageSize, null), "ids asc " + what);
                List<Long> descending = new ArrayList<>(expected);
                java.util.Collections.reverse(descending);
                assertArrayEquals(descending.stream().limit(pageSize).mapToLong(Long::longValue).toArray(),
                        s.ids("events", filter, Order.DESC, pageSize, null), "ids desc " + what);
                if (!expected.isEmpty()) {
                    long cursor = expected.get(random.nextInt(expected.size()));
                    assertArrayEquals(ascending.stream().filter(id -> id > cursor).limit(pageSize).mapToLong(Long::longValue).toArray(),
                            s.ids("events", filter, Order.ASC, pageSize, cursor), "ids after " + cursor + " " + what);
                    assertArrayEquals(descending.stream().filter(id -> id < cursor).limit(pageSize).mapToLong(Long::longValue).toArray(),
                            s.ids("events", filter, Order.DESC, pageSize, cursor), "ids before " + cursor + " " + what);
                }
            }
        }
    }
}
