package dev.big.db.sql;

import dev.big.db.Db;
import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * The analyst's questions of issue 17 on the standard events, big against an in-process DuckDB
 * holding the same rows: each statement's answer is checked against DuckDB's first, then both are
 * timed in this one JVM (p50 of the measured calls, ms) and the ratio printed. Not a test and not
 * the campaign (which runs every engine in fresh JVMs): a quick, honest first look, by hand:
 *
 * <pre>
 * java -cp ... dev.big.db.sql.IssueShapesHarness 1000000
 * </pre>
 */
public final class IssueShapesHarness {

    private static final int WARMUP = 5;
    private static final int MEASURED = 15;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    public static void main(String[] args) throws Exception {
        // As DuckDbMirror: the test code runs in big-db's module, which does not read java.sql.
        IssueShapesHarness.class.getModule().addReads(ModuleLayer.boot().findModule("java.sql").orElseThrow());
        Class.forName("org.duckdb.DuckDBDriver");
        long events = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        Path dir = Files.createDirectories(Path.of("target", "issue-shapes"));
        Path file = dir.resolve("events-" + events + ".big");
        Files.deleteIfExists(file);
        try (Db db = Db.create(file, List.of(StandardEvents.EVENTS));
             Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            db.bulkLoad("events", new StandardEvents(42, events));
            loadDuckDb(duck, events);
            String day = TIME.format(Instant.ofEpochMilli(EventGenerator.FIRST_RECEIVED_AT_MILLIS + 86_400_000L));
            String dayEnd = TIME.format(Instant.ofEpochMilli(EventGenerator.FIRST_RECEIVED_AT_MILLIS + 2 * 86_400_000L - 1000));
            String hourEnd = TIME.format(Instant.ofEpochMilli(EventGenerator.FIRST_RECEIVED_AT_MILLIS + 86_400_000L + 3_599_000L));
            Map<String, String> shapes = new LinkedHashMap<>();
            shapes.put("count per hour over a day", "SELECT date_trunc('hour', received_at) AS h, count(*) FROM events"
                    + " WHERE received_at BETWEEN TIMESTAMP '" + day + "' AND TIMESTAMP '" + dayEnd + "' GROUP BY h ORDER BY h");
            shapes.put("count per month", "SELECT date_trunc('month', received_at) AS m, count(*) FROM events GROUP BY m ORDER BY m");
            shapes.put("count per (type, verified)", "SELECT type, verified, count(*) FROM events GROUP BY type, verified"
                    + " ORDER BY type, verified");
            shapes.put("count per (type, hour of day)", "SELECT type, hour(received_at) AS h, count(*) FROM events"
                    + " GROUP BY type, h ORDER BY type, h");
            shapes.put("sum(size) per type", "SELECT type, sum(size) FROM events GROUP BY type ORDER BY type");
            shapes.put("top 10 by value", "SELECT id, value FROM events ORDER BY value DESC, id LIMIT 10");
            shapes.put("top 10 by received_at in a type", "SELECT id, received_at FROM events WHERE type = 'type03'"
                    + " ORDER BY received_at DESC, id LIMIT 10");
            shapes.put("histogram value // 65536", "SELECT value // 65536 AS b, count(*) FROM events GROUP BY b ORDER BY b");
            shapes.put("median(size) of one type", "SELECT median(size) FROM events WHERE type = 'type03'");
            shapes.put("quantile_disc(value, 0.99)", "SELECT quantile_disc(value, 0.99) FROM events");
            shapes.put("count(DISTINCT value) in an hour", "SELECT count(DISTINCT value) FROM events WHERE received_at"
                    + " BETWEEN TIMESTAMP '" + day + "' AND TIMESTAMP '" + hourEnd + "'");
            System.out.printf("%,d events; p50 ms of %d calls after %d warm-up calls, one JVM%n", events, MEASURED, WARMUP);
            System.out.printf("%-36s %10s %10s %8s%n", "shape", "big", "DuckDB", "DuckDB/big");
            for (var shape : shapes.entrySet()) {
                String sql = shape.getValue();
                List<List<Object>> expected = query(duck, sql);
                List<List<Object>> actual = ResultRows.normalize(db.sql(sql));
                String difference = ResultRows.difference(expected, actual);
                if (difference != null) {
                    throw new AssertionError(shape.getKey() + ": big and DuckDB differ: " + difference + "\n  " + sql);
                }
                double big = p50(() -> db.sql(sql));
                double duckdb = p50(() -> query(duck, sql));
                System.out.printf("%-36s %10.2f %10.2f %8.2f%n", shape.getKey(), big, duckdb, duckdb / big);
            }
        }
    }

    private interface Call {
        void run() throws Exception;
    }

    private static double p50(Call call) throws Exception {
        for (int i = 0; i < WARMUP; i++) {
            call.run();
        }
        double[] ms = new double[MEASURED];
        for (int i = 0; i < MEASURED; i++) {
            long start = System.nanoTime();
            call.run();
            ms[i] = (System.nanoTime() - start) / 1e6;
        }
        Arrays.sort(ms);
        return ms[MEASURED / 2];
    }

    private static void loadDuckDb(Connection duck, long events) throws Exception {
        try (Statement statement = duck.createStatement()) {
            statement.execute("CREATE TABLE raw (id BIGINT, value BIGINT, type VARCHAR, verified BOOLEAN, received_at BIGINT,"
                    + " size BIGINT)");
        }
        try (DuckDBAppender appender = duck.unwrap(DuckDBConnection.class).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "raw")) {
            for (Event e : new EventGenerator(42, events, new IdLayout.Dense())) {
                appender.beginRow().append(e.id()).append(e.value()).append(e.type()).append(e.verified())
                        .append(e.receivedAt()).append(e.size()).endRow();
            }
        }
        try (Statement statement = duck.createStatement()) {
            statement.execute("CREATE TABLE events AS SELECT id, value, type, verified, epoch_ms(received_at) AS received_at,"
                    + " size FROM raw ORDER BY id");
            statement.execute("DROP TABLE raw");
        }
    }

    private static List<List<Object>> query(Connection duck, String sql) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement statement = duck.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    Object value = result.getObject(i);
                    if (value instanceof java.sql.Timestamp) {
                        value = result.getObject(i, java.time.LocalDateTime.class).toInstant(ZoneOffset.UTC);
                    } else if (value instanceof java.sql.Date) {
                        value = result.getObject(i, java.time.LocalDate.class);
                    }
                    row.add(ResultRows.normalize(value));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private IssueShapesHarness() {}
}
