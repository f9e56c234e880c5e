package dev.big.trino;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import io.trino.Session;
import io.trino.plugin.memory.MemoryPlugin;
import io.trino.testing.DistributedQueryRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import static io.trino.testing.TestingSession.testSessionBuilder;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Opt-in comparison (not in the default run): the standard events in three files, the same
 * statements on Trino over big (with aggregation pushdown, the default, and without), on Trino over
 * the same rows in its memory connector (same cluster, same run) and on DuckDB, with 1, 2 and 3
 * nodes. Medians of {@link #RUNS} runs after {@link #WARM_UP}; every engine's answer must agree
 * before a time counts. Trino's fixed cost is timed too: {@code SELECT 1}, and a count over a
 * table of one record on big and on memory, which bounds the ratio any connector could reach on a
 * count. Report: target/trino-compare/results.md.
 *
 * <pre>mvn -B -ntp -o -pl big-trino -am verify -Dtest=BigTrinoComparison -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dbig.trino.compare=true -Dbig.trino.compare.events=10000000</pre>
 */
@Tag("cluster")
@EnabledIfSystemProperty(named = "big.trino.compare", matches = "true")
final class BigTrinoComparison {

    static final int RUNS = 9;
    /** Unmeasured runs before the measured ones, so that the JIT has compiled what each engine runs. */
    static final int WARM_UP = 3;
    static final Path DIR = Path.of("target", "trino-compare").toAbsolutePath();

    private static final String HOUR_START = "TIMESTAMP '2023-11-15 10:00:00'";
    private static final String HOUR_END = "TIMESTAMP '2023-11-15 11:00:00'";
    /** name, Trino text with %s for the table, DuckDB text. */
    private static final String[][] QUERIES = {
            {"filtered count", "SELECT count(*) FROM %s WHERE type = 'type03' AND value < 500000", null},
            {"count per type", "SELECT type, count(*) FROM %s GROUP BY type ORDER BY type", null},
            // the same groups in no order (compared as sets): Trino adds no sort stage
            {"count per type, unordered", "SELECT type, count(*) FROM %s GROUP BY type", null},
            {"top 5 types by count", "SELECT type, count(*) AS n FROM %s GROUP BY type ORDER BY n DESC, type LIMIT 5", null},
            {"sum(size) of one type", "SELECT sum(size) FROM %s WHERE type = 'type07'", null},
            {"1-hour window", "SELECT count(*), max(size) FROM %s WHERE received_at >= " + HOUR_START + " AND received_at < " + HOUR_END, null},
            {"point lookup by id", "SELECT value, size FROM %s WHERE id = 123457 AND file = 'events-1.big'", null},
            {"join with a dimension", "SELECT t.weight, count(*) FROM %s e JOIN memory.default.types t ON e.type = t.name"
                    + " WHERE e.verified GROUP BY t.weight ORDER BY 1",
                    "SELECT t.weight, count(*) FROM events e JOIN types t ON e.type = t.name WHERE e.verified GROUP BY t.weight ORDER BY 1"},
    };

    @Test
    void compare() throws Exception {
        long events = Long.getLong("big.trino.compare.events", 1_000_000);
        long perFile = events / 3;
        Path data = DIR.resolve("data");
        EventFiles.deleteTree(DIR);
        Files.createDirectories(data);
        long loadStart = System.nanoTime();
        List<Event> buffer = new ArrayList<>();
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            try (Statement s = duck.createStatement()) {
                s.execute("CREATE TABLE events (file VARCHAR, id BIGINT, value BIGINT, type VARCHAR, verified BOOLEAN, received_at TIMESTAMP, size BIGINT)");
                s.execute("CREATE TABLE types (name VARCHAR, weight BIGINT)");
                for (int t = 0; t < EventGenerator.TYPE_COUNT; t++) {
                    s.execute("INSERT INTO types VALUES ('" + EventGenerator.typeNames().get(t) + "', " + (t * 7 % 5) + ")");
                }
            }
            var generated = new EventGenerator(20261202L, perFile * 3, new IdLayout.Dense()).iterator();
            try (DuckDBAppender appender = duck.unwrap(DuckDBConnection.class).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "events")) {
                for (int f = 0; f < 3; f++) {
                    String name = "events-" + f + ".big";
                    try (Db db = Db.create(data.resolve(name), List.of(EventFiles.EVENTS))) {
                        long first = 0;
                        while (first < perFile) {
                            buffer.clear();
                            for (long i = first; i < Math.min(perFile, first + 500_000); i++) {
                                buffer.add(generated.next());
                            }
                            List<Row> records = new ArrayList<>(buffer.size());
                            for (Event e : buffer) {
                                records.add(Row.builder().set("value", e.value()).set("type", e.type()).set("verified", e.verified())
                                        .set("received_at", Instant.ofEpochMilli(e.receivedAt())).set("size", e.size())
                                        .set("tags", e.tags().isEmpty() ? null : e.tags()).build());
                                appender.beginRow();
                                appender.append(name);
                                appender.append(first + records.size() - 1);
                                appender.append(e.value());
                                appender.append(e.type());
                                appender.append(e.verified());
                                appender.append(java.time.LocalDateTime.ofEpochSecond(e.receivedAt() / 1000, (int) (e.receivedAt() % 1000) * 1_000_000,
                                        java.time.ZoneOffset.UTC));
                                appender.append(e.size());
                                appender.endRow();
                            }
                            db.bulkLoad("events", records);
                            first += records.size();
                        }
                    }
                }
            }
            // One record in a table of its own: a count over it costs Trino's fixed work for the
            // statement's plan and (almost) nothing of the connector's, the floor under every count.
            try (Db db = Db.create(data.resolve("one.big"), List.of(TableDef.of("one", FieldDef.intField("value"))))) {
                db.bulkLoad("one", List.of(Row.builder().set("value", 1L).build()));
            }
            long loadMillis = (System.nanoTime() - loadStart) / 1_000_000;
            StringBuilder report = new StringBuilder("# Trino over big vs Trino over memory vs DuckDB\n\n")
                    .append(perFile * 3).append(" standard events in 3 files; medians of ").append(RUNS)
                    .append(" runs after ").append(WARM_UP).append(" unmeasured ones, milliseconds; generated and loaded into big and DuckDB in ").append(loadMillis).append(" ms.\n\n")
                    .append("| nodes | query | big | big, aggregations in Trino | memory | memory / big | DuckDB |\n|---|---|---|---|---|---|---|\n");
            List<String> verdicts = new ArrayList<>();
            List<String> floors = new ArrayList<>();
            for (int nodes = 1; nodes <= 3; nodes++) {
                Session session = testSessionBuilder().setCatalog("big").setSchema("default").build();
                // big without aggregation pushdown: Trino's partial and final aggregation over many splits
                Session unpushed = Session.builder(session).setCatalogSessionProperty("big", BigMetadata.AGGREGATION_PUSHDOWN, "false").build();
                try (DistributedQueryRunner runner = DistributedQueryRunner.builder(session).setWorkerCount(nodes - 1).build()) {
                    runner.installPlugin(new BigPlugin());
                    runner.createCatalog("big", "big", Map.of(BigConfig.DATA_DIR, data.toString()));
                    runner.installPlugin(new MemoryPlugin());
                    // The memory connector keeps 128 MB per node by default; 10,000,000 events need more.
                    runner.createCatalog("memory", "memory", Map.of("memory.max-data-per-node", "4GB"));
                    runner.execute("CREATE TABLE memory.default.events AS SELECT \"$file\" AS file, id, value, type, verified, received_at, size FROM big.default.events");
                    runner.execute("CREATE TABLE memory.default.types AS SELECT * FROM (VALUES " + typesValues() + ") AS t(name, weight)");
                    // what any query costs in this cluster, reading nothing: the floor under every time above
                    runner.execute("CREATE TABLE memory.default.one AS SELECT * FROM big.default.one");
                    assertThat(Answers.of(runner, session, "SELECT count(*) FROM big.default.one")).isEqualTo(List.of(List.of(java.math.BigInteger.ONE)));
                    long selectOne = median(() -> Answers.of(runner, session, "SELECT 1"));
                    long bigOne = median(() -> Answers.of(runner, session, "SELECT count(*) FROM big.default.one"));
                    long memoryOne = median(() -> Answers.of(runner, session, "SELECT count(*) FROM memory.default.one"));
                    for (String[] q : QUERIES) {
                        String bigSql = q[1].formatted("(SELECT \"$file\" AS file, * FROM big.default.events)");
                        String memorySql = q[1].formatted("memory.default.events");
                        String duckSql = q[2] != null ? q[2] : q[1].formatted("events");
                        boolean unordered = q[0].contains("unordered");
                        List<List<Object>> expected = inOrder(duckRows(duck, duckSql), unordered);
                        assertThat(inOrder(Answers.of(runner, session, bigSql), unordered)).as(q[0] + " on big").isEqualTo(expected);
                        assertThat(inOrder(Answers.of(runner, unpushed, bigSql), unordered)).as(q[0] + " on big, aggregations in Trino").isEqualTo(expected);
                        assertThat(inOrder(Answers.of(runner, session, memorySql), unordered)).as(q[0] + " on memory").isEqualTo(expected);
                        long big = median(() -> Answers.of(runner, session, bigSql));
                        long bigUnpushed = median(() -> Answers.of(runner, unpushed, bigSql));
                        long memory = median(() -> Answers.of(runner, session, memorySql));
                        long duckMillis = median(() -> duckRows(duck, duckSql));
                        double ratio = (double) memory / Math.max(1, big);
                        report.append("| ").append(nodes).append(" | ").append(q[0]).append(" | ").append(big).append(" | ").append(bigUnpushed).append(" | ").append(memory)
                                .append(" | ").append(String.format("%.1f", ratio)).append(" | ").append(duckMillis).append(" |\n");
                        if (q[0].equals("filtered count")) {
                            floors.add(nodes + " nodes: `SELECT 1` " + selectOne + " ms; a count over one record: big " + bigOne + " ms, memory "
                                    + memoryOne + " ms; so at most " + String.format("%.1f", (double) memory / Math.max(1, bigOne))
                                    + "x memory's filtered count for any connector whose count costs it nothing");
                        }
                        if (q[0].equals("filtered count") || q[0].contains("per type") || q[0].contains("by count")) {
                            verdicts.add(nodes + " nodes, " + q[0] + ": " + String.format("%.1f", ratio) + "x "
                                    + (ratio >= 10 ? "meets" : "misses") + " the 10x goal");
                        }
                    }
                }
            }
            report.append("\nTrino's fixed cost per statement, medians as above:\n\n");
            floors.forEach(f -> report.append("* ").append(f).append('\n'));
            report.append("\nGoal (filtered counts and group counts at least 10x faster than Trino over memory), every group count measured:\n\n");
            verdicts.forEach(v -> report.append("* ").append(v).append('\n'));
            Files.writeString(DIR.resolve("results.md"), report);
            System.out.println(report);
        }
    }

    /** {@code rows} as they came, or sorted (by their text) when the statement leaves their order open. */
    private static List<List<Object>> inOrder(List<List<Object>> rows, boolean unordered) {
        if (!unordered) {
            return rows;
        }
        List<List<Object>> sorted = new ArrayList<>(rows);
        sorted.sort(java.util.Comparator.comparing(Object::toString));
        return sorted;
    }

    private static String typesValues() {
        StringBuilder values = new StringBuilder();
        for (int t = 0; t < EventGenerator.TYPE_COUNT; t++) {
            values.append(t == 0 ? "" : ", ").append("('").append(EventGenerator.typeNames().get(t)).append("', BIGINT '").append(t * 7 % 5).append("')");
        }
        return values.toString();
    }

    private interface Run {
        Object run() throws Exception;
    }

    private static long median(Run run) throws Exception {
        for (int i = 0; i < WARM_UP; i++) {
            run.run();
        }
        long[] millis = new long[RUNS];
        for (int i = 0; i < RUNS; i++) {
            long start = System.nanoTime();
            run.run();
            millis[i] = (System.nanoTime() - start) / 1_000_000;
        }
        Arrays.sort(millis);
        return millis[RUNS / 2];
    }

    private static List<List<Object>> duckRows(Connection duck, String sql) throws Exception {
        try (Statement s = duck.createStatement(); ResultSet r = s.executeQuery(sql)) {
            List<List<Object>> rows = new ArrayList<>();
            while (r.next()) {
                List<Object> row = new ArrayList<>();
                for (int c = 1; c <= r.getMetaData().getColumnCount(); c++) {
                    row.add(Answers.normalize(r.getMetaData().getColumnTypeName(c).startsWith("TIMESTAMP")
                            ? r.getObject(c, java.time.LocalDateTime.class) : r.getObject(c)));
                }
                rows.add(row);
            }
            return rows;
        }
    }
}
