package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code ./big demo}, through the real launcher, the way the README says to run it: it loads the
 * standard events and prints each query with the answer the generated events call for, the load
 * rate over the second half of the load, and each query's first run and steady state.
 */
@Tag("child-jvm")
class DemoIT {

    /** Enough for several bulk-load chunks (65,536 to 131,071 records each), so the second half of the load has a rate. */
    private static final int RECORDS = 200_000;
    private static final int WINDOW_MILLIS = 100;

    @Test
    void theDemoLoadsTheStandardEventsAndAnswersEachQueryRightly() throws Exception {
        Path dir = Cli.newDir("demo");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Cli.Run demo = Cli.run(dir, List.of(Cli.REPO.resolve("big").toString(), "demo", "--records", Integer.toString(RECORDS),
                        "--window-ms", Integer.toString(WINDOW_MILLIS)),
                Map.of("BIG_JAVA_OPTS", "-Djava.io.tmpdir=" + tmp, "BIG_SKIP_BUILD", "1"), null);
        assertEquals(0, demo.exitCode(), demo.toString());
        String out = demo.stdout();
        assertTrue(out.startsWith("big demo: 200,000 events of the standard schema into " + tmp), out);
        assertTrue(out.contains("\nloaded 200,000 events in "), out);
        Matcher warm = Pattern.compile("\n  after warm-up: ([0-9,]+) records/s over the second half \\(the last ([0-9,]+) records,"
                + " committed after the first ([0-9,]+)\\)\n").matcher(out);
        assertTrue(warm.find(), out);
        long last = number(warm.group(2));
        long first = number(warm.group(3));
        assertEquals(RECORDS, first + last, out);
        assertTrue(first >= RECORDS / 2 && last > 0 && number(warm.group(1)) > 0, out);
        assertTrue(out.contains("\nEach query runs once, then again and again in windows of 100.0 ms (3 runs at least) until a"
                + " window is no more than 10% faster than the one before (10 windows at most):\n"
                + "  first run     its first run in this JVM: class loading, code not yet compiled by the JIT, the first page"
                + " faults of the mapped file\n"
                + "  steady state  the median of the runs of the last window: what a long-running process sees\n"), out);
        for (String sql : DemoCommand.QUERIES) {
            assertTrue(out.contains("\n" + sql + "\n"), "the demo prints " + sql);
        }
        assertTrue(out.matches("(?s).*\nfile size [0-9.]+ [KM]iB \\([0-9,]+ bytes\\), [0-9.]+ bytes per record\ndemo finished in .*"),
                out);
        Pattern time = Pattern.compile("time: first run [0-9.]+ (µs|ms|s), steady state [0-9.]+ (µs|ms|s) \\(median of ([0-9,]+)"
                + " runs in the last ([0-9.]+) (ms|s) of ([0-9.]+) (ms|s)(, still getting faster)?\\)");
        List<Matcher> times = out.lines().map(time::matcher).filter(Matcher::matches).toList();
        assertEquals(DemoCommand.QUERIES.size(), times.size(), out);
        for (Matcher each : times) {
            assertTrue(number(each.group(3)) >= SteadyState.MIN_RUNS, each.group());
            double windowMillis = millis(each.group(4), each.group(5));
            double spentMillis = millis(each.group(6), each.group(7));
            assertTrue(windowMillis >= WINDOW_MILLIS, "a window lasts its length at least: " + each.group());
            assertTrue(spentMillis >= 2 * WINDOW_MILLIS, "two windows at least, the last compared with the one before: "
                    + each.group());
        }
        try (var left = Files.list(tmp)) {
            assertEquals(List.of(), left.filter(p -> p.toString().endsWith(".big")).toList(),
                    "without --db the demo deletes its temporary database");
        }

        List<Event> events = new ArrayList<>();
        new EventGenerator(DemoCommand.SEED, RECORDS, new IdLayout.Dense()).forEach(events::add);
        assertTrue(out.contains(answer("SELECT count(*) FROM events", List.of("count(*)"), List.of(List.of((long) RECORDS)))));
        long upper = events.stream().filter(e -> e.value() >= 700000).count();
        assertTrue(out.contains(answer("SELECT count(*) FROM events WHERE value >= 700000", List.of("count(*)"),
                List.of(List.of(upper)))), out);
        long type03 = events.stream().filter(e -> e.type().equals("type03")).count();
        long type03Size = events.stream().filter(e -> e.type().equals("type03")).mapToLong(Event::size).sum();
        assertTrue(out.contains(answer("SELECT count(*) FROM events WHERE type = 'type03'", List.of("count(*)"),
                List.of(List.of(type03)))), out);
        assertTrue(out.contains(answer("SELECT sum(size) FROM events WHERE type = 'type03'", List.of("sum(size)"),
                List.of(List.of(type03Size)))), out);
        Map<String, Long> byType = new TreeMap<>();
        events.forEach(e -> byType.merge(e.type(), 1L, Long::sum));
        List<List<Object>> top = byType.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
                .limit(5).map(e -> List.<Object>of(e.getKey(), e.getValue())).toList();
        assertTrue(out.contains(answer("SELECT type, count(*) FROM events GROUP BY type ORDER BY count(*) DESC LIMIT 5",
                List.of("type", "count(*)"), top)), out);
        Event e = events.get(123);
        List<Object> row = new ArrayList<>(List.of(123L, e.value(), e.type(), e.verified(),
                java.time.Instant.ofEpochMilli(e.receivedAt()), e.size()));
        row.add(e.tags().isEmpty() ? null : e.tags());
        assertTrue(out.contains(answer("SELECT * FROM events WHERE id = 123",
                List.of("id", "value", "type", "verified", "received_at", "size", "tags"), List.of(row))), out);
    }

    private static double millis(String amount, String unit) {
        return Double.parseDouble(amount) * (unit.equals("s") ? 1000 : 1);
    }

    private static long number(String withCommas) {
        return Long.parseLong(withCommas.replace(",", ""));
    }

    /** The SQL and its result table as the demo prints them. */
    private static String answer(String sql, List<String> columns, List<List<Object>> rows) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            out.println(sql);
            ResultPrinter.table(columns, rows, out);
        }
        return "\n" + text + "time: ";
    }
}
