package dev.big.trino;

import dev.big.db.Db;
import dev.big.db.sql.SqlResult;
import io.trino.Session;
import io.trino.spi.QueryId;
import io.trino.sql.planner.Plan;
import io.trino.sql.planner.optimizations.PlanNodeSearcher;
import io.trino.sql.planner.plan.AggregationNode;
import io.trino.sql.planner.plan.FilterNode;
import io.trino.sql.planner.plan.LimitNode;
import io.trino.testing.AbstractTestQueryFramework;
import io.trino.testing.DistributedQueryRunner;
import io.trino.testing.MaterializedRow;
import io.trino.testing.QueryRunner;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The connector on a real 3-node cluster (one per class: it takes about half a minute to start):
 * where splits run, answers against big's own SQL and DuckDB over the same rows, and the plans of
 * pushed filters, limits and aggregations.
 */
@Tag("cluster")
final class BigTrinoClusterTest extends AbstractTestQueryFramework {

    static final long PER_FILE = 150_000; // three container columns per file, so each file makes several splits

    private EventFiles files;
    private DuckDbReference duck;

    @Override
    protected QueryRunner createQueryRunner() throws Exception {
        files = new EventFiles(PER_FILE);
        DistributedQueryRunner runner = ClusterFixture.start(files);
        duck = new DuckDbReference(files);
        return runner;
    }

    @AfterAll
    void closeDuckDb() throws Exception {
        if (duck != null) {
            duck.close();
        }
    }

    private List<List<Object>> trino(String sql) {
        return trino(getSession(), sql);
    }

    /** The test session with aggregation pushdown off in every big catalog: aggregations run in Trino, over many splits. */
    private Session noPushdown() {
        Session.SessionBuilder session = Session.builder(getSession());
        for (String catalog : List.of("big", "big_local", "big_live")) {
            session.setCatalogSessionProperty(catalog, BigMetadata.AGGREGATION_PUSHDOWN, "false");
        }
        return session.build();
    }

    private List<List<Object>> trino(Session session, String sql) {
        List<List<Object>> rows = new ArrayList<>();
        for (MaterializedRow row : computeActual(session, sql).getMaterializedRows()) {
            rows.add(new ArrayList<>(row.getFields()));
        }
        return Answers.normalize(rows);
    }

    private List<SplitRuns.Run> runsOf(QueryId queryId) {
        return SplitRuns.of(queryId.toString());
    }

    // ------------------------------------------------------------------ distribution

    @Test
    void sharedSplitsRunOnSeveralNodesAtOneCommitPerFile() {
        var result = getDistributedQueryRunner().executeWithPlan(noPushdown(), "SELECT count(*), sum(size) FROM events WHERE value >= 1000");
        assertThat(Answers.normalize(List.of(result.result().getMaterializedRows().getFirst().getFields())).getFirst())
                .isEqualTo(duck.query("SELECT count(*), sum(size) FROM events WHERE value >= 1000").getFirst());
        List<SplitRuns.Run> runs = runsOf(result.queryId());
        // 3 files of 3 container columns; the empty file makes none, and the third file's sparse shard
        // is pruned by its zone map (its values are all below 1000)
        assertThat(runs).hasSize(9);
        assertThat(runs.stream().map(SplitRuns.Run::nodeId).distinct().count()).isGreaterThanOrEqualTo(2);
        assertThat(runs).allMatch(SplitRuns.Run::remotelyAccessible);
        Map<String, Set<Long>> commits = runs.stream().collect(Collectors.groupingBy(SplitRuns.Run::file,
                Collectors.mapping(SplitRuns.Run::txid, Collectors.toSet())));
        assertThat(commits.values()).allMatch(txids -> txids.size() == 1);
    }

    @Test
    void localSplitsRunOnTheNodeOwningTheirFile() {
        var result = getDistributedQueryRunner().executeWithPlan(getSession(),
                "SELECT count(*), sum(size) FROM big_local.default.events");
        assertThat(Answers.normalize(List.of(result.result().getMaterializedRows().getFirst().getFields())).getFirst())
                .isEqualTo(duck.query("SELECT count(*), sum(size) FROM events").getFirst());
        List<SplitRuns.Run> runs = runsOf(result.queryId());
        assertThat(runs).hasSize(10); // 3 files of 3 container columns, plus the third file's sparse shard
        for (SplitRuns.Run run : runs) {
            assertThat(run.file()).startsWith(run.nodeId() + "/");
            assertThat(run.remotelyAccessible()).isFalse();
        }
        assertThat(runs.stream().map(SplitRuns.Run::nodeId).distinct().count()).isEqualTo(3);
    }

    // ------------------------------------------------------------------ answers

    /** Trino over big, big's own SQL on each file (summed), and DuckDB agree on random statements of big's subset. */
    @Test
    void randomStatementsAgreeWithBigAndDuckDb() throws Exception {
        long seed = 18;
        RandomPredicates predicates = new RandomPredicates(seed, PER_FILE);
        List<Db> dbs = new ArrayList<>();
        try {
            for (String file : EventFiles.FILES) {
                dbs.add(Db.openReadOnly(ClusterFixture.SHARED.resolve(file)));
            }
            for (int i = 0; i < 14; i++) {
                var p = predicates.next();
                String where = " FROM events WHERE ";
                String count = "SELECT count(*), sum(size), min(received_at), max(value)";
                String context = "seed " + seed + " statement " + i + ": " + p.apply(RandomPredicates.Dialect.TRINO);
                List<List<Object>> expected = duck.query(count + where + p.apply(RandomPredicates.Dialect.DUCKDB));
                assertThat(trino(count + where + p.apply(RandomPredicates.Dialect.TRINO))).as(context).isEqualTo(expected);
                assertThat(trino(noPushdown(), count + where + p.apply(RandomPredicates.Dialect.TRINO))).as(context).isEqualTo(expected);
                BigInteger bigCount = BigInteger.ZERO;
                BigInteger bigSum = null;
                for (Db db : dbs) {
                    SqlResult r = db.sql("SELECT count(*), sum(size)" + where + p.apply(RandomPredicates.Dialect.BIG));
                    bigCount = bigCount.add((BigInteger) Answers.normalize(r.rows().getFirst().get(0)));
                    Object sum = Answers.normalize(r.rows().getFirst().get(1));
                    bigSum = sum == null ? bigSum : bigSum == null ? (BigInteger) sum : bigSum.add((BigInteger) sum);
                }
                assertThat(List.of(bigCount, String.valueOf(bigSum))).as(context)
                        .isEqualTo(List.of(expected.getFirst().get(0), String.valueOf(expected.getFirst().get(1))));

                String group = "SELECT type, count(*)" + where;
                String order = " GROUP BY type ORDER BY type NULLS FIRST";
                List<List<Object>> groups = duck.query(group + p.apply(RandomPredicates.Dialect.DUCKDB) + order);
                assertThat(trino(group + p.apply(RandomPredicates.Dialect.TRINO) + order)).as(context).isEqualTo(groups);
                assertThat(trino(noPushdown(), group + p.apply(RandomPredicates.Dialect.TRINO) + order)).as(context).isEqualTo(groups);
                Map<Object, BigInteger> bigGroups = new TreeMap<>((a, b) -> String.valueOf(a).compareTo(String.valueOf(b)));
                for (Db db : dbs) {
                    for (List<Object> row : db.sql(group + p.apply(RandomPredicates.Dialect.BIG) + " GROUP BY type").rows()) {
                        bigGroups.merge(String.valueOf(row.get(0)), (BigInteger) Answers.normalize(row.get(1)), BigInteger::add);
                    }
                }
                Map<Object, BigInteger> duckGroups = new TreeMap<>((a, b) -> String.valueOf(a).compareTo(String.valueOf(b)));
                groups.forEach(row -> duckGroups.put(String.valueOf(row.get(0)), (BigInteger) row.get(1)));
                assertThat(bigGroups).as(context).isEqualTo(duckGroups);
            }
        } finally {
            dbs.forEach(Db::close);
        }
    }

    @Test
    void valuesOfEveryTypeAndNullsComeBackAsStored() {
        String columns = "\"$file\", id, value, type, verified, received_at, size, tags";
        String where = " WHERE id >= " + EventFiles.SPARSE_FIRST_ID + " OR (id BETWEEN 65530 AND 65540)";
        assertThat(trino("SELECT " + columns + " FROM events" + where + " ORDER BY 1, 2"))
                .isEqualTo(duck.query("SELECT " + columns.replace("\"$file\"", "file") + " FROM events" + where + " ORDER BY 1, 2"));
        assertThat(trino("SELECT count(*) FROM \"events\" WHERE \"$file\" = 'events-3-empty.big'")).isEqualTo(List.of(List.of(BigInteger.ZERO)));
        assertThat(computeActual("SHOW COLUMNS FROM events").getRowCount()).isEqualTo(7); // $file is hidden
    }

    /** Full SQL that big's own subset does not answer, identical to DuckDB over the same rows. */
    @Test
    void fullSqlMatchesDuckDb() {
        assertQuerySucceeds("CREATE TABLE IF NOT EXISTS memory.default.labels AS SELECT * FROM (VALUES ('type00', 'common'), ('type01', 'common'),"
                + " ('type19', 'rare')) AS t(name, label)");
        String[][] statements = {
                // a join of two big tables
                {"SELECT t.weight, count(*) FROM events e JOIN types t ON e.type = t.name WHERE e.value < 300000 GROUP BY t.weight ORDER BY 1", null},
                // a big table joined with a memory table
                {"SELECT l.label, count(*), sum(e.size) FROM events e JOIN memory.default.labels l ON e.type = l.name GROUP BY l.label ORDER BY 1",
                        "SELECT l.label, count(*), sum(e.size) FROM events e JOIN (VALUES ('type00', 'common'), ('type01', 'common'),"
                                + " ('type19', 'rare')) AS l(name, label) ON e.type = l.name GROUP BY l.label ORDER BY 1"},
                // a window function
                {"SELECT \"$file\", id, size, rank() OVER (PARTITION BY \"$file\" ORDER BY size DESC, id) AS r FROM events WHERE type = 'type07'"
                        + " QUALIFY r <= 3 ORDER BY 1, r", null},
                // date_trunc group by
                {"SELECT date_trunc('hour', received_at) AS h, count(*), max(value) FROM events WHERE verified GROUP BY 1 ORDER BY 1 LIMIT 20", null},
                // a subquery
                {"SELECT count(*) FROM events WHERE size > (SELECT avg(size) FROM events WHERE type = 'type02') AND contains(tags, 'tag3')",
                        "SELECT count(*) FROM events WHERE size > (SELECT avg(size) FROM events WHERE type = 'type02') AND list_contains(tags, 'tag3')"},
                {"SELECT type, count(*) FROM events WHERE id IN (SELECT id FROM events WHERE \"$file\" = 'events-1.big' AND size < 1000)"
                        + " GROUP BY type ORDER BY 2 DESC, 1 LIMIT 5",
                        "SELECT type, count(*) FROM events WHERE id IN (SELECT id FROM events WHERE file = 'events-1.big' AND size < 1000)"
                                + " GROUP BY type ORDER BY 2 DESC, 1 LIMIT 5"},
                // a decimal(2) field as DECIMAL(18, 2): exact values, sums and comparisons
                {"SELECT name, price, weight FROM types WHERE price > 1.1 OR price IS NULL ORDER BY name", null},
                {"SELECT sum(price), min(price), max(price), count(price), count(*) FROM types WHERE price BETWEEN -2.5 AND 10", null},
                // limits and top-n across splits
                {"SELECT \"$file\", id FROM events ORDER BY id DESC, 1 LIMIT 5", null},
                {"SELECT id, \"$file\" FROM events WHERE value > 1000000 ORDER BY id, 2 LIMIT 7", null},
        };
        for (String[] statement : statements) {
            String trinoSql = statement[0];
            String duckSql = statement[1] != null ? statement[1] : trinoSql.replace("\"$file\"", "file");
            if (trinoSql.contains("QUALIFY")) {
                trinoSql = "SELECT * FROM (" + trinoSql.replace(" QUALIFY r <= 3 ORDER BY 1, r", "") + ") WHERE r <= 3 ORDER BY 1, r";
            }
            assertThat(trino(trinoSql)).as(trinoSql).isEqualTo(duck.query(duckSql));
        }
        assertThat(computeActual("SELECT id FROM events LIMIT 9").getRowCount()).isEqualTo(9);
        assertThat(trino("SELECT count(*) FROM (SELECT id FROM events WHERE type = 'type04' LIMIT 1000)")).isEqualTo(List.of(List.of(BigInteger.valueOf(1000))));
    }

    // ------------------------------------------------------------------ plans

    @Test
    void pushedPredicatesLeaveNoFilterAboveTheScan() {
        String[] pushed = {
                "SELECT id FROM events WHERE id BETWEEN 10 AND 20",
                "SELECT id FROM events WHERE id IN (3, 70000, 140000)",
                "SELECT id FROM events WHERE value > 5 AND value <= 900000",
                "SELECT id FROM events WHERE received_at < TIMESTAMP '2023-11-15 00:00:00'",
                "SELECT id FROM events WHERE type IN ('type01', 'type02')",
                "SELECT id FROM events WHERE type NOT IN ('type01', 'type02')",
                "SELECT id FROM events WHERE type <> 'type01'",
                "SELECT id FROM events WHERE verified",
                "SELECT id FROM events WHERE NOT verified",
                "SELECT id FROM events WHERE value IS NULL",
                "SELECT id FROM events WHERE tags IS NOT NULL AND type IS NULL",
                "SELECT id FROM events WHERE id = 1 OR type = 'type02'",
                "SELECT id FROM events WHERE contains(tags, 'tag1')",
                "SELECT id FROM events WHERE NOT contains(tags, 'tag1') AND size > 10",
                "SELECT id FROM events WHERE NOT (type = 'type03' OR value < 10)",
        };
        assertThat(query("SELECT name FROM types WHERE price >= 1.25 AND price < 20.00")).isFullyPushedDown();
        assertThat(query("SELECT name FROM types WHERE price IN (-3.00, 0.75) OR price IS NULL")).isFullyPushedDown();
        for (String sql : pushed) {
            // a small answer: isFullyPushedDown also compares the rows with a run without pushdown, pairwise
            sql = sql.replace("WHERE ", "WHERE id < 40 AND (") + ")";
            assertThat(query(sql)).as(sql).isFullyPushedDown();
        }
        // what big does not evaluate stays with Trino, above the scan
        assertThat(query("SELECT id FROM events WHERE id < 40 AND type LIKE 'type1%'")).isNotFullyPushedDown(FilterNode.class);
        assertThat(query("SELECT id FROM events WHERE id < 40 AND value % 7 = 1")).isNotFullyPushedDown(FilterNode.class);
        assertThat(query("SELECT id FROM events WHERE id < 40 AND \"$file\" LIKE '%-1.big'")).isNotFullyPushedDown(FilterNode.class);
    }

    private static Set<AggregationNode.Step> aggregationSteps(Plan plan) {
        return PlanNodeSearcher.searchFrom(plan.getRoot()).where(AggregationNode.class::isInstance).findAll().stream()
                .map(node -> ((AggregationNode) node).getStep()).collect(Collectors.toSet());
    }

    /**
     * An aggregation big computes whole is pushed into the scan, and its handle makes one split
     * over every file (Trino runs no final step above it); with pushdown off, in local placement or
     * for what big does not compute, Trino keeps its partial and final steps over many splits.
     */
    @Test
    void aggregationsArePushedAsOneSplitOrKeepPartialAndFinalSteps() {
        List<String> pushable = List.of("SELECT count(*) FROM events WHERE value > 5",
                "SELECT type, count(*) FROM events GROUP BY type",
                "SELECT sum(size), max(received_at) FROM events WHERE type = 'type03'",
                "SELECT verified, count(*), sum(size), min(received_at), max(value), count(tags), count(type) FROM events GROUP BY verified",
                "SELECT type, count(value), min(value), max(size), sum(value) FROM events WHERE NOT contains(tags, 'tag1') GROUP BY type",
                "SELECT count(*), sum(size), min(value), max(received_at) FROM events WHERE value > 2000000",
                "SELECT type, count(*) FROM events WHERE value > 2000000 GROUP BY type",
                "SELECT avg(size) FROM events",
                "SELECT type, avg(value), count(*) FROM events WHERE value > 5 GROUP BY type",
                "SELECT date_trunc('hour', received_at), count(*), sum(size), avg(value), min(received_at), max(value), count(size)"
                        + " FROM events GROUP BY 1",
                "SELECT date_trunc('day', received_at) AS d, sum(value) FROM events WHERE type = 'type03' GROUP BY 1",
                // Trino unwraps the date_trunc of this comparison into a range of received_at, which big filters
                "SELECT date_trunc('hour', received_at), count(*) FROM events WHERE date_trunc('hour', received_at) >= TIMESTAMP '2023-11-14 23:00:00'"
                        + " GROUP BY 1");
        for (String sql : pushable) {
            // isFullyPushedDown: nothing above the scan but projections and exchanges, and the same rows without pushdown
            assertThat(query(sql)).as(sql).isFullyPushedDown();
            var result = getDistributedQueryRunner().executeWithPlan(getSession(), sql);
            assertThat(aggregationSteps(result.queryPlan().orElseThrow())).as(sql).isEmpty();
            List<SplitRuns.Run> runs = runsOf(result.queryId());
            // one split over the files that have the table: its parts are whole files, all on one node
            assertThat(runs).as(sql).extracting(SplitRuns.Run::file)
                    .containsExactlyInAnyOrder("events-0.big", "events-1.big", "events-2.big", "events-3-empty.big");
            assertThat(runs).as(sql).allMatch(r -> r.firstId() == 0 && r.endId() == Long.MAX_VALUE);
            assertThat(runs.stream().map(SplitRuns.Run::nodeId).distinct().count()).as(sql).isEqualTo(1);
            assertThat(trino(sql)).as(sql).containsExactlyInAnyOrderElementsOf(duck.query(duckDb(sql)));
        }
        for (String sql : pushable) {
            var result = getDistributedQueryRunner().executeWithPlan(noPushdown(), sql);
            assertThat(aggregationSteps(result.queryPlan().orElseThrow())).as(sql)
                    .contains(AggregationNode.Step.PARTIAL, AggregationNode.Step.FINAL);
            assertThat(runsOf(result.queryId())).as(sql).noneMatch(r -> r.endId() == Long.MAX_VALUE);
            assertThat(trino(noPushdown(), sql)).as(sql).containsExactlyInAnyOrderElementsOf(duck.query(duckDb(sql)));
        }
        List<String> notPushed = List.of("SELECT count(*), sum(size) FROM big_local.default.events",
                "SELECT date_trunc('day', received_at), count(type) FROM events GROUP BY 1",
                "SELECT type, verified, count(*) FROM events GROUP BY type, verified",
                "SELECT \"$file\", count(*) FROM events GROUP BY 1",
                "SELECT max(id) FROM events WHERE value > 5",
                "SELECT count(*) FROM events WHERE type LIKE 'type1%'");
        for (String sql : notPushed) {
            var result = getDistributedQueryRunner().executeWithPlan(getSession(), sql);
            assertThat(aggregationSteps(result.queryPlan().orElseThrow())).as(sql)
                    .contains(AggregationNode.Step.PARTIAL, AggregationNode.Step.FINAL);
            assertThat(runsOf(result.queryId())).as(sql).noneMatch(r -> r.endId() == Long.MAX_VALUE);
            String duckSql = duckDb(sql).replace("big_local.default.", "").replace("\"$file\"", "file");
            assertThat(trino(sql)).as(sql).containsExactlyInAnyOrderElementsOf(duck.query(duckSql));
        }
        // ORDER BY ... LIMIT over pushed groups: taken whole (the one split holds every group), no top-n left to Trino
        for (String sql : List.of("SELECT type, count(*) AS n FROM events GROUP BY type ORDER BY n DESC, type LIMIT 5",
                "SELECT type, max(received_at) FROM events WHERE value < 500000 GROUP BY type ORDER BY type NULLS FIRST LIMIT 3",
                "SELECT type, min(value) FROM events GROUP BY type ORDER BY 2 NULLS FIRST, 1 DESC NULLS FIRST LIMIT 4",
                "SELECT verified, sum(size) FROM events GROUP BY verified ORDER BY 2 DESC LIMIT 2")) {
            assertThat(query(sql)).as(sql).isFullyPushedDown();
            assertThat(trino(sql)).as(sql).isEqualTo(duck.query(sql));
        }
        // a filter on truncated values is Trino's (big filters stored values), and right
        String truncatedFilter = "SELECT count(*) FROM events WHERE date_trunc('hour', received_at)"
                + " IN (TIMESTAMP '2023-11-14 23:00:00', TIMESTAMP '2023-11-15 01:00:00', TIMESTAMP '2023-11-15 03:00:00')";
        assertThat(trino(truncatedFilter)).isEqualTo(duck.query(duckDb(truncatedFilter))).isNotEqualTo(List.of(List.of(BigInteger.ZERO)));
        // a LIMIT alone: any 3 groups, whole and right
        String anyThree = "SELECT type, count(*) FROM events GROUP BY type LIMIT 3";
        var limited = getDistributedQueryRunner().executeWithPlan(getSession(), anyThree);
        assertThat(PlanNodeSearcher.searchFrom(limited.queryPlan().orElseThrow().getRoot())
                .where(node -> node instanceof LimitNode || node instanceof AggregationNode).findAll()).isEmpty();
        List<List<Object>> allGroups = duck.query("SELECT type, count(*) FROM events GROUP BY type");
        assertThat(trino(anyThree)).hasSize(3).allMatch(allGroups::contains);
        // Trino plans count(DISTINCT type) as a GROUP BY type, which big takes (one split), under its own count of the groups
        String distinct = "SELECT count(DISTINCT type) FROM events WHERE value < 500000";
        var result = getDistributedQueryRunner().executeWithPlan(getSession(), distinct);
        assertThat(runsOf(result.queryId())).isNotEmpty().allMatch(r -> r.endId() == Long.MAX_VALUE);
        assertThat(trino(distinct)).isEqualTo(duck.query(distinct));
    }

    /**
     * {@code sql} as DuckDB says it: {@code list_contains} for {@code contains}, and
     * {@code date_trunc} of a timestamp read back as a timestamp (DuckDB's is a date to a day or longer).
     */
    private static String duckDb(String sql) {
        return sql.replace("contains(", "list_contains(").replaceAll("date_trunc\\('(\\w+)', (\\w+)\\)", "CAST(date_trunc('$1', $2) AS TIMESTAMP)");
    }

    @Test
    void splitsArePrunedByIdRangesAndZoneMapsBeforeTheyAreMade() {
        var byId = getDistributedQueryRunner().executeWithPlan(noPushdown(), "SELECT count(*) FROM events WHERE id < 1000");
        assertThat(runsOf(byId.queryId())).hasSize(3).allMatch(r -> r.firstId() == 0);
        // The files hold consecutive thirds of the events in time: an hour of the first leaves the other two out
        // (except the third file's sparse shard, whose records have random times in that hour).
        String hour = "SELECT count(*) FROM events WHERE received_at < TIMESTAMP '2023-11-14 23:13:20'";
        var byTime = getDistributedQueryRunner().executeWithPlan(noPushdown(), hour);
        assertThat(runsOf(byTime.queryId())).extracting(r -> r.file() + "@" + r.firstId())
                .containsExactlyInAnyOrder("events-0.big@0", "events-2.big@" + EventFiles.SPARSE_FIRST_ID);
        assertThat(trino(hour)).isEqualTo(duck.query(hour));
        var none = getDistributedQueryRunner().executeWithPlan(noPushdown(), "SELECT count(*) FROM events WHERE value > 2000000");
        assertThat(runsOf(none.queryId())).isEmpty();
        assertThat(none.result().getOnlyValue()).isEqualTo(0L);
    }

    @Test
    void countStarReadsNoValues() {
        assertThat(trino("SELECT count(*) FROM events")).isEqualTo(duck.query("SELECT count(*) FROM events"));
        assertThat(trino("SELECT count(*) FROM events WHERE type = 'type05'")).isEqualTo(duck.query("SELECT count(*) FROM events WHERE type = 'type05'"));
    }

    /**
     * SHOW STATS gives what the files keep beside their data, against DuckDB over the same rows:
     * the row count, exact nulls and distinct values of keyed and bool columns, nulls and the
     * exact range of int columns and the id. With them Trino broadcasts the small side of a join
     * instead of partitioning (and shipping) every event.
     */
    @Test
    void statisticsComeFromWhatTheFilesKeepAndMakeJoinsBroadcast() {
        Map<String, MaterializedRow> stats = new HashMap<>();
        for (MaterializedRow row : computeActual("SHOW STATS FOR events").getMaterializedRows()) {
            stats.put(row.getField(0) == null ? "" : (String) row.getField(0), row);
        }
        long rows = number(duck.query("SELECT count(*) FROM events"));
        assertThat((Double) stats.get("").getField(4)).isEqualTo((double) rows);
        for (String column : List.of("type", "verified", "value", "size", "received_at")) {
            long present = number(duck.query("SELECT count(" + column + ") FROM events"));
            assertThat((Double) stats.get(column).getField(3)).as(column + " nulls fraction")
                    .isCloseTo((double) (rows - present) / rows, org.assertj.core.data.Offset.offset(1e-12));
        }
        for (String column : List.of("type", "verified")) {
            assertThat((Double) stats.get(column).getField(2)).as(column + " distinct values")
                    .isEqualTo((double) number(duck.query("SELECT count(DISTINCT " + column + ") FROM events")));
        }
        assertThat((Double) stats.get("id").getField(2)).isEqualTo((double) rows);
        for (String column : List.of("id", "value", "size")) {
            assertThat(Long.parseLong((String) stats.get(column).getField(5))).as(column + " low")
                    .isEqualTo(number(duck.query("SELECT min(" + column + ") FROM events")));
            assertThat(Long.parseLong((String) stats.get(column).getField(6))).as(column + " high")
                    .isEqualTo(number(duck.query("SELECT max(" + column + ") FROM events")));
            double distinct = (Double) stats.get(column).getField(2);
            assertThat(distinct).as(column + " distinct values").isPositive()
                    .isLessThanOrEqualTo((double) number(duck.query("SELECT count(" + column + ") FROM events")));
        }
        assertThat(stats.get("type").getField(1)).as("type data size").isNotNull();
        assertThat(stats.get("received_at").getField(5)).as("received_at low").isNotNull();

        // The test cluster partitions every join unless told otherwise; Trino's own default is AUTOMATIC.
        Session automatic = Session.builder(getSession()).setSystemProperty("join_distribution_type", "AUTOMATIC").build();
        String join = "SELECT t.weight, count(*) FROM events e JOIN types t ON e.type = t.name GROUP BY t.weight";
        String plan = (String) computeActual(automatic, "EXPLAIN " + join).getOnlyValue();
        assertThat(plan).as(plan).contains("Distribution: REPLICATED").doesNotContain("Distribution: PARTITIONED");
    }

    private static long number(List<List<Object>> answer) {
        return ((Number) answer.getFirst().getFirst()).longValue();
    }

    // ------------------------------------------------------------------ consistency, interrupts, cancellation

    private static final String LIVE_TOTALS = "SELECT count(*), sum(size), max(id) FROM big_live.default.events";

    private BigConnector connector(String catalog) {
        return (BigConnector) getDistributedQueryRunner().getCoordinator().getConnector(catalog);
    }

    /** Totals big computes whole: one split (a pushed aggregation). */
    private static final String LIVE_PUSHED = "SELECT count(*), sum(size), max(value) FROM big_live.default.events";

    /**
     * A writer commits after the coordinator planned the splits (pinning commit T) and before any
     * split reads: every split still reads T, so the answer is the one of the commit the query
     * started on; so does the one split of a pushed aggregation.
     */
    @Test
    void splitsReadTheCommitTheQueryStartedOnWhileAWriterCommits() {
        for (String sql : List.of(LIVE_TOTALS, LIVE_PUSHED)) {
            List<List<Object>> before = trino(sql);
            java.util.concurrent.atomic.AtomicBoolean wrote = new java.util.concurrent.atomic.AtomicBoolean();
            try (Db writer = Db.open(ClusterFixture.LIVE.resolve(ClusterFixture.LIVE_FILE))) {
                SplitRuns.beforeRead = run -> {
                    if (run.file().equals(ClusterFixture.LIVE_FILE) && wrote.compareAndSet(false, true)) {
                        // more records in the container columns the splits cover, and a changed one
                        List<dev.big.db.Row> more = new ArrayList<>();
                        for (int i = 0; i < 5_000; i++) {
                            more.add(dev.big.db.Row.of("value", 1L, "size", 10L));
                        }
                        writer.bulkLoad("events", more);
                        writer.update("events", 0, "size", 999_999_999L);
                    }
                };
                var result = getDistributedQueryRunner().executeWithPlan(getSession(), sql);
                assertThat(wrote).as(sql).isTrue();
                assertThat(Answers.normalize(List.of(result.result().getMaterializedRows().getFirst().getFields())).getFirst())
                        .as(sql).isEqualTo(before.getFirst());
                List<SplitRuns.Run> runs = runsOf(result.queryId());
                if (sql.equals(LIVE_PUSHED)) {
                    assertThat(runs).as(sql).singleElement().matches(r -> r.endId() == Long.MAX_VALUE);
                } else {
                    assertThat(runs).as(sql).hasSizeGreaterThan(1);
                }
                assertThat(runs.stream().map(SplitRuns.Run::txid).distinct().toList()).as(sql).hasSize(1);
                try (var snapshot = writer.read()) {
                    assertThat(snapshot.txid()).as(sql).isGreaterThan(runs.getFirst().txid());
                }
                SplitRuns.beforeRead = run -> { };
                // the next query starts on the new commit
                List<Object> after = trino(sql).getFirst();
                assertThat(after.get(0)).as(sql).isEqualTo(((BigInteger) before.getFirst().get(0)).add(BigInteger.valueOf(5_000)));
            } finally {
                SplitRuns.beforeRead = run -> { };
            }
            assertThat(connector("big_live").openPins()).as(sql).isZero();
        }
    }

    /**
     * Worker threads interrupted as their splits start, and a query cancelled while a split
     * waits, for a query of many splits and for a pushed aggregation's one split: afterwards the
     * pins are released, queries answer right, the writer still holds its lock (a second writer is
     * refused) and commits, and the file checks clean.
     */
    @Test
    void interruptsAndCancellationLeaveLocksAndPinsIntact() throws Exception {
        java.nio.file.Path file = ClusterFixture.LIVE.resolve(ClusterFixture.LIVE_FILE);
        try (Db writer = Db.open(file)) {
            for (String sql : List.of(LIVE_TOTALS, LIVE_PUSHED)) {
                interruptAndCancel(sql);
            }
            List<List<Object>> expected = trino(LIVE_TOTALS);
            assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> Db.open(file).close()))
                    .as("a second writer while the first holds the file").isInstanceOf(dev.big.page.DatabaseLockedException.class);
            writer.append("events", dev.big.db.Row.of("value", 5L, "size", 5L));
            var report = writer.check();
            assertThat(report.ok()).as(report.describe()).isTrue();
            assertThat(trino(LIVE_TOTALS).getFirst().get(0)).isEqualTo(((BigInteger) expected.getFirst().get(0)).add(BigInteger.ONE));
        }
    }

    private void interruptAndCancel(String sql) throws Exception {
        List<List<Object>> expected = trino(sql);
        SplitRuns.beforeRead = run -> {
            if (run.file().equals(ClusterFixture.LIVE_FILE)) {
                Thread.currentThread().interrupt();
            }
        };
        try {
            assertThat(trino(sql)).as(sql).isEqualTo(expected);
        } catch (RuntimeException e) {
            // an interrupt may fail the call it interrupted; it must say so, and break nothing else
            assertThat(String.valueOf(e.getMessage())).as(sql).containsIgnoringCase("interrupt");
        } finally {
            SplitRuns.beforeRead = run -> { };
        }
        assertThat(trino(sql)).as(sql).isEqualTo(expected);

        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicReference<String> queryId = new java.util.concurrent.atomic.AtomicReference<>();
        SplitRuns.beforeRead = run -> {
            if (run.file().equals(ClusterFixture.LIVE_FILE) && queryId.compareAndSet(null, run.queryId())) {
                started.countDown();
                try {
                    release.await(30, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        var failure = new java.util.concurrent.atomic.AtomicReference<Throwable>();
        Thread query = Thread.ofPlatform().start(() -> {
            try {
                computeActual(sql);
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        try {
            assertThat(started.await(30, java.util.concurrent.TimeUnit.SECONDS)).as(sql).isTrue();
            getDistributedQueryRunner().getCoordinator().getDispatchManager().cancelQuery(new QueryId(queryId.get()));
        } finally {
            release.countDown();
            query.join(30_000);
            SplitRuns.beforeRead = run -> { };
        }
        assertThat(failure.get()).as(sql).isNotNull();
        assertThat(trino(sql)).as(sql).isEqualTo(expected);
        long deadline = System.currentTimeMillis() + 10_000;
        while (connector("big_live").openPins() > 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertThat(connector("big_live").openPins()).as(sql).isZero();
    }
}
