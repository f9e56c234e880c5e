package dev.big.bench.campaign;

import dev.big.bench.BenchFiles;
import dev.big.bench.load.CsvLoadRace;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Phase JVM: {@code big load} of a CSV file against DuckDB's {@code read_csv} of the same file,
 * side by side ({@link CsvLoadRace}: each a whole command in a fresh JVM, big's through the
 * repository's launcher as a user runs it, rounds alternating which goes first). Shape {@code csv_load}, records per second of the median wall time, so the
 * campaign's ratios put big's over DuckDB's.
 *
 * <pre>--records N --budget quick --out out.json</pre>
 */
public final class CsvLoadPhase {

    public static void main(String[] args) throws Exception {
        PhaseArgs arguments = new PhaseArgs(args);
        long records = arguments.longValue("records");
        int rounds = arguments.budget().throughputRuns();
        Path cliJar = BenchFiles.moduleDir().getParent().resolve("big-cli").resolve("target").resolve("big-cli.jar");
        CsvLoadRace.Race race = CsvLoadRace.race(records, rounds, cliJar, false);
        PhaseOutput.Builder out = new PhaseOutput.Builder();
        add(out, "big", race.big(), race.bigMedian(), records);
        add(out, "duckdb", race.duckdb(), race.duckdbMedian(), records);
        out.build().write(arguments.path("out"));
    }

    private static void add(PhaseOutput.Builder out, String engine, List<CsvLoadRace.Round> rounds, double medianSeconds,
                            long records) {
        out.metric(Metric.recordsPerSecond("csv_load", engine, "median", records / medianSeconds, records))
                .fact(engine + ".csv_load.runs", Arrays.toString(rounds.stream()
                        .mapToLong(round -> Math.round(records / round.wallSeconds())).toArray()));
    }

    private CsvLoadPhase() {}
}
