package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.Store;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import dev.big.testing.TestDirs;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A group-by with an aggregate reads each shard's key rows once and each container column's
 * value planes once for all groups, so the pages it reads do not grow with groups times shards:
 * here 600 groups in 4 shards take fewer page reads than there are (group, shard) pairs. The
 * answers are checked against a plain model.
 */
class GroupAggregatePagesTest {

    private static final int GROUPS = 600;
    private static final int SHARDS = 4;
    private static final int RECORDS_PER_SHARD = 40_000;
    private static final TableDef TABLE = TableDef.of("t", FieldDef.keyed("key"), FieldDef.intField("value"));

    private record Model(Map<String, long[]> groups) {}

    @Test
    void pagesReadDoNotGrowWithGroupsTimesShards() {
        Path file = TestDirs.newDir("group-aggregate").resolve("groups.big");
        Map<String, List<Long>> values = new HashMap<>();
        List<Row> records = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(15);
        for (int s = 0; s < SHARDS; s++) {
            for (int i = 0; i < RECORDS_PER_SHARD; i++) {
                long id = ((long) s << 20) + i;
                String key = random.nextInt(50) == 0 ? null : "g" + random.nextInt(GROUPS);
                Long value = random.nextInt(20) == 0 ? null : random.nextLong(-1_000_000, 1_000_000);
                records.add(Row.builder().set("key", key).set("value", value).build().withId(id));
                values.computeIfAbsent(key == null ? "\0null" : key, k -> new ArrayList<>()).add(value);
            }
        }
        try (Db db = Db.create(file, List.of(TABLE))) {
            db.bulkLoad("t", records);
        }
        long all = pagesRead(file, snapshot -> check(values, snapshot.groupAggregate("t", "key", "value", Filter.all()), false));
        long filtered = pagesRead(file, snapshot ->
                check(values, snapshot.groupAggregate("t", "key", "value", Filter.ge("value", 0)), true));
        assertTrue(all < GROUPS * SHARDS, "unfiltered: " + all + " pages for " + GROUPS + " groups in " + SHARDS + " shards");
        assertTrue(filtered < GROUPS * SHARDS, "filtered: " + filtered + " pages for " + GROUPS + " groups in " + SHARDS + " shards");
    }

    /** Pages read by {@code query} on a freshly opened file (nothing verified or cached yet). */
    private static long pagesRead(Path file, Function<Snapshot, Boolean> query) {
        try (Store store = Store.open(MmapPager.open(file, OpenMode.READ_ONLY), true); Db db = Db.of(store)) {
            long before = store.countsSinceOpen().totalRead();
            try (Snapshot snapshot = db.read()) {
                assertTrue(query.apply(snapshot));
            }
            return store.countsSinceOpen().totalRead() - before;
        }
    }

    private static boolean check(Map<String, List<Long>> model, List<GroupAggregate> groups, boolean nonNegativeOnly) {
        Map<String, GroupAggregate> byKey = new HashMap<>();
        for (GroupAggregate group : groups) {
            byKey.put(group.key() == null ? "\0null" : group.key(), group);
        }
        int expectedGroups = 0;
        for (var e : model.entrySet()) {
            List<Long> matching = e.getValue().stream().filter(v -> !nonNegativeOnly || (v != null && v >= 0)).toList();
            if (matching.isEmpty()) {
                continue;
            }
            expectedGroups++;
            GroupAggregate group = byKey.get(e.getKey());
            List<Long> present = matching.stream().filter(v -> v != null).toList();
            String what = "group " + e.getKey() + (nonNegativeOnly ? " (value >= 0)" : "");
            assertTrue(group != null, what + " missing");
            assertEquals(matching.size(), group.rows(), what + " rows");
            assertEquals(present.size(), group.aggregate().count(), what + " count");
            assertEquals(present.stream().map(BigInteger::valueOf).reduce(BigInteger.ZERO, BigInteger::add),
                    group.aggregate().sum(), what + " sum");
            assertEquals(present.stream().mapToLong(Long::longValue).min(), group.aggregate().min(), what + " min");
            assertEquals(present.stream().mapToLong(Long::longValue).max(), group.aggregate().max(), what + " max");
        }
        assertEquals(expectedGroups, groups.size(), "number of groups");
        return true;
    }
}
