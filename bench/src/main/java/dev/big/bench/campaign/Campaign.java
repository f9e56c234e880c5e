package dev.big.bench.campaign;

import dev.big.bench.BenchFiles;
import dev.big.bench.campaign.CampaignOptions.Phase;
import dev.big.bench.compare.PeerEngines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmark campaign, {@code ./big bench}: loads the standard workload into big and every peer,
 * checks their answers against a brute-force reference, measures every shape, and writes
 * {@code REPORT.md}, {@code latest.json} and the charts; {@code --check} then gates the results
 * against {@code baseline.json}. Usage: {@link CampaignOptions#USAGE}.
 *
 * <p>This JVM only orchestrates: every load, every engine's queries, ingest, amplification and
 * plane costs run in a fresh JVM of their own ({@link ChildJvm}), one after another so they do not
 * compete for the two cores, in a work directory under {@code bench/target/bench-files/campaign}.
 * Queries run in JVMs that did not load the data. The loaded data stays there after the run, for
 * profiling.
 */
public final class Campaign {

    /** Exit codes: success, a regression or failed campaign, a usage error (sysexits' EX_USAGE). */
    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 64;

    /** Below this, a one-hour window or a page of 50 may not fit the data. */
    static final long MIN_QUERY_RECORDS = 10_000;

    private final CampaignOptions options;
    private final Path work;
    private final ChildJvm jvm;
    private final long startNanos = System.nanoTime();
    private final List<Metric> metrics = new ArrayList<>();
    private final Map<String, String> facts = new LinkedHashMap<>();
    private final Map<String, List<PhaseOutput>> forkOutputs = new LinkedHashMap<>();

    private Campaign(CampaignOptions options, Path work) {
        this.options = options;
        this.work = work;
        this.jvm = new ChildJvm(work.resolve("logs"));
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line {@code args}; returns the exit code. */
    static int run(String[] args) {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            System.out.print(CampaignOptions.USAGE);
            return OK;
        }
        CampaignOptions options;
        try {
            options = CampaignOptions.parse(args, BenchFiles.moduleDir());
        } catch (CampaignOptions.UsageException e) {
            System.err.println("big bench: " + e.getMessage());
            System.err.print(CampaignOptions.USAGE);
            return USAGE;
        }
        try {
            CampaignResults results;
            if (options.results() == null) {
                results = new Campaign(options, options.work()).run();
            } else {
                results = CampaignResults.read(options.results());
                if (!options.check()) {
                    writeReport(results, options.out());
                }
            }
            if (options.writeBaseline()) {
                Baseline.readOrEmpty(options.baseline()).replacing(results.records(), Baseline.from(results))
                        .write(options.baseline());
                System.out.println("wrote the baseline " + options.baseline());
            }
            if (options.check()) {
                GateCheck.Outcome outcome = GateCheck.check(Baseline.read(options.baseline()), results);
                System.out.print(outcome.describe());
                return outcome.passed() ? OK : FAILED;
            }
            return OK;
        } catch (CampaignException | UncheckedIOException | IllegalStateException e) {
            System.err.println("big bench: " + e.getMessage());
            return FAILED;
        }
    }

    private CampaignResults run() {
        String date = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        String source = SourceRevision.describe(BenchFiles.moduleDir().getParent());
        double loadAtStart = Machine.loadAverage();
        BenchFiles.deleteRecursively(work);
        createDirectories(work);
        progress("campaign: " + String.format(Locale.ROOT, "%,d", options.records()) + " records, " + options.budget().name()
                + " budget, work directory " + work);
        List<String> queried = options.phases().contains(Phase.QUERY) ? options.engines() : List.of();
        if (!queried.isEmpty() && options.records() < MIN_QUERY_RECORDS) {
            throw new CampaignException("queries need at least " + MIN_QUERY_RECORDS + " records");
        }
        if (!queried.isEmpty()) {
            runPhase("reference", ReferencePhase.class, List.of("--records", records(), "--out", out("reference").toString()), List.of(),
                    false);
        }
        if (options.phases().contains(Phase.LOAD)) {
            load();
        }
        // Forks in rounds, every engine in turn: a ratio compares numbers measured minutes apart at most.
        String shapes = String.join(",", options.shapes().stream().map(LatencyShape::id).toList());
        for (int fork = 1; fork <= options.budget().forks() && !queried.isEmpty(); fork++) {
            for (String engine : Rotation.of(queried, fork - 1)) {
                String label = "query-" + engine + (options.budget().forks() > 1 ? "-fork" + fork : "");
                List<String> jfr = options.jfr()
                        ? List.of("-XX:StartFlightRecording=filename=" + work.resolve(label + ".jfr") + ",settings=profile")
                        : List.of();
                runPhase(label, QueryPhase.class, List.of("--engine", engine, "--data", dataDir(engine).toString(),
                        "--records", records(), "--budget", options.budget().name(), "--reference", out("reference").toString(),
                        "--shapes", shapes, "--out", out(label).toString()), jfr, false);
                PhaseOutput output = PhaseOutput.read(out(label));
                forkOutputs.computeIfAbsent(engine, e -> new ArrayList<>()).add(output);
                output.facts().forEach((name, value) -> facts.put(label + "." + name, value));
            }
        }
        forkOutputs.values().forEach(outputs -> metrics.addAll(Forks.combine(outputs)));
        List<String> durable = loadedEngines().stream().filter(PeerEngines::durable).toList();
        if (options.phases().contains(Phase.INGEST) && !durable.isEmpty()) {
            runPhase("ingest", IngestPhase.class, concat(List.of("--engines", String.join(",", durable)), budgetArgs("ingest")),
                    List.of(), true);
        }
        if (options.phases().contains(Phase.MIXED_WRITES) && !durable.isEmpty()) {
            runPhase("mixed-writes", MixedWritesPhase.class, concat(List.of("--engines", String.join(",", durable),
                    "--table", "100000", "--ops", options.budget().name().equals("full") ? "20000" : "4000"),
                    budgetArgs("mixed-writes")), List.of(), true);
        }
        boolean big = options.engines().contains("big") || options.engines().contains("big-api");
        if (big && options.phases().contains(Phase.AMPLIFICATION)) {
            runPhase("amplification", AmplificationPhase.class, budgetArgs("amplification"), List.of(), true);
        }
        if (big && options.phases().contains(Phase.PLANE)) {
            runPhase("plane-cost", PlaneCostPhase.class, budgetArgs("plane-cost"), List.of(), true);
        }
        // big load of a CSV file against DuckDB's read_csv: a race of the two commands, so only with both engines.
        if (big && options.engines().contains("duckdb") && options.phases().contains(Phase.CSV_LOAD)) {
            runPhase("csv-load", CsvLoadPhase.class, budgetArgs("csv-load"), List.of(), true);
        }
        metrics.addAll(Ratios.of(metrics));
        double wallSeconds = (System.nanoTime() - startNanos) / 1e9;
        CampaignResults results = new CampaignResults(options.command(), date, source, options.records(), "dense",
                Workload.SEED, options.budget().name(), wallSeconds, Machine.current(), loadAtStart, Machine.loadAverage(),
                metrics, facts);
        createDirectories(options.out());
        results.write(options.out().resolve("latest.json"));
        writeReport(results, options.out());
        progress("wrote " + options.out().resolve("REPORT.md") + " in " + String.format(Locale.ROOT, "%.0f", wallSeconds) + " s");
        return results;
    }

    private static void writeReport(CampaignResults results, Path out) {
        createDirectories(out);
        List<String> charts = Charts.write(results, out);
        Report.write(results, charts, out.resolve("REPORT.md"));
    }

    /** The engines that load data of their own: big-api queries big's file. */
    private List<String> loadedEngines() {
        return options.engines().stream().map(e -> e.equals("big-api") ? "big" : e).distinct().toList();
    }

    private Path dataDir(String engine) {
        return work.resolve("data").resolve(engine.equals("big-api") ? "big" : engine);
    }

    /**
     * Loads every engine. When the throughput runs are at the campaign's record count (--quick),
     * one phase loads it that many rounds and keeps the last round's data; otherwise one round of
     * every record is kept, then the throughput rounds run at the budget's smaller count and keep
     * nothing. What is kept is what the queries open and what the file sizes are measured on, so
     * each engine has one size, of the campaign's record count.
     */
    private void load() {
        Budget budget = options.budget();
        String engines = String.join(",", loadedEngines());
        List<String> keepArgs = List.of("--keep", work.resolve("data").toString());
        if (budget.bulkRecords() == options.records()) {
            runPhase("load", LoadPhase.class, concat(List.of("--engines", engines, "--records", records(), "--runs",
                    String.valueOf(budget.throughputRuns()), "--shape", "bulk_load", "--out", out("load").toString()),
                    keepArgs), List.of(), true);
        } else {
            runPhase("load", LoadPhase.class, concat(List.of("--engines", engines, "--records", records(), "--runs", "1",
                    "--shape", "load_all", "--out", out("load").toString()), keepArgs), List.of(), true);
            runPhase("bulk", LoadPhase.class, List.of("--engines", engines, "--records", String.valueOf(budget.bulkRecords()),
                    "--runs", String.valueOf(budget.throughputRuns()), "--shape", "bulk_load", "--out", out("bulk").toString()),
                    List.of(), true);
        }
    }

    private List<String> budgetArgs(String phase) {
        return List.of("--records", records(), "--budget", options.budget().name(), "--out", out(phase).toString());
    }

    private void runPhase(String label, Class<?> main, List<String> args, List<String> jvmArgs, boolean collect) {
        double load = Machine.loadAverage();
        long start = System.nanoTime();
        progress(label + " (load average " + Machine.describeLoad(load) + ")");
        jvm.run(label, main, args, jvmArgs);
        facts.put(label + ".seconds", String.format(Locale.ROOT, "%.1f", (System.nanoTime() - start) / 1e9));
        facts.put(label + ".load_average", Machine.describeLoad(load));
        if (collect) {
            PhaseOutput output = PhaseOutput.read(out(label));
            metrics.addAll(output.metrics());
            output.facts().forEach((name, value) -> facts.put(label + "." + name, value));
        }
    }

    private Path out(String phase) {
        return work.resolve(phase + ".json");
    }

    private String records() {
        return String.valueOf(options.records());
    }

    private void progress(String line) {
        long seconds = (System.nanoTime() - startNanos) / 1_000_000_000;
        System.out.printf(Locale.ROOT, "[%2d:%02d] %s%n", seconds / 60, seconds % 60, line);
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static void createDirectories(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir, e);
        }
    }
}
