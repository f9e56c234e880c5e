package dev.big.bench.campaign;

import dev.big.bench.BenchFiles;
import dev.big.bench.compare.PeerEngines;
import dev.big.bench.db.StandardTable;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The command line of {@code ./big bench}: see {@link #USAGE}.
 *
 * @param results a results file to use instead of running a campaign: checked with {@code --check},
 *                else its report and charts are written again
 */
record CampaignOptions(long records, Budget budget, boolean check, Path results, Path baseline, Path out, Path work,
                       List<String> engines, List<LatencyShape> shapes, Set<Phase> phases, boolean jfr,
                       boolean writeBaseline, String command) {

    /** The parts of a campaign, in the order they run. */
    enum Phase { LOAD, QUERY, INGEST, MIXED_WRITES, AMPLIFICATION, PLANE, CSV_LOAD }

    static final long DEFAULT_RECORDS = 10_000_000;
    static final long QUICK_RECORDS = 200_000;

    static final String USAGE = """
            usage: ./big bench [--quick] [--records N] [--check [--results FILE]] [options]

            Loads the standard workload into big, DuckDB, SQLite, Lucene and a RoaringBitmap index, checks
            that every engine gives the reference's answers, times every query shape, ingest and bulk load,
            measures file sizes, write amplification and the cost per bit plane, races `big load` of a CSV
            file against DuckDB's read_csv (with big and duckdb among the engines), and writes REPORT.md,
            latest.json and charts.

              --quick              200,000 records and short measurements (a few minutes)
              --records N          how many events to load (default 10,000,000; 200,000 with --quick)
              --check              compare the run with the baseline; exit 1 listing every regression
              --results FILE       use this latest.json instead of running a campaign: with --check, check
                                   it; without, write its report and charts again (into --out)
              --baseline FILE      the baseline (default bench/baseline.json)
              --write-baseline     write the baseline from this run's metrics (default tolerances)
              --out DIR            where REPORT.md, latest.json and charts go (default bench/results;
                                   with --check, bench/target/bench-check)
              --engines a,b        only these engines (big, big-api, duckdb, sqlite, lucene, roaring)
              --shapes a,b         only these latency shapes (point_read_value, count_ge, ...)
              --phases a,b         only these phases (load, query, ingest, mixed_writes, amplification, plane, csv_load);
                                   query needs load
              --order-index a,b    give big's standard table an order index on these fields (e.g. value)
              --jfr                record a JFR profile of every query JVM (in the work directory)
              --work DIR           the work directory: loaded data, phase outputs, logs (default
                                   bench/target/bench-files/campaign; emptied first)
              --smoke              a tiny budget that runs every phase and means nothing (for tests)
            """;

    static CampaignOptions parse(String[] args, Path benchModule) {
        Long records = null;
        boolean quick = false;
        boolean smoke = false;
        boolean check = false;
        boolean jfr = false;
        boolean writeBaseline = false;
        Path results = null;
        Path baseline = benchModule.resolve("baseline.json");
        Path out = null;
        Path work = null;
        List<String> engines = PeerEngines.NAMES;
        List<LatencyShape> shapes = List.of(LatencyShape.values());
        Set<Phase> phases = EnumSet.allOf(Phase.class);
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--quick" -> quick = true;
                case "--smoke" -> smoke = true;
                case "--check" -> check = true;
                case "--jfr" -> jfr = true;
                // Every phase JVM makes the standard table from this property (StandardTable.DEF).
                case "--order-index" -> System.setProperty(StandardTable.ORDER_INDEX_PROPERTY, value(args, ++i, arg));
                case "--write-baseline" -> writeBaseline = true;
                case "--records" -> records = parseRecords(value(args, ++i, arg));
                case "--results" -> results = Path.of(value(args, ++i, arg));
                case "--baseline" -> baseline = Path.of(value(args, ++i, arg));
                case "--out" -> out = Path.of(value(args, ++i, arg));
                case "--work" -> work = Path.of(value(args, ++i, arg));
                case "--engines" -> engines = engines(value(args, ++i, arg));
                case "--shapes" -> shapes = Arrays.stream(value(args, ++i, arg).split(",")).map(CampaignOptions::shape).toList();
                case "--phases" -> phases = phases(value(args, ++i, arg));
                default -> throw new UsageException("unknown option '" + arg + "'");
            }
        }
        long n = records != null ? records : quick || smoke ? QUICK_RECORDS : DEFAULT_RECORDS;
        Budget budget = smoke ? Budget.smoke(n) : quick ? Budget.quick(n) : Budget.full(n);
        if (out == null) {
            out = check ? benchModule.resolve("target").resolve("bench-check") : benchModule.resolve("results");
        }
        if (work == null) {
            work = BenchFiles.baseDir().resolve("campaign");
        }
        String command = "./big bench" + (args.length == 0 ? "" : " " + String.join(" ", args));
        return new CampaignOptions(n, budget, check, results, baseline, out, work, engines, shapes, phases, jfr,
                writeBaseline, command);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new UsageException(option + " needs a value");
        }
        return args[i];
    }

    private static long parseRecords(String text) {
        try {
            long n = Long.parseLong(text.replace("_", "").replace(",", ""));
            if (n < 10_000 || n > 100_000_000) {
                throw new UsageException("--records must be between 10,000 and 100,000,000, got " + text);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException("--records takes a number, got '" + text + "'");
        }
    }

    private static List<String> engines(String text) {
        List<String> engines = Arrays.asList(text.split(","));
        for (String engine : engines) {
            if (!PeerEngines.NAMES.contains(engine)) {
                throw new UsageException("unknown engine '" + engine + "'; known: " + String.join(", ", PeerEngines.NAMES));
            }
        }
        return List.copyOf(engines);
    }

    private static LatencyShape shape(String id) {
        try {
            return LatencyShape.ofId(id);
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown shape '" + id + "'; known: "
                    + String.join(", ", Arrays.stream(LatencyShape.values()).map(LatencyShape::id).toList()));
        }
    }

    private static Set<Phase> phases(String text) {
        Set<Phase> phases = EnumSet.noneOf(Phase.class);
        for (String name : text.split(",")) {
            try {
                phases.add(Phase.valueOf(name.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new UsageException("unknown phase '" + name + "'; known: load, query, ingest, amplification, plane, csv_load");
            }
        }
        if (phases.contains(Phase.QUERY) && !phases.contains(Phase.LOAD)) {
            throw new UsageException("the query phase needs the load phase (query JVMs open what the load left)");
        }
        return phases;
    }

    /** A command line that cannot be run; the message says why. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
