package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.engine.ReadTxn;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.SetIds;
import dev.big.testing.TestDirs;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Set fields against a plain map of sets under random appends, puts, updates (to new sets, shared
 * sets, the empty set and null), deletes, ingest batches that change a record twice, bulk loads
 * and reopens, with vocabularies of a few values and of thousands. After each round every record
 * reads back as the model has it, counts of contains, NOT contains and IS NULL agree, and the set
 * ids are consistent: each set's record count is the number of records holding it, no set is
 * kept that no record holds, and every set's key is the hash of its members. The seed is printed
 * on failure.
 */
class SetIdsModelTest {

    private static final TableDef TABLE = TableDef.of("t", FieldDef.intField("n"), FieldDef.set("tags"));

    @Test
    void setFieldsMatchTheModel() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        try {
            run(new Random(seed), 5, 40);
            run(new Random(seed + 1), 6_000, 40);
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    private void run(Random random, int vocabulary, int rounds) {
        Path file = TestDirs.newDir("set-ids-model").resolve("sets.big");
        TreeMap<Long, Set<String>> model = new TreeMap<>(); // null value: the record has no set
        Map<Long, Boolean> hasSet = new HashMap<>();
        long[] nextFree = {0}; // above every id ever written: bulk loads must go past deleted ones too
        Db db = Db.create(file, List.of(TABLE));
        try {
            for (int round = 0; round < rounds; round++) {
                int op = random.nextInt(10);
                if (op < 2) {
                    List<Row> records = new ArrayList<>();
                    long id = nextFree[0] + random.nextInt(70_000);
                    int n = 1 + random.nextInt(2_000);
                    for (int i = 0; i < n; i++) {
                        Set<String> set = randomSet(random, vocabulary);
                        records.add(record(set).withId(id));
                        put(model, hasSet, id, set);
                        nextFree[0] = id + 1;
                        id += 1 + random.nextInt(random.nextBoolean() ? 2 : 600);
                    }
                    db.bulkLoad("t", records);
                } else if (op < 6) {
                    try (Ingester ingester = db.ingest(1 + random.nextInt(300))) {
                        int n = random.nextInt(400);
                        for (int i = 0; i < n; i++) {
                            int kind = random.nextInt(10);
                            Set<String> set = randomSet(random, vocabulary);
                            if (kind < 3 || model.isEmpty()) {
                                long id = ingester.append("t", record(set));
                                put(model, hasSet, id, set);
                                nextFree[0] = Math.max(nextFree[0], id + 1);
                            } else if (kind < 8) {
                                long id = existing(random, model);
                                ingester.update("t", id, "tags", set);
                                put(model, hasSet, id, set);
                            } else if (kind < 9) {
                                long id = existing(random, model);
                                ingester.put("t", id, record(set));
                                put(model, hasSet, id, set);
                            } else {
                                long id = existing(random, model);
                                ingester.delete("t", id);
                                model.remove(id);
                                hasSet.remove(id);
                            }
                        }
                    }
                } else if (op < 8 && !model.isEmpty()) {
                    long id = existing(random, model);
                    Set<String> set = randomSet(random, vocabulary);
                    db.update("t", id, "tags", set);
                    put(model, hasSet, id, set);
                } else if (op < 9) {
                    db.close();
                    db = Db.open(file);
                } else {
                    verify(db, model, random, vocabulary, "round " + round);
                }
            }
            verify(db, model, random, vocabulary, "at the end");
            var report = db.check();
            assertTrue(report.ok(), report.describe());
        } finally {
            db.close();
        }
    }

    /** A random set, or null: empty sometimes, often one of a few shared sets, else drawn from the vocabulary. */
    private static Set<String> randomSet(Random random, int vocabulary) {
        int kind = random.nextInt(10);
        if (kind == 0) {
            return null;
        }
        if (kind == 1) {
            return Set.of();
        }
        TreeSet<String> set = new TreeSet<>();
        int n = kind < 5 ? 1 + random.nextInt(2) : 1 + random.nextInt(5);
        for (int i = 0; i < n; i++) {
            set.add("v" + (kind < 5 ? random.nextInt(Math.min(vocabulary, 4)) : random.nextInt(vocabulary)));
        }
        return set;
    }

    private static Row record(Set<String> set) {
        return Row.builder().set("n", 1L).set("tags", set).build();
    }

    private static void put(TreeMap<Long, Set<String>> model, Map<Long, Boolean> hasSet, long id, Set<String> set) {
        model.put(id, set == null ? null : new TreeSet<>(set));
        hasSet.put(id, set != null);
    }

    private static long existing(Random random, TreeMap<Long, Set<String>> model) {
        Long id = model.ceilingKey((long) random.nextInt((int) Math.min(Integer.MAX_VALUE, model.lastKey() + 1)));
        return id != null ? id : model.firstKey();
    }

    private static void verify(Db db, TreeMap<Long, Set<String>> model, Random random, int vocabulary, String when) {
        try (Snapshot snapshot = db.read()) {
            assertEquals(model.size(), snapshot.count("t"), "count(*) " + when);
            for (var e : model.entrySet()) {
                Row record = snapshot.get("t", e.getKey()).orElseThrow();
                assertEquals(e.getValue(), record.getSet("tags"), "record " + e.getKey() + " " + when);
            }
            long nulls = model.values().stream().filter(s -> s == null).count();
            assertEquals(nulls, snapshot.count("t", Filter.isNull("tags")), "IS NULL " + when);
            for (int i = 0; i < 4; i++) {
                String value = "v" + random.nextInt(Math.min(vocabulary, i < 2 ? 4 : vocabulary));
                long holding = model.values().stream().filter(s -> s != null && s.contains(value)).count();
                assertEquals(holding, snapshot.count("t", Filter.contains("tags", value)), "contains " + value + " " + when);
                assertEquals(model.size() - nulls - holding, snapshot.count("t", Filter.not(Filter.contains("tags", value))),
                        "NOT contains " + value + " " + when);
            }
        }
        auditSetIds(db, model, when);
    }

    /** The set ids agree with the records: counts, no orphans, keys that are the hashes of the members. */
    private static void auditSetIds(Db db, TreeMap<Long, Set<String>> model, String when) {
        try (ReadTxn txn = db.store().beginRead()) {
            FieldInfo field = Catalog.of(txn).table("t").field("tags");
            assertTrue(field.hasSetIds(), "a new set field keeps set ids");
            BsiReader ids = new BsiReader(txn, field.bsi());
            Map<Long, Long> held = new HashMap<>();
            for (var e : model.entrySet()) {
                OptionalLong id = ids.get(e.getKey());
                assertEquals(e.getValue() != null, id.isPresent(), "record " + e.getKey() + " has a set id " + when);
                if (id.isPresent()) {
                    assertEquals(e.getValue().isEmpty(), id.getAsLong() == SetIds.EMPTY, "the empty set is id 0 " + when);
                    assertTrue(id.getAsLong() < field.nextSetId(), "set ids lie below the next set id " + when);
                    held.merge(id.getAsLong(), 1L, Long::sum);
                }
            }
            held.remove(SetIds.EMPTY);
            SetIds sets = new SetIds(txn, field.dict());
            Map<Long, Long> counted = new HashMap<>();
            txn.fragment(Coords.fragmentKey(field.fieldId(), SetIds.VIEW_BY_HASH, 0)).forEachCell(0, -1L, view -> {
                ByteBuffer in = ByteBuffer.wrap(view.bytes()).order(ByteOrder.LITTLE_ENDIAN);
                while (in.hasRemaining()) {
                    long id = in.getLong();
                    counted.put(id, in.getLong());
                    assertEquals(view.key(), SetIds.hash(sets.members(id)), "set " + id + " is kept under its hash " + when);
                }
                return true;
            });
            assertEquals(new TreeMap<>(held), new TreeMap<>(counted), "records per set id " + when);
            TreeSet<Long> withMembers = new TreeSet<>();
            txn.forEachFragment(Coords.firstFragmentKey(field.fieldId(), SetIds.VIEW_MEMBERS),
                    Coords.lastFragmentKey(field.fieldId(), SetIds.VIEW_MEMBERS), (key, summary) -> {
                        txn.fragment(key).forEachCell(0, -1L, view -> {
                            withMembers.add(Coords.rowOfKey(view.key()));
                            return true;
                        });
                        return true;
                    });
            assertEquals(new TreeSet<>(held.keySet()), withMembers, "sets with members are the sets records hold " + when);
        }
    }
}
