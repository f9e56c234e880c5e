package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.testing.TestDirs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An And holding an id range (what a split of a distributed scan adds to its filter) fetches rows
 * and scans planes only in the container columns the range reaches. This checks that restriction
 * never loses or adds a record: random filters And-ed with id ranges and id comparisons that start
 * and end on, next to and between container-column edges, across shards, against the model.
 */
@Tag("slow")
class AndWithAnIdRangeTest {

    private static final TableDef EVENTS = TableDef.of("events",
            FieldDef.intField("value"), FieldDef.intField("size", 0, 1_000_000), FieldDef.timestamp("ts"),
            FieldDef.bool("flag"), FieldDef.keyed("type"), FieldDef.set("tags"));
    private static final long COLUMN = 1L << 16;
    private static final long SHARD = 1L << 20;

    @Test
    void restrictingToTheRangesColumnsMatchesTheModel() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        Random random = new Random(seed);
        TreeMap<Long, Map<String, Object>> model = new TreeMap<>();
        while (model.size() < 30_000) {
            // Shards 0, 1 and 3 (2 stays empty), every container column of shard 0 used.
            long shard = List.of(0L, 0L, 1L, 3L).get(random.nextInt(4));
            model.put(shard * SHARD + random.nextInt((int) SHARD), ModelFilters.randomValues(random, false));
        }
        try (Db db = Db.create(TestDirs.newDir("and-id-range").resolve("ranges.big"), List.of(EVENTS))) {
            List<Row> rows = new ArrayList<>();
            model.forEach((id, values) -> rows.add(Row.of(values).withId(id)));
            db.bulkLoad("events", rows);
            try (Snapshot snapshot = db.read()) {
                for (int i = 0; i < 1_500; i++) {
                    Filter term = ModelFilters.random(random, 1);
                    Filter range = randomIdRange(random);
                    Filter filter = random.nextBoolean() ? Filter.and(range, term) : Filter.and(term, range);
                    long expected = ModelFilters.matching(filter, model).size();
                    assertEquals(expected, snapshot.count("events", filter), () -> filter + " (seed " + seed + ")");
                }
            }
        }
    }

    /** An id range whose ends sit on, beside or between container-column edges, as a comparison or a between. */
    private static Filter randomIdRange(Random random) {
        long low = edge(random);
        long high = random.nextInt(4) == 0 ? low : low + edge(random) % (2 * SHARD);
        return switch (random.nextInt(7)) {
            case 0 -> Filter.gt("id", low);
            case 1 -> Filter.ge("id", low);
            case 2 -> Filter.lt("id", high);
            case 3 -> Filter.le("id", high);
            case 4 -> Filter.eq("id", low);
            case 5 -> random.nextBoolean() ? Filter.gt("id", Long.MAX_VALUE) : Filter.lt("id", Long.MIN_VALUE);
            default -> Filter.between("id", low, high);
        };
    }

    private static long edge(Random random) {
        long column = random.nextInt((int) (4 * SHARD / COLUMN));
        return Math.max(0, switch (random.nextInt(4)) {
            case 0 -> column * COLUMN;
            case 1 -> column * COLUMN - 1;
            case 2 -> column * COLUMN + 1;
            default -> column * COLUMN + random.nextInt((int) COLUMN);
        });
    }
}
