package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import dev.big.db.sql.SqlResult;
import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code big demo}: big doing its job in well under a minute: generate the standard events,
 * bulk-load them, and run representative queries, each printed with its result and its time.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        header = "Shows big at work: loads N generated events and runs representative queries.",
        description = {
            "Generates N events of the standard event schema (value int 20-bit uniform, type keyed 20 values"
                    + " Zipf-skewed, verified bool 99%% true, received_at timestamp ~1 s apart, size int, tags set),"
                    + " bulk-loads them with a progress bar (the load rate overall and over the second half, once the"
                    + " JIT has compiled the loading code) and runs representative SQL queries, printing each with its"
                    + " result and two times: its first run and its steady state (the median of a window of --window-ms"
                    + " of runs, once a window is no more than 10%% faster than the one before), then the file size and"
                    + " bytes per record.",
            "",
            "Without --db the database is a temporary file, deleted at the end."})
final class DemoCommand implements Callable<Integer> {

    /** The standard event schema, as {@link EventGenerator} fills it. */
    static final TableDef EVENTS = TableDef.of("events",
            FieldDef.intField("value", 0, EventGenerator.VALUE_LIMIT - 1),
            FieldDef.keyed("type"),
            FieldDef.bool("verified"),
            FieldDef.timestamp("received_at"),
            FieldDef.intField("size", 0, EventGenerator.SIZE_LIMIT - 1),
            FieldDef.set("tags"));

    static final long SEED = 42;

    /**
     * Representative questions: a total, range counts, filters on several fields, a top-N, aggregates, one type's
     * count and sum, a point read. Several are the benchmark campaign's shapes (count_ge at a threshold that needs
     * every bit plane, not 2^19 which needs one; a one-hour window, as one BETWEEN like the campaign's (the same window
     * as {@code >= AND <} took about three times as long); one type; sum(size) of one type; group by type; a record by id),
     * so the steady states printed can be held against its p50s.
     */
    static final List<String> QUERIES = List.of(
            "SELECT count(*) FROM events",
            "SELECT count(*) FROM events WHERE value >= 700000",
            "SELECT count(*) FROM events WHERE value BETWEEN 1000 AND 1999 AND verified = false",
            "SELECT type, count(*) FROM events GROUP BY type ORDER BY count(*) DESC LIMIT 5",
            "SELECT count(*), sum(size), min(value), max(value), avg(value) FROM events WHERE type = 'type03'",
            "SELECT count(*) FROM events WHERE received_at BETWEEN '2023-11-15 00:00:00' AND '2023-11-15 01:00:00'",
            "SELECT count(*) FROM events WHERE type IN ('type00', 'type01') AND size < 1000",
            "SELECT count(*) FROM events WHERE type = 'type03'",
            "SELECT sum(size) FROM events WHERE type = 'type03'",
            "SELECT * FROM events WHERE id = 123");

    @Option(names = "--records", paramLabel = "N", defaultValue = "1000000",
            description = "How many events to generate (default: ${DEFAULT-VALUE}).")
    long records;

    @Option(names = "--db", paramLabel = "PATH", description = "Keep the database at PATH (it must not exist).")
    Path database;

    @Option(names = "--window-ms", paramLabel = "MS", defaultValue = "500",
            description = "How long one window of repeated runs of a query lasts; windows follow each other until one is no"
                    + " more than 10%% faster than the one before (default: ${DEFAULT-VALUE}).")
    long windowMillis;

    @Override
    public Integer call() {
        if (records < 1) {
            throw new CliException(ExitCodes.USAGE, "--records must be at least 1, got " + records);
        }
        if (windowMillis < 0) {
            throw new CliException(ExitCodes.USAGE, "--window-ms must be 0 or more, got " + windowMillis);
        }
        Path file = database != null ? Inputs.newFile(database, "database") : temporaryFile();
        PrintWriter out = Terminal.stdout();
        try {
            long total = System.nanoTime();
            out.println("big demo: " + Units.count(records) + " events of the standard schema into " + file
                    + (database == null ? " (temporary)" : ""));
            out.println("  table events: " + String.join(", ", EVENTS.fields().stream().map(Object::toString).toList()));
            out.flush();
            try (Db db = Db.create(file, List.of(EVENTS))) {
                load(db, out);
                out.println();
                out.println("Each query runs once, then again and again in windows of " + Units.nanos(windowMillis * 1_000_000)
                        + " (" + SteadyState.MIN_RUNS + " runs at least) until a window is no more than "
                        + Math.round(SteadyState.SETTLED_GAIN * 100) + "% faster than the one before (" + SteadyState.MAX_WINDOWS
                        + " windows at most):");
                out.println("  first run     its first run in this JVM: class loading, code not yet compiled by the JIT,"
                        + " the first page faults of the mapped file");
                out.println("  steady state  the median of the runs of the last window: what a long-running process sees");
                out.flush();
                for (String sql : QUERIES) {
                    query(db, sql, windowMillis * 1_000_000, out);
                }
            }
            long size = fileSize(file); // after close, which trims the file to the pages in use
            out.println();
            out.println("file size " + Units.bytes(size) + " (" + Units.count(size) + " bytes), "
                    + String.format(java.util.Locale.ROOT, "%.1f", (double) size / records) + " bytes per record");
            out.println("demo finished in " + Units.nanos(System.nanoTime() - total));
            out.flush();
            return ExitCodes.OK;
        } finally {
            if (database == null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    System.err.println("big demo: could not delete the temporary database " + file + ": " + e.getMessage());
                }
            }
        }
    }

    private void load(Db db, PrintWriter out) {
        EventGenerator events = new EventGenerator(SEED, records, new IdLayout.Dense());
        Iterable<Row> asRecords = () -> new Iterator<>() {
            private final Iterator<Event> generated = events.iterator();

            @Override
            public boolean hasNext() {
                return generated.hasNext();
            }

            @Override
            public Row next() {
                Event e = generated.next();
                return Row.builder().id(e.id()).set("value", e.value()).set("type", e.type())
                        .set("verified", e.verified()).set("received_at", e.receivedAt()).set("size", e.size())
                        .set("tags", e.tags().isEmpty() ? null : e.tags()).build();
            }
        };
        long start = System.nanoTime();
        long[] written = {0};
        // Where the load stood at its first commit past half the records: the rate from there on is
        // the loading code compiled by the JIT, not the interpreter's and class loading's first seconds.
        long[] half = {-1, 0};
        try (Progress progress = Progress.start("bulk load", records, "", 1)) {
            db.bulkLoad("events", asRecords, (loaded, bytes) -> {
                progress.stepTo(loaded);
                written[0] = bytes;
                if (half[0] < 0 && loaded >= (records + 1) / 2) {
                    half[0] = loaded;
                    half[1] = System.nanoTime();
                }
            });
        }
        long end = System.nanoTime();
        long nanos = end - start;
        out.println("loaded " + Units.count(records) + " events in " + Units.nanos(nanos) + " ("
                + Units.rate(records, nanos) + " records/s), wrote " + Units.bytes(written[0]));
        long rest = records - half[0];
        if (half[0] > 0 && rest > 0) {
            out.println("  after warm-up: " + Units.rate(rest, end - half[1]) + " records/s over the second half (the last "
                    + Units.count(rest) + " records, committed after the first " + Units.count(half[0]) + ")");
        } else {
            out.println("  after warm-up: not measured (one commit took more than half of the records; try more --records)");
        }
        out.flush();
    }

    /** Prints {@code sql}, its result, and its first run and steady state ({@link SteadyState}). */
    private static void query(Db db, String sql, long windowNanos, PrintWriter out) {
        out.println();
        out.println(sql);
        out.flush();
        SqlResult[] result = {null};
        SteadyState time = SteadyState.measure(() -> result[0] = db.sql(sql), windowNanos);
        ResultPrinter.table(result[0].columns(), result[0].rows(), out);
        out.println("time: " + time.describe());
        out.flush();
    }

    private static long fileSize(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path temporaryFile() {
        try {
            Path file = Files.createTempFile("big-demo-", ".big");
            Files.delete(file); // Db.create makes the file itself, and refuses one that exists
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("creating a temporary file for the demo failed: " + e.getMessage(), e);
        }
    }
}
