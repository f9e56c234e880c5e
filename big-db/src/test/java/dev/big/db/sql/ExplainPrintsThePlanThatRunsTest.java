package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.QueryPlan;
import dev.big.db.query.QueryPlan.Path;
import dev.big.db.query.ShardPlan;
import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * EXPLAIN prints the plan that runs, for each path: a statement's EXPLAIN and then the statement
 * itself run on one snapshot, and the plan the engine ran ({@code lastPlan}) is taken from the
 * engine afterwards. EXPLAIN's plan lines (summary, combination, per shard decisions) must be that
 * plan's, and a count's path line must name its path; an EXPLAIN that re-derived a decision its own
 * way (as it once described a one-value count as a bitmap evaluation while cells were counted)
 * fails here.
 *
 * <p>Three shards (0, 1 and 3) whose values climb with the shard: {@code value > 0} rules shard 0
 * out, counts shard 3 whole from its zone maps, and leaves shard 1 to scan.
 */
class ExplainPrintsThePlanThatRunsTest {

    private static Db db;

    @BeforeAll
    static void load() {
        db = Db.create(SqlTestFiles.newFile("explain-runs"), List.of(TableDef.of("events", FieldDef.intField("value"),
                FieldDef.bool("verified"), FieldDef.keyed("type"), FieldDef.intField("size").withOrderIndex())));
        List<Row> records = new ArrayList<>();
        for (long shard : List.of(0L, 1L, 3L)) {
            for (int i = 0; i < 300; i++) {
                long id = shard * Coords.SHARD_WIDTH + i * 3_000L;
                records.add(Row.builder()
                        .set("value", shard == 0 ? -100 - i : shard == 1 ? i - 150 : 100 + i)
                        .set("verified", i % 3 == 0)
                        .set("type", i % 4 == 0 ? null : "t" + i % 4)
                        .set("size", i % 7)
                        .build().withId(id));
            }
        }
        db.bulkLoad("events", records);
    }

    @AfterAll
    static void close() {
        db.close();
    }

    @ParameterizedTest(name = "{1}: {0}")
    @CsvSource(delimiter = '|', value = {
        "SELECT count(*) FROM events                                    | RECORD_COUNTS      | COUNT",
        "SELECT count(*) FROM events WHERE type = 't1'                  | CELL_COUNTS        | COUNT",
        "SELECT count(*) FROM events WHERE verified = false             | CELL_COUNTS        | COUNT",
        "SELECT count(*) FROM events WHERE type IN ('t1', 't3', 'none')  | CELL_COUNTS        | COUNT",
        "SELECT count(*) FROM events WHERE value > 0                    | ZONE_MAPS          | COUNT",
        "SELECT count(*) FROM events WHERE value BETWEEN -120 AND -110  | ZONE_MAPS          | COUNT",
        "SELECT count(*) FROM events WHERE value > 0 AND verified       | FILTER_BITMAP      | COUNT",
        "SELECT count(*) FROM events WHERE size >= 3                    | ORDER_INDEX        | COUNT",
        "SELECT count(*) FROM events WHERE size BETWEEN 1 AND 2         | ORDER_INDEX        | COUNT",
        "SELECT count(*) FROM events WHERE size >= 3 AND verified       | FILTER_BITMAP      | COUNT",
        "SELECT count(*) FROM events WHERE id < 1000000 OR value < -200 | FILTER_BITMAP      | COUNT",
        "SELECT type, count(*) FROM events GROUP BY type                | CELL_CARDINALITIES | GROUP_COUNT",
        "SELECT type, count(*) FROM events WHERE value > 0 GROUP BY type | FILTER_BITMAP     | GROUP_COUNT",
        "SELECT sum(value) FROM events                                  | EVERY_RECORD       | TOTALS",
        "SELECT sum(value), max(value) FROM events WHERE value < 0      | FILTER_BITMAP      | TOTALS",
    })
    void explainPrintsThePlanThatRuns(String sql, Path path, QueryPlan.Ask ask) {
        try (Snapshot snapshot = db.read()) {
            List<String> explain = SqlEngine.execute(snapshot, "EXPLAIN " + sql).rows().stream()
                    .map(row -> (String) row.getFirst()).toList();
            QueryPlan before = EngineAccess.of(snapshot).lastPlan();
            SqlEngine.execute(snapshot, sql);
            QueryPlan ran = EngineAccess.of(snapshot).lastPlan();
            assertNotSame(before, ran, "the statement ran no plan");
            assertEquals(path, ran.path(), sql);
            assertEquals(ask, ran.ask(), sql);
            List<String> printed = PlanExplainer.planLines(snapshot, TableBinding.of(EngineAccess.of(snapshot).catalog(), "events"), ran);
            String text = String.join("\n", explain);
            assertTrue(Collections.indexOfSubList(explain, printed) >= 0,
                    "EXPLAIN:\n" + text + "\nplan that ran:\n" + String.join("\n", printed));
            if (ask == QueryPlan.Ask.COUNT) {
                assertTrue(explain.contains("path: count(*): " + PlanExplainer.pathText(ran.path())), text);
            }
            if (ask == QueryPlan.Ask.GROUP_COUNT) {
                assertTrue(explain.stream().anyMatch(l -> l.startsWith("path: groupCount(type)")
                        && (path != Path.CELL_CARDINALITIES || l.endsWith(PlanExplainer.pathText(path)))), text);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "value > 0              | 3 shards, 2 decided before reading (300 matching), 1 left to read | 0 3",
        "value > 0 AND verified | 3 shards, 1 decided before reading (0 matching), 2 left to read   | 0",
    })
    void decisionsPerShardArePrinted(String where, String summary, String decided) {
        try (Snapshot snapshot = db.read()) {
            List<String> explain = SqlEngine.execute(snapshot, "EXPLAIN SELECT count(*) FROM events WHERE " + where).rows()
                    .stream().map(row -> (String) row.getFirst()).toList();
            String text = String.join("\n", explain);
            assertTrue(explain.stream().anyMatch(l -> l.startsWith("plan: count by ") && l.endsWith(summary)), text);
            assertTrue(explain.stream().anyMatch(l -> l.startsWith("shard 0 ") && (l.endsWith("; decided by the zone maps: 0 match,"
                    + " no plane is read") || l.endsWith("; no container column can match: skipped, nothing is read"))), text);
            SqlEngine.execute(snapshot, "SELECT count(*) FROM events WHERE " + where);
            List<String> ran = EngineAccess.of(snapshot).lastPlan().shards().stream().filter(ShardPlan::isDecided)
                    .map(shard -> String.valueOf(shard.shard())).toList();
            assertEquals(List.of(decided.split(" ")), ran, text);
        }
    }
}
