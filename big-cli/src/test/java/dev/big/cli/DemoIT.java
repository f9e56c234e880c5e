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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code ./big demo}, through the real launcher, the way the README says to run it: it loads the
 * standard events and prints each query with the answer the generated events call for.
 */
@Tag("child-jvm")
class DemoIT {

    private static final int RECORDS = 20_000;

    @Test
    void theDemoLoadsTheStandardEventsAndAnswersEachQueryRightly() throws Exception {
        Path dir = Cli.newDir("demo");
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Cli.Run demo = Cli.run(dir, List.of(Cli.REPO.resolve("big").toString(), "demo", "--records", Integer.toString(RECORDS)),
                Map.of("BIG_JAVA_OPTS", "-Djava.io.tmpdir=" + tmp, "BIG_SKIP_BUILD", "1"), null);
        assertEquals(0, demo.exitCode(), demo.toString());
        String out = demo.stdout();
        assertTrue(out.startsWith("big demo: 20,000 events of the standard schema into " + tmp), out);
        assertTrue(out.contains("\nloaded 20,000 events in "), out);
        for (String sql : DemoCommand.QUERIES) {
            assertTrue(out.contains("\n" + sql + "\n"), "the demo prints " + sql);
        }
        assertTrue(out.matches("(?s).*\nfile size [0-9.]+ [KM]iB \\([0-9,]+ bytes\\), [0-9.]+ bytes per record\ndemo finished in .*"),
                out);
        assertEquals(DemoCommand.QUERIES.size(), out.lines().filter(l -> l.matches("time: .* first run, .* warm")).count());
        try (var left = Files.list(tmp)) {
            assertEquals(List.of(), left.filter(p -> p.toString().endsWith(".big")).toList(),
                    "without --db the demo deletes its temporary database");
        }

        List<Event> events = new ArrayList<>();
        new EventGenerator(DemoCommand.SEED, RECORDS, new IdLayout.Dense()).forEach(events::add);
        assertTrue(out.contains(answer("SELECT count(*) FROM events", List.of("count(*)"), List.of(List.of((long) RECORDS)))));
        long upperHalf = events.stream().filter(e -> e.value() >= 524288).count();
        assertTrue(out.contains(answer("SELECT count(*) FROM events WHERE value >= 524288", List.of("count(*)"),
                List.of(List.of(upperHalf)))), out);
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
