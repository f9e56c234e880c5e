package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.catalog.TableInfo;
import dev.big.db.query.ColumnPruning;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.QueryEngine;
import dev.big.db.query.QueryPlan;
import dev.big.db.query.ShardPlan;
import dev.big.engine.coords.Coords;
import dev.big.testing.TestDirs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The decisions a plan makes before reading, against the model: random filters over records whose
 * values climb with the shard and the container column (so zone maps rule out whole shards and
 * columns). A container column the pruning rules out holds no matching record, in the plan, in the
 * evaluator's reads and in a distributed scan's work ({@link ShardScan#recordsPerColumn(Filter,
 * long)}); a shard a count plan decides holds exactly the count it says; running the plan gives
 * the model's count; and the plan is a value, the same when made again.
 */
class PlanPruningModelTest {

    private static final TableDef EVENTS = TableDef.of("events",
            FieldDef.intField("value"), FieldDef.intField("size", 0, 1_000_000), FieldDef.timestamp("ts"),
            FieldDef.bool("flag"), FieldDef.keyed("type"), FieldDef.set("tags"));
    private static final long SHARD = Coords.SHARD_WIDTH;
    private static final int COLUMN_BITS = Coords.CONTAINER_BITS;

    @Test
    void prunedColumnsHoldNoMatchAndDecidedShardsTheirCount() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        Random random = new Random(seed);
        TreeMap<Long, Map<String, Object>> model = new TreeMap<>();
        while (model.size() < 20_000) {
            // Shards 0, 1 and 3 (2 stays empty); values climb with shard and column.
            long shard = List.of(0L, 1L, 3L).get(random.nextInt(3));
            long id = shard * SHARD + random.nextInt((int) SHARD);
            Map<String, Object> values = ModelFilters.randomValues(random, false);
            if (values.containsKey("value")) {
                long column = Coords.containerColumn(Coords.column(id));
                values.put("value", -1000 + shard * 600 + column * 30 + random.nextInt(25));
            }
            model.put(id, values);
        }
        try (Db db = Db.create(TestDirs.newDir("plan-pruning").resolve("plans.big"), List.of(EVENTS))) {
            List<Row> rows = new ArrayList<>();
            model.forEach((id, values) -> rows.add(Row.of(values).withId(id)));
            db.bulkLoad("events", rows);
            try (Snapshot snapshot = db.read()) {
                QueryEngine engine = EngineAccess.of(snapshot);
                TableInfo table = engine.catalog().table("events");
                ColumnPruning pruning = engine.pruning(table);
                ShardScan scan = snapshot.scan("events");
                int pruned = 0;
                int decided = 0;
                for (int i = 0; i < 1_500; i++) {
                    Filter filter = randomFilter(random);
                    String where = filter + " (seed " + seed + ")";
                    List<Long> matching = ModelFilters.matching(filter, model);
                    QueryPlan plan = engine.plan(table, filter, QueryPlan.Ask.COUNT);
                    for (ShardPlan shard : plan.shards()) {
                        int columns = pruning.containerColumns(filter, shard.shard());
                        assertEquals(columns, shard.containerColumns(), "the plan's columns of shard " + shard.shard() + ": " + where);
                        long[] work = scan.recordsPerColumn(filter, shard.shard());
                        long inShard = 0;
                        for (long id : matching) {
                            if (Coords.shard(id) == shard.shard()) {
                                int column = Coords.column(id) >>> COLUMN_BITS;
                                assertTrue((columns & (1 << column)) != 0, "id " + id + " matches in a pruned column: " + where);
                                assertTrue(work[column] > 0, "id " + id + " matches in a column a scan gets no work for: " + where);
                                inShard++;
                            }
                        }
                        if (columns != ColumnPruning.ALL_COLUMNS) {
                            pruned++;
                        }
                        if (shard.isDecided()) {
                            decided++;
                            assertEquals(inShard, shard.decided(), "shard " + shard.shard() + " decided: " + where);
                        }
                    }
                    assertEquals(matching.size(), engine.count(plan), where);
                    assertEquals(plan, engine.lastPlan(), where);
                    assertEquals(plan, engine.plan(table, filter, QueryPlan.Ask.COUNT), "made again: " + where);
                }
                assertTrue(pruned > 500, "only " + pruned + " shards had columns pruned: the model hardly tests pruning");
                assertTrue(decided > 500, "only " + decided + " shards were decided before reading");
            }
        }
    }

    /** The model's random filters, plus integer IN lists and != (which zone maps also prune), alone and in ANDs. */
    private static Filter randomFilter(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> valuesIn(random);
            case 1 -> Filter.ne("value", (long) random.nextInt(2400) - 1000);
            case 2 -> Filter.and(ModelFilters.random(random, 1), random.nextBoolean() ? valuesIn(random)
                    : Filter.gt("value", (long) random.nextInt(2400) - 1000));
            default -> ModelFilters.random(random, 1);
        };
    }

    private static Filter valuesIn(Random random) {
        List<Object> values = new ArrayList<>();
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
            values.add((long) random.nextInt(2400) - 1000);
        }
        return Filter.in("value", values);
    }
}
