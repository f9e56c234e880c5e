package dev.big.bench.load;

import dev.big.bench.BenchFiles;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The analyst's join on flights, as a user meets it (issue 36): the generated flights CSV
 * ({@link FlightsCsv}) and an airports CSV of its 300 codes with a state each, loaded by the big
 * command ({@code ./big load DB TABLE FILE --create}) and by DuckDB ({@code read_csv}); then the
 * same join statements asked of {@code ./big query ... --format csv} and of DuckDB, the answers
 * compared as text, row by row. Exits non-zero on the first difference.
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.big.bench.load.FlightsJoinCheck --rows 3000000</pre>
 * (from the repository root, after {@code ./big --version} has built the command's jar)
 */
public final class FlightsJoinCheck {

    private static final String[] STATEMENTS = {
            "SELECT a.state, count(*) FROM flights f JOIN airports a ON f.origin = a.iata GROUP BY a.state ORDER BY 2 DESC, 1 LIMIT 5",
            "SELECT a.state, count(*), sum(f.distance), min(f.dep_delay), max(f.arr_delay) FROM flights f JOIN airports a"
                    + " ON f.origin = a.iata WHERE a.hub AND f.cancelled = false GROUP BY a.state ORDER BY 1",
            "SELECT d.state, count(*) FROM flights f JOIN airports o ON f.origin = o.iata JOIN airports d ON f.dest = d.iata"
                    + " WHERE o.state = 'S07' GROUP BY d.state ORDER BY 2 DESC, 1 LIMIT 10",
            "SELECT a.state, count(DISTINCT f.carrier), median(f.dep_delay) FROM flights f LEFT JOIN airports a"
                    + " ON f.dest = a.iata AND a.hub GROUP BY a.state ORDER BY 1 NULLS FIRST",
            "SELECT f.departs, f.origin, f.dest, a.state FROM flights f JOIN airports a ON f.dest = a.iata"
                    + " WHERE f.dep_delay > 200 AND a.state IN ('S01', 'S02') ORDER BY f.departs, f.flight, f.dest LIMIT 20",
    };

    public static void main(String[] args) throws Exception {
        long rows = 3_000_000;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rows" -> rows = Long.parseLong(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i] + " (--rows N)");
            }
        }
        Path dir = BenchFiles.baseDir().resolve("csv-load");
        Path flights = FlightsCsv.ensure(dir, rows).toAbsolutePath();
        Path airports = dir.resolve("airports.csv").toAbsolutePath();
        writeAirports(airports);
        Path work = BenchFiles.newDir("flights-join");
        Path db = work.resolve("flights.big");
        big(List.of("load", db.toString(), "flights", flights.toString(), "--create"));
        big(List.of("load", db.toString(), "airports", airports.toString(), "--create"));
        int differences = 0;
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            try (Statement statement = duck.createStatement()) {
                statement.execute("CREATE TABLE flights AS SELECT * FROM read_csv('" + flights + "')");
                statement.execute("CREATE TABLE airports AS SELECT * FROM read_csv('" + airports + "')");
            }
            for (String sql : STATEMENTS) {
                List<String> expected = duck(duck, sql);
                List<String> actual = big(List.of("query", db.toString(), sql, "--format", "csv"));
                actual = actual.subList(1, actual.size()); // the header
                boolean same = expected.equals(actual);
                differences += same ? 0 : 1;
                System.out.println((same ? "identical" : "DIFFERENT") + " (" + expected.size() + " rows): " + sql);
                if (!same) {
                    System.out.println("  DuckDB: " + expected + "\n  big:    " + actual);
                }
            }
        }
        BenchFiles.deleteRecursively(work);
        if (differences > 0) {
            System.exit(1);
        }
    }

    /** 300 airports, the codes {@link FlightsCsv} draws from, each with a state of 50 and every third a hub. */
    private static void writeAirports(Path file) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("iata,state,hub\n");
            for (int i = 0; i < 300; i++) {
                String code = "" + (char) ('A' + i % 26) + (char) ('A' + (i / 26) % 26) + (char) ('A' + (i * 11) % 26);
                out.write(code + "," + String.format(Locale.ROOT, "S%02d", (i * 7) % 50) + "," + (i % 3 == 0) + "\n");
            }
        }
    }

    /** The lines {@code ./big ARGS} prints on stdout; fails unless it exits 0. */
    private static List<String> big(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of("big").toAbsolutePath().toString());
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> lines = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        if (process.waitFor() != 0) {
            throw new IllegalStateException("big " + String.join(" ", args) + " exited " + process.exitValue() + ":\n" + lines);
        }
        return lines;
    }

    /** DuckDB's rows of {@code sql}, each as big's CSV prints it: values joined by commas, NULL empty, timestamps as UTC instants. */
    private static List<String> duck(Connection duck, String sql) throws Exception {
        List<String> lines = new ArrayList<>();
        try (Statement statement = duck.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<String> values = new ArrayList<>();
                for (int c = 1; c <= columns; c++) {
                    Object value = result.getObject(c);
                    values.add(value == null ? "" : value instanceof java.sql.Timestamp t
                            ? t.toLocalDateTime().toInstant(java.time.ZoneOffset.UTC).toString() : value.toString());
                }
                lines.add(String.join(",", values));
            }
        }
        return lines;
    }

    private FlightsJoinCheck() {}
}
