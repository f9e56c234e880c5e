package dev.big.db.sql;

import dev.big.db.Db;
import dev.big.db.Filter;
import dev.big.db.Order;
import dev.big.db.Snapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;

/**
 * Latency of the SQL shapes of the acceptance list at 1,000,000 standard events, through
 * {@code db.sql(...)} (snapshot, lex, cache, bind, run). Not a test: run it by hand, in two
 * JVMs, one to load and one to measure (JIT state of the load would blur the numbers):
 *
 * <pre>
 * java -cp ... dev.big.db.sql.SqlLatencyHarness target/latency/events.big   # loads when missing
 * java -cp ... dev.big.db.sql.SqlLatencyHarness target/latency/events.big   # measures
 * </pre>
 *
 * Each shape runs {@value #WARMUP} times to warm up, then {@value #MEASURED} measured times, each
 * with another parameter (window, type, cursor or id) from a fixed cycle; p50, p95 and p99 are
 * printed in microseconds. "fresh text" shapes change their text every call, so they always
 * lex and reuse a compiled template; the others repeat texts the statement cache holds. The
 * "typed API" lines run the same work on the typed API, on a fresh snapshot per call as
 * {@code db.sql} opens: the difference is what SQL costs.
 */
public final class SqlLatencyHarness {

    static final int EVENTS = 1_000_000;
    private static final int WARMUP = 20_000;
    private static final int MEASURED = 20_000;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args.length > 0 ? args[0] : "target/latency/events.big");
        if (!Files.exists(file)) {
            Files.createDirectories(file.getParent());
            long start = System.nanoTime();
            try (Db db = Db.create(file, List.of(StandardEvents.EVENTS))) {
                db.bulkLoad("events", new StandardEvents(42, EVENTS));
            }
            System.out.printf("loaded %,d events into %s in %.1f s; run again to measure%n", EVENTS, file,
                    (System.nanoTime() - start) / 1e9);
            return;
        }
        String only = args.length > 1 ? args[1] : null;
        try (Db db = Db.openReadOnly(file)) {
            System.out.printf("%-44s %9s %9s %9s  %s%n", "shape", "p50 us", "p95 us", "p99 us", "rows");
            for (var shape : shapes().entrySet()) {
                if (only == null || shape.getKey().contains(only)) {
                    measure(shape.getKey(), i -> db.sql(shape.getValue().apply(i)).rows().size());
                }
            }
            for (var shape : typedShapes().entrySet()) {
                if (only == null || shape.getKey().contains(only)) {
                    measure(shape.getKey(), i -> {
                        try (Snapshot snapshot = db.read()) {
                            return shape.getValue().run(snapshot, i);
                        }
                    });
                }
            }
        }
    }

    /** A shape run on the typed API directly, on a fresh snapshot as db.sql uses: the cost SQL adds to. */
    interface TypedShape {
        long run(Snapshot snapshot, int i);
    }

    static Map<String, TypedShape> typedShapes() {
        Map<String, TypedShape> shapes = new LinkedHashMap<>();
        shapes.put("typed API: count, 1-hour window", (s, i) -> s.count("events", window(s, i % 200 * 3_600_000L)));
        shapes.put("typed API: count, type + window + verified", (s, i) -> s.count("events", Filter.and(
                Filter.eq("type", StandardEvents.type(i % 20)), window(s, i % 200 * 3_600_000L), Filter.eq("verified", true))));
        shapes.put("typed API: latest 50", (s, i) -> read(s, s.ids("events", Filter.all(), Order.DESC, 50, null)));
        shapes.put("typed API: page after a cursor", (s, i) -> read(s, s.ids("events", Filter.all(), Order.DESC, 50,
                EVENTS - 1 - (i * 7919L) % EVENTS)));
        shapes.put("typed API: by id", (s, i) -> s.get("events", (i * 7919L) % EVENTS).isPresent() ? 1 : 0);
        return shapes;
    }

    private static Filter window(Snapshot snapshot, long offsetMillis) {
        long start = StandardEvents.FIRST_RECEIVED_AT_MILLIS + offsetMillis;
        return Filter.between("received_at", Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + 3_599_999));
    }

    private static long read(Snapshot snapshot, long[] ids) {
        long rows = 0;
        for (long id : ids) {
            rows += snapshot.get("events", id).isPresent() ? 1 : 0;
        }
        return rows;
    }

    static Map<String, IntFunction<String>> shapes() {
        Map<String, IntFunction<String>> shapes = new LinkedHashMap<>();
        shapes.put("count, 1-hour window", i -> "SELECT count(*) FROM events WHERE received_at BETWEEN " + window(i % 200 * 3_600_000L));
        shapes.put("count, 1-hour window (fresh text)", i -> "SELECT count(*) FROM events WHERE received_at BETWEEN "
                + window(i * 61_000L));
        shapes.put("count, type + window + verified", i -> "SELECT count(*) FROM events WHERE type = '" + StandardEvents.type(i % 20)
                + "' AND received_at BETWEEN " + window(i % 200 * 3_600_000L) + " AND verified");
        shapes.put("count, verified = false", i -> "SELECT count(*) FROM events WHERE verified = false");
        shapes.put("count, one type", i -> "SELECT count(*) FROM events WHERE type = '" + StandardEvents.type(i % 20) + "'");
        shapes.put("group by type", i -> "SELECT type, count(*) AS n FROM events GROUP BY type ORDER BY n DESC, type");
        shapes.put("latest 50", i -> "SELECT * FROM events ORDER BY id DESC LIMIT 50");
        shapes.put("latest 50, every field but tags", i -> "SELECT id, value, type, verified, received_at, size FROM events"
                + " ORDER BY id DESC LIMIT 50");
        shapes.put("latest 50, ids only", i -> "SELECT id FROM events ORDER BY id DESC LIMIT 50");
        shapes.put("page after a cursor (fresh text)", i -> "SELECT * FROM events WHERE id < " + (EVENTS - 1 - (i * 7919L) % EVENTS)
                + " ORDER BY id DESC LIMIT 50");
        shapes.put("by id (fresh text)", i -> "SELECT * FROM events WHERE id = " + (i * 7919L) % EVENTS);
        return shapes;
    }

    /** An hour starting {@code offsetMillis} after the first event (whole seconds), as TIMESTAMP literals. */
    static String window(long offsetMillis) {
        long start = StandardEvents.FIRST_RECEIVED_AT_MILLIS + offsetMillis;
        return "TIMESTAMP '" + TIME.format(Instant.ofEpochMilli(start)) + "' AND TIMESTAMP '"
                + TIME.format(Instant.ofEpochMilli(start + 3_599_999)) + ".999'";
    }

    private static void measure(String name, IntToLongFunction call) {
        long rows = 0;
        for (int i = 0; i < WARMUP; i++) {
            rows += call.applyAsLong(i);
        }
        long[] nanos = new long[MEASURED];
        for (int i = 0; i < MEASURED; i++) {
            long start = System.nanoTime();
            rows += call.applyAsLong(WARMUP + i);
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        System.out.printf("%-44s %9.1f %9.1f %9.1f  %s%n", name, nanos[MEASURED / 2] / 1e3, nanos[MEASURED * 95 / 100] / 1e3,
                nanos[MEASURED * 99 / 100] / 1e3, rows / (WARMUP + MEASURED));
    }

    private SqlLatencyHarness() {}
}
