package dev.big.db.check;

import dev.big.db.CheckReport;
import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * How long {@code Db.check()} takes on the standard events (big-workload's
 * {@link EventGenerator}, dense ids). Not a test: run it by hand, once to load and again, in a
 * fresh JVM, to measure:
 *
 * <pre>
 * java -cp ... dev.big.db.check.CheckTimingHarness target/check-timing/events.big 1000000   # loads when missing
 * java -cp ... dev.big.db.check.CheckTimingHarness target/check-timing/events.big           # measures
 * </pre>
 *
 * It checks 7 times ({@code -Druns=N}) on one read-only handle and prints each time and the median.
 */
public final class CheckTimingHarness {

    /** Checks per measuring run: {@code -Druns=N} changes it (a profiler wants more). */
    private static final int RUNS = Integer.getInteger("runs", 7);
    private static final TableDef EVENTS = TableDef.of("events", FieldDef.intField("value"), FieldDef.keyed("type"),
            FieldDef.bool("verified"), FieldDef.timestamp("received_at"), FieldDef.intField("size"), FieldDef.set("tags"));

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args.length > 0 ? args[0] : "target/check-timing/events.big");
        if (!Files.exists(file)) {
            long count = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000;
            Files.createDirectories(file.toAbsolutePath().getParent());
            long start = System.nanoTime();
            try (Db db = Db.create(file, List.of(EVENTS))) {
                db.bulkLoad("events", rows(new EventGenerator(42, count, new IdLayout.Dense())));
            }
            System.out.printf("loaded %,d events into %s in %.1f s; run again to measure%n", count, file,
                    (System.nanoTime() - start) / 1e9);
            return;
        }
        try (Db db = Db.openReadOnly(file)) {
            long[] millis = new long[RUNS];
            for (int run = 0; run < RUNS; run++) {
                long start = System.nanoTime();
                CheckReport report = db.check();
                millis[run] = (System.nanoTime() - start) / 1_000_000;
                System.out.printf("check %d: %,d ms, %s%n", run + 1, millis[run],
                        report.ok() ? "clean" : report.problems().size() + " problem(s)");
            }
            long[] sorted = millis.clone();
            Arrays.sort(sorted);
            System.out.printf("median of %d: %,d ms (min %,d, max %,d)%n", RUNS, sorted[RUNS / 2], sorted[0],
                    sorted[RUNS - 1]);
        }
    }

    private static Iterable<Row> rows(EventGenerator events) {
        return () -> new Iterator<>() {
            private final Iterator<Event> generated = events.iterator();

            @Override
            public boolean hasNext() {
                return generated.hasNext();
            }

            @Override
            public Row next() {
                Event e = generated.next();
                return Row.builder().set("value", e.value()).set("type", e.type()).set("verified", e.verified())
                        .set("received_at", Instant.ofEpochMilli(e.receivedAt())).set("size", e.size())
                        .set("tags", e.tags().isEmpty() ? null : e.tags()).build();
            }
        };
    }

    private CheckTimingHarness() {}
}
