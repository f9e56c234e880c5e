package dev.big.bench.sql;

import dev.big.bench.BenchFiles;
import dev.big.bench.campaign.Workload;
import dev.big.bench.compare.BigSqlPeer;
import dev.big.bench.compare.DuckDbPeer;
import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;

import dev.big.db.TableDef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Joins of the campaign's events with a dimension table, big against DuckDB in one run (issue 36):
 * {@code --events} standard events (the campaign's generator and seed) in a big file and in a
 * DuckDB file, each with a {@code types} table of {@code --dimension} rows keyed by the events'
 * {@code type} (the 20 types the events have and made-up ones beyond them), a {@code category} of
 * seven and a {@code weight}. Each statement is answered by both engines and the answers compared
 * before any time counts; then each engine runs it {@code --runs} times, alternating, after
 * {@code --warmup} unmeasured runs; the report is each engine's median and the ratio.
 *
 * <ul>
 *   <li>{@code grouped}: count and sum(size) per dimension category under a filter on the dimension:
 *       big's bitmap group-by (the filter becomes an IN list of types; counts and sums from the
 *       bitmaps and planes);
 *   <li>{@code grouped, no filter}: count per category: the bitmap group-by from stored counts;
 *   <li>{@code listing}: 10,000 joined rows in id order under a filter on each side: big's hash
 *       join, reading the records it lists;
 *   <li>{@code dimension sum (hash join)}: a sum of a dimension column per category over the 1% of
 *       events with the smallest values: the hash join reads and joins every such event.
 * </ul>
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.big.bench.sql.JoinRace --events 10000000 --runs 15</pre>
 */
public final class JoinRace {

    private static final String[][] STATEMENTS = {
            {"grouped", "SELECT t.category, count(*) AS n, sum(e.size) AS s FROM events e JOIN types t ON e.type = t.name"
                    + " WHERE t.weight < 500 GROUP BY t.category ORDER BY t.category"},
            {"grouped, no filter", "SELECT t.category, count(*) AS n FROM events e JOIN types t ON e.type = t.name"
                    + " GROUP BY t.category ORDER BY t.category"},
            {"listing", "SELECT e.id, e.value, e.size, t.category, t.weight FROM events e JOIN types t ON e.type = t.name"
                    + " WHERE e.value < 524288 AND t.weight >= 100 ORDER BY e.id LIMIT 10000"},
            {"dimension sum (hash join)", "SELECT t.category, sum(t.weight) AS w FROM events e JOIN types t ON e.type = t.name"
                    + " WHERE e.value < 10000 GROUP BY t.category ORDER BY t.category"},
    };

    public static void main(String[] args) throws Exception {
        long events = 10_000_000;
        int dimension = 1_000;
        int runs = 15;
        int warmup = 5;
        Path work = BenchFiles.baseDir().resolve("join-race");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--events" -> events = Long.parseLong(args[++i]);
                case "--dimension" -> dimension = Integer.parseInt(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--work" -> work = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + " (--events N --dimension N --runs N --warmup N --work DIR)");
            }
        }
        Path bigDir = work.resolve("big-" + events);
        Path duckDir = work.resolve("duckdb-" + events);
        if (!Files.exists(bigDir.resolve("events.big"))) {
            BenchFiles.deleteRecursively(bigDir);
            System.out.println("loading " + events + " events into big ...");
            try (BigSqlPeer peer = BigSqlPeer.create(bigDir)) {
                peer.load(Workload.events(events), Workload.LOAD_BATCH);
            }
        }
        if (!Files.exists(duckDir.resolve("events.duckdb"))) {
            BenchFiles.deleteRecursively(duckDir);
            System.out.println("loading " + events + " events into DuckDB ...");
            try (DuckDbPeer peer = DuckDbPeer.create(duckDir)) {
                peer.load(Workload.events(events), Workload.LOAD_BATCH);
            }
        }
        try (Db db = Db.open(bigDir.resolve("events.big"));
             Connection duck = DriverManager.getConnection("jdbc:duckdb:" + duckDir.resolve("events.duckdb").toAbsolutePath())) {
            dimension(db, duck, dimension);
            System.out.printf(Locale.ROOT, "%d events, a types table of %d rows; medians of %d runs after %d warm-up runs%n",
                    events, dimension, runs, warmup);
            System.out.println("| statement | big ms | DuckDB ms | big / DuckDB | rows |");
            System.out.println("|---|---|---|---|---|");
            for (String[] statement : STATEMENTS) {
                race(db, duck, statement[0], statement[1], runs, warmup);
            }
        }
    }

    /** The {@code types} table in both engines, made anew with {@code rows} rows. */
    private static void dimension(Db db, Connection duck, int rows) throws Exception {
        if (db.schema().stream().noneMatch(t -> t.name().equals("types"))) {
            db.createTable(TableDef.of("types", FieldDef.keyed("name"), FieldDef.keyed("category"), FieldDef.intField("weight")));
            List<Row> records = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
                records.add(Row.builder().set("name", typeName(i)).set("category", "cat" + (i % 7))
                        .set("weight", (i * 37L) % 1000).build());
            }
            db.bulkLoad("types", records);
        }
        try (Statement statement = duck.createStatement()) {
            statement.execute("CREATE OR REPLACE TABLE types (id BIGINT, name VARCHAR, category VARCHAR, weight BIGINT)");
        }
        try (PreparedStatement insert = duck.prepareStatement("INSERT INTO types VALUES (?, ?, ?, ?)")) {
            for (int i = 0; i < rows; i++) {
                insert.setLong(1, i);
                insert.setString(2, typeName(i));
                insert.setString(3, "cat" + (i % 7));
                insert.setLong(4, (i * 37L) % 1000);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** The events' types first ({@code type00} ... {@code type19}), then names no event has. */
    private static String typeName(int i) {
        return String.format(Locale.ROOT, "type%02d", i);
    }

    private static void race(Db db, Connection duck, String name, String sql, int runs, int warmup) throws Exception {
        List<List<Object>> bigRows = normalized(db.sql(sql).rows());
        List<List<Object>> duckRows = duck(duck, sql);
        if (!bigRows.equals(duckRows)) {
            throw new IllegalStateException(name + ": big and DuckDB answer differently\n  big:    "
                    + head(bigRows) + "\n  DuckDB: " + head(duckRows));
        }
        for (int i = 0; i < warmup; i++) {
            db.sql(sql);
            duck(duck, sql);
        }
        double[] big = new double[runs];
        double[] duckTimes = new double[runs];
        for (int i = 0; i < runs; i++) {
            // Alternate which engine goes first, so neither always runs on a warmer machine.
            if (i % 2 == 0) {
                big[i] = time(() -> db.sql(sql));
                duckTimes[i] = time(() -> duck(duck, sql));
            } else {
                duckTimes[i] = time(() -> duck(duck, sql));
                big[i] = time(() -> db.sql(sql));
            }
        }
        double bigMedian = median(big);
        double duckMedian = median(duckTimes);
        System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %d |%n", name, bigMedian, duckMedian, bigMedian / duckMedian,
                bigRows.size());
    }

    private interface Run {
        void run() throws Exception;
    }

    private static double time(Run run) throws Exception {
        long start = System.nanoTime();
        run.run();
        return (System.nanoTime() - start) / 1e6;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static List<List<Object>> duck(Connection duck, String sql) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement statement = duck.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<Object> row = new ArrayList<>(columns);
                for (int c = 1; c <= columns; c++) {
                    row.add(normal(result.getObject(c)));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private static List<List<Object>> normalized(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            out.add(row.stream().map(JoinRace::normal).toList());
        }
        return out;
    }

    /** Numbers as their decimal text, so that big's Long and BigInteger meet DuckDB's Long, Integer and BigInteger. */
    private static Object normal(Object value) {
        return value instanceof Number number ? new java.math.BigDecimal(number.toString()).toPlainString() : Objects.toString(value);
    }

    private static String head(List<List<Object>> rows) {
        return rows.size() <= 5 ? rows.toString() : rows.subList(0, 5) + " ... (" + rows.size() + " rows)";
    }

    private JoinRace() {}
}
