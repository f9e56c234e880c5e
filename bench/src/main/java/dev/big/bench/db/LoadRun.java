package dev.big.bench.db;

import dev.big.bench.BenchFiles;
import dev.big.db.Db;
import dev.big.db.Ingester;
import dev.big.db.Row;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Loads the standard workload into a fresh, durable database file under the bench files
 * directory and prints one line of results: records, seconds, records per second, file bytes and
 * bytes per record. A mode is {@code bulk} ({@code Db.bulkLoad}) or {@code ingest:<capacity>}
 * ({@code Db.ingest}, one fsync'd commit per batch). An ingest run stops early after
 * {@code maxSeconds}, so capacity 1 can be measured without a million fsyncs.
 *
 * <pre>java -Xmx512m -cp bench/target/benchmarks.jar dev.big.bench.db.LoadRun bulk 10000000 dense</pre>
 */
public final class LoadRun {

    /** What one run measured. */
    public record Result(String mode, String layout, long records, double seconds, long fileBytes) {
        public double recordsPerSecond() {
            return records / seconds;
        }

        public double bytesPerRecord() {
            return (double) fileBytes / records;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s %s: %,d records in %.2f s = %,.0f records/s; file %,d bytes = %.1f bytes/record",
                    mode, layout, records, seconds, recordsPerSecond(), fileBytes, bytesPerRecord());
        }
    }

    public static Result run(String mode, long records, String layout, double maxSeconds) throws Exception {
        Path dir = BenchFiles.newDir("load");
        Path file = dir.resolve("events.big");
        try {
            long loaded;
            long start = System.nanoTime();
            try (Db db = Db.create(file, List.of(StandardTable.DEF))) {
                Iterable<Row> input = StandardTable.records(new EventGenerator(42, records, IdLayout.parse(layout)));
                if (mode.equals("bulk")) {
                    loaded = db.bulkLoad(StandardTable.NAME, sortedIfSparse(input, layout));
                } else if (mode.startsWith("ingest:")) {
                    int capacity = Integer.parseInt(mode.substring("ingest:".length()));
                    long deadline = start + (long) (maxSeconds * 1e9);
                    loaded = 0;
                    try (Ingester ingester = db.ingest(capacity)) {
                        for (Row record : input) {
                            ingester.put(StandardTable.NAME, record.id().getAsLong(), record);
                            loaded++;
                            if (loaded % capacity == 0 && System.nanoTime() > deadline) {
                                break;
                            }
                        }
                    }
                } else {
                    throw new IllegalArgumentException("mode is bulk or ingest:<capacity>, not " + mode);
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            return new Result(mode, layout, loaded, seconds, Files.size(file));
        } finally {
            BenchFiles.deleteRecursively(dir);
        }
    }

    /** Bulk loads need ascending ids: a sparse layout deals ids round-robin, so gather them by id first. */
    private static Iterable<Row> sortedIfSparse(Iterable<Row> input, String layout) {
        if (layout.equals("dense")) {
            return input;
        }
        java.util.List<Row> all = new java.util.ArrayList<>();
        input.forEach(all::add);
        all.sort((a, b) -> Long.compare(a.id().getAsLong(), b.id().getAsLong()));
        return all;
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "bulk";
        long records = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000;
        String layout = args.length > 2 ? args[2] : "dense";
        double maxSeconds = args.length > 3 ? Double.parseDouble(args[3]) : 60;
        System.out.println(run(mode, records, layout, maxSeconds));
    }

    private LoadRun() {}
}
