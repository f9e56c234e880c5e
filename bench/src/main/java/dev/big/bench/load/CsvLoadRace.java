package dev.big.bench.load;

import dev.big.bench.BenchFiles;
import dev.big.bench.JvmFlags;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code big load} against DuckDB's {@code read_csv}, side by side in one run: the same generated
 * flights CSV ({@link FlightsCsv}) loaded by the big command as a user runs it (a fresh JVM through
 * the repository's launcher, {@code ./big load DB flights FILE --create}, with the start-up cache it
 * keeps beside the jar, trained before the first round: start-up, schema inference, load, sync, all
 * of it; {@code --java-jar} runs {@code java -jar big-cli.jar} instead, as before the launcher had a
 * cache) and by DuckDB into a file-backed table ({@code CREATE TABLE flights AS SELECT *
 * FROM read_csv(FILE)}, then {@code CHECKPOINT}), in a fresh JVM of its own too. Rounds alternate
 * which engine goes first; the verdict (big's median wall time over DuckDB's) is computed here.
 * Both must report every row, or the race fails.
 *
 * <p>Opt-in, not part of {@code ./test}: a phase of the campaign ({@code ./big bench}, shape
 * {@code csv_load}), or on its own from the repository root after building the CLI jar and the
 * bench module's classes:
 *
 * <pre>
 * mvn -B -q -pl bench dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
 * java --enable-native-access=ALL-UNNAMED -cp bench/target/classes:$(cat bench/target/classpath.txt) \
 *     dev.big.bench.load.CsvLoadRace --rows 10000000 --rounds 3
 * </pre>
 */
public final class CsvLoadRace {

    private static final Pattern BIG_LOADED = Pattern.compile("loaded ([0-9,]+) rows? into flights in ([0-9.]+) (ms|s)");

    /** One engine's round: wall time of the whole command, and the rows it says it loaded. */
    public record Round(String engine, double wallSeconds, long rows, String detail) {}

    public static void main(String[] args) throws Exception {
        long rows = 10_000_000;
        int rounds = 3;
        Path cliJar = Path.of("big-cli/target/big-cli.jar");
        boolean javaJar = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--java-jar" -> javaJar = true;
                case "--rows" -> rows = Long.parseLong(args[++i].replace("_", ""));
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--cli-jar" -> cliJar = Path.of(args[++i]);
                case "--duckdb-child" -> {
                    duckdbChild(Path.of(args[++i]), Path.of(args[++i]));
                    return;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + " (--rows N, --rounds R, --cli-jar PATH, --java-jar)");
            }
        }
        Race race = race(rows, rounds, cliJar, javaJar);
        double ratio = race.bigMedian() / race.duckdbMedian();
        System.out.printf(Locale.ROOT, "median wall time over %d rounds: big load %.2f s, DuckDB read_csv %.2f s;"
                + " big/DuckDB = %.2f: %s%n", rounds, race.bigMedian(), race.duckdbMedian(), ratio, ratio <= 1.0
                        ? "big loads at least as fast as DuckDB" : "big is slower than DuckDB by " + String.format(Locale.ROOT,
                                "%.0f%%", (ratio - 1) * 100));
    }

    /** The rounds of a race; each engine's median wall time. */
    public record Race(List<Round> big, List<Round> duckdb) {
        public double bigMedian() {
            return median(big);
        }

        public double duckdbMedian() {
            return median(duckdb);
        }
    }

    /**
     * Runs {@code rounds} rounds of both loads of a {@code rows}-row CSV (generated once under
     * bench/target), alternating which goes first, printing each; also the campaign's
     * {@code csv_load} phase. Fails if an engine does not report every row.
     */
    public static Race race(long rows, int rounds, Path cliJar, boolean javaJar) throws IOException, InterruptedException {
        if (!Files.isRegularFile(cliJar)) {
            throw new IllegalArgumentException(cliJar + " does not exist: build it first (./big --version does)");
        }
        Path launcher = javaJar ? null : launcherOf(cliJar);
        if (launcher != null) {
            trainStartUpCache(launcher, cliJar);
        }
        Path dir = BenchFiles.baseDir().resolve("csv-load");
        System.out.println("generating " + rows + " rows (once per row count) under " + dir);
        Path csv = FlightsCsv.ensure(dir, rows);
        System.out.printf(Locale.ROOT, "%s: %.1f MiB%n", csv.getFileName(), Files.size(csv) / 1048576.0);
        List<Round> big = new ArrayList<>();
        List<Round> duck = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            boolean bigFirst = r % 2 == 0;
            for (int leg = 0; leg < 2; leg++) {
                Round round = (leg == 0) == bigFirst ? big(cliJar, launcher, dir, csv) : duckdb(dir, csv);
                (round.engine().equals("big") ? big : duck).add(round);
                System.out.printf(Locale.ROOT, "round %d %-6s %7.2f s  %s%n", r + 1, round.engine(), round.wallSeconds(),
                        round.detail());
                if (round.rows() != rows) {
                    throw new IllegalStateException(round.engine() + " loaded " + round.rows() + " rows, not " + rows);
                }
            }
        }
        return new Race(big, duck);
    }

    /** The repository's {@code big} launcher beside {@code cliJar}'s module ({@code big-cli/target/big-cli.jar}), or null. */
    private static Path launcherOf(Path cliJar) {
        Path repository = cliJar.toAbsolutePath().getParent().getParent().getParent();
        Path launcher = repository.resolve("big");
        return Files.isExecutable(launcher) ? launcher : null;
    }

    /**
     * Has the launcher train its start-up cache now (a command with no fresh cache starts the
     * training in the background) and waits until it is done, so that no round runs beside it.
     */
    private static void trainStartUpCache(Path launcher, Path cliJar) throws IOException, InterruptedException {
        Run version = run(List.of(launcher.toString(), "--version"), cliJar.toAbsolutePath().getParent());
        if (version.exitCode() != 0) {
            throw new IllegalStateException(launcher + " --version failed (exit " + version.exitCode() + "):\n" + version.output());
        }
        Path jar = cliJar.toAbsolutePath();
        Path cache = jar.resolveSibling("big-cli.aot");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        // The training starts in the background: wait for a cache newer than the jar (or a failed
        // training's marker), and for its lock to be gone.
        while (System.nanoTime() < deadline && (Files.exists(jar.resolveSibling("big-cli.aot.lock"))
                || !(newer(cache, jar) || newer(jar.resolveSibling("big-cli.aot.failed"), jar)))) {
            Thread.sleep(500);
        }
        boolean cached = newer(cache, jar);
        System.out.println("big runs through " + launcher + (cached ? " with its start-up cache" : " without a start-up cache (none was made)"));
    }

    private static boolean newer(Path file, Path than) throws IOException {
        return Files.exists(file) && Files.getLastModifiedTime(file).compareTo(Files.getLastModifiedTime(than)) >= 0;
    }

    private static Round big(Path cliJar, Path launcher, Path dir, Path csv) throws IOException, InterruptedException {
        Path db = dir.resolve("race.big");
        Files.deleteIfExists(db);
        List<String> load = List.of("load", db.toString(), "flights", csv.toString(), "--create");
        List<String> command = new ArrayList<>();
        if (launcher != null) {
            command.add(launcher.toString());
        } else {
            command.addAll(List.of(javaBin(), JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS, "-jar",
                    cliJar.toAbsolutePath().toString()));
        }
        command.addAll(load);
        Run run = run(command, dir, launcher != null);
        Matcher loaded = BIG_LOADED.matcher(run.output());
        if (run.exitCode() != 0 || !loaded.find()) {
            throw new IllegalStateException("big load failed (exit " + run.exitCode() + "):\n" + run.output());
        }
        long rows = Long.parseLong(loaded.group(1).replace(",", ""));
        double loadSeconds = Double.parseDouble(loaded.group(2)) / (loaded.group(3).equals("ms") ? 1000 : 1);
        Files.deleteIfExists(db);
        return new Round("big", run.seconds(), rows, String.format(Locale.ROOT, "(the load itself %.2f s)", loadSeconds));
    }

    private static Round duckdb(Path dir, Path csv) throws IOException, InterruptedException {
        Path db = dir.resolve("race.duckdb");
        Files.deleteIfExists(db);
        Files.deleteIfExists(dir.resolve("race.duckdb.wal"));
        List<String> command = List.of(javaBin(), JvmFlags.ENABLE_NATIVE_ACCESS, "-cp", absoluteClassPath(),
                CsvLoadRace.class.getName(), "--duckdb-child", csv.toString(), db.toString());
        Run run = run(command, dir, false);
        String[] words = run.output().strip().split("\\s+");
        if (run.exitCode() != 0 || words.length < 2) {
            throw new IllegalStateException("DuckDB failed (exit " + run.exitCode() + "):\n" + run.output());
        }
        Files.deleteIfExists(db);
        return new Round("duckdb", run.seconds(), Long.parseLong(words[words.length - 2]),
                String.format(Locale.ROOT, "(the statement itself %s s)", words[words.length - 1]));
    }

    /** In the child JVM: the load into a file-backed DuckDB; prints "ROWS SECONDS" of the statement. */
    private static void duckdbChild(Path csv, Path db) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + db);
                Statement sql = connection.createStatement()) {
            long start = System.nanoTime();
            sql.execute("CREATE TABLE flights AS SELECT * FROM read_csv('" + csv + "')");
            sql.execute("CHECKPOINT");
            double seconds = (System.nanoTime() - start) / 1e9;
            try (ResultSet count = sql.executeQuery("SELECT count(*) FROM flights")) {
                count.next();
                System.out.printf(Locale.ROOT, "%d %.2f%n", count.getLong(1), seconds);
            }
        }
    }

    private record Run(int exitCode, double seconds, String output) {}

    private static Run run(List<String> command, Path dir) throws IOException, InterruptedException {
        return run(command, dir, false);
    }

    /** Runs {@code command} in {@code dir}; {@code built}: the launcher runs the jar as it is, building nothing. */
    private static Run run(List<String> command, Path dir, boolean built) throws IOException, InterruptedException {
        Path log = Files.createTempFile(dir, "race-", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        if (built) {
            builder.environment().put("BIG_SKIP_BUILD", "1");
        }
        long start = System.nanoTime();
        Process process = builder.start();
        if (!process.waitFor(30, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException("timed out: " + command);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        String output = Files.readString(log);
        Files.delete(log);
        return new Run(process.exitValue(), seconds, output);
    }

    private static double median(List<Round> rounds) {
        double[] times = rounds.stream().mapToDouble(Round::wallSeconds).sorted().toArray();
        return times.length % 2 == 1 ? times[times.length / 2] : (times[times.length / 2 - 1] + times[times.length / 2]) / 2;
    }

    /** This JVM's class path with every entry made absolute: the child runs in the race's directory. */
    private static String absoluteClassPath() {
        return java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .map(entry -> Path.of(entry).toAbsolutePath().toString())
                .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
