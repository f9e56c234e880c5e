package dev.big.reliability;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * {@code ./big torture [--minutes N] [--seed S] [--only NAME,...]}: the long
 * reliability battery. Runs every {@link Battery} at the {@link Scale#LONG} scale, round after
 * round, each run with a fresh seed drawn from the master seed, until the time is up (the round in
 * progress finishes its current battery; kills continue until at least {@value #MIN_KILLS}). Then
 * prints the summary table (Markdown, for docs/reliability.md) and every finding with its seed, and
 * exits with 0 only if nothing was lost or wrong. Progress goes to stderr, the summary to stdout.
 */
public final class Torture {

    static final int MIN_KILLS = 50;

    private record Options(double minutes, long seed, List<String> only) {}

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("big torture: " + e.getMessage());
            System.err.println("Usage: big torture [--minutes N] [--seed S] [--only NAME,...]");
            System.exit(64);
            return;
        }
        System.exit(run(options));
    }

    private static Options parse(String[] args) {
        double minutes = 5;
        long seed = System.nanoTime();
        List<String> only = List.of();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--minutes" -> minutes = Double.parseDouble(value(args, ++i, arg));
                case "--seed" -> seed = Long.parseLong(value(args, ++i, arg));
                case "--only" -> only = List.of(value(args, ++i, arg).split(","));
                case "--help", "-h" -> throw new IllegalArgumentException("runs the long reliability battery (docs/reliability.md)");
                default -> throw new IllegalArgumentException("unknown argument " + arg);
            }
        }
        if (!(minutes > 0)) {
            throw new IllegalArgumentException("--minutes must be positive, got " + minutes);
        }
        return new Options(minutes, seed, only);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    static List<Battery> batteries() {
        return List.of(new KillBattery(), new PowerCutBattery(), new FailingDiskBattery(), new BitRotBattery(),
                new HostileFileBattery(), new BadInputBattery(), new LoadBattery(), new LifecycleBattery(),
                new MultiProcessBattery(), new WriterOwnershipBattery());
    }

    private static int run(Options options) throws Exception {
        List<Battery> batteries = new ArrayList<>();
        for (Battery battery : batteries()) {
            if (options.only().isEmpty() || options.only().stream().anyMatch(name -> battery.name().startsWith(name.strip()))) {
                batteries.add(battery);
            }
        }
        if (batteries.isEmpty()) {
            System.err.println("big torture: no battery matches --only " + options.only() + "; batteries: "
                    + batteries().stream().map(Battery::name).toList());
            return 64;
        }
        Instant started = Instant.now();
        long deadline = System.nanoTime() + (long) (options.minutes() * 60e9);
        SplittableRandom master = new SplittableRandom(options.seed());
        Tally total = new Tally("all batteries");
        Map<String, long[]> perBattery = new LinkedHashMap<>();
        Map<String, Tally> checks = new LinkedHashMap<>();
        System.err.println("big torture: " + options.minutes() + " minutes, master seed " + options.seed() + ", files under "
                + WorkDirs.base());
        int rounds = 0;
        boolean killsOnly = false;
        while (true) {
            rounds++;
            for (Battery battery : batteries) {
                boolean timeUp = System.nanoTime() > deadline;
                boolean needKills = battery instanceof KillBattery && total.get(Counter.KILLS) < MIN_KILLS
                        && batteries.stream().anyMatch(b -> b instanceof KillBattery);
                if (timeUp && !needKills) {
                    continue;
                }
                runOnce(battery, master.nextLong(), rounds, total, perBattery, checks);
            }
            boolean killsMissing = batteries.stream().anyMatch(b -> b instanceof KillBattery) && total.get(Counter.KILLS) < MIN_KILLS;
            if (System.nanoTime() > deadline) {
                if (!killsMissing) {
                    break;
                }
                if (!killsOnly) {
                    System.err.println("big torture: time is up with " + total.get(Counter.KILLS) + " kills; going on with kills"
                            + " until " + MIN_KILLS);
                    killsOnly = true;
                }
            }
        }
        Duration took = Duration.between(started, Instant.now());
        System.out.print(summary(options, started.truncatedTo(ChronoUnit.SECONDS), took, rounds, total, perBattery, checks));
        System.out.flush();
        return total.lost() + total.wrong() == 0 ? 0 : 1;
    }

    private static void runOnce(Battery battery, long seed, int round, Tally total, Map<String, long[]> perBattery,
                                Map<String, Tally> checks) {
        Tally tally = new Tally(battery.name());
        long start = System.nanoTime();
        try {
            battery.run(seed, Scale.LONG, tally);
            tally.held(Battery.RunCheck.THE_RUN_GOES_TO_ITS_END);
        } catch (Throwable t) {
            tally.wrong(Battery.RunCheck.THE_RUN_GOES_TO_ITS_END, seed, "the battery stopped with " + t + stackTop(t));
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        total.addAll(tally);
        checks.computeIfAbsent(battery.name(), Tally::new).addAll(tally);
        long[] figures = perBattery.computeIfAbsent(battery.name(), n -> new long[2]);
        figures[0]++;
        figures[1] += millis;
        System.err.printf("[round %d] %-14s seed %-20d %6.1f s  lost %d, wrong %d%n", round, battery.name(), seed, millis / 1000.0,
                tally.lost(), tally.wrong());
    }

    private static String stackTop(Throwable t) {
        StringBuilder text = new StringBuilder();
        StackTraceElement[] stack = t.getStackTrace();
        for (int i = 0; i < Math.min(8, stack.length); i++) {
            text.append("\n      at ").append(stack[i]);
        }
        return text.toString();
    }

    static String summary(Options options, Instant started, Duration took, int rounds, Tally total, Map<String, long[]> perBattery,
                          Map<String, Tally> checks) {
        StringBuilder out = new StringBuilder();
        out.append("## big torture: ").append(String.format("%.0f", options.minutes())).append(" minutes asked, ")
                .append(took.toMinutes()).append(" min ").append(took.toSecondsPart()).append(" s run, started ").append(started)
                .append(", master seed ").append(options.seed()).append("\n\n");
        out.append("| what | count |\n|---|---:|\n");
        for (Counter counter : Counter.values()) {
            out.append("| ").append(counter.label()).append(" | ").append(String.format("%,d", total.get(counter))).append(" |\n");
        }
        out.append("| **lost** (acknowledged data missing) | **").append(total.lost()).append("** |\n");
        out.append("| **wrong** (wrong answer, unclear error, hang, changed file, ...) | **").append(total.wrong()).append("** |\n\n");
        out.append("| battery | runs | time |\n|---|---:|---:|\n");
        perBattery.forEach((name, figures) -> out.append("| ").append(name).append(" | ").append(figures[0]).append(" | ")
                .append(String.format("%.0f s", figures[1] / 1000.0)).append(" |\n"));
        out.append("\n| battery | check | made | broke |\n|---|---|---:|---:|\n");
        checks.forEach((name, tally) -> {
            for (BatteryCheck check : tally.checks()) {
                out.append("| ").append(name).append(" | ").append(check.sentence()).append(" | ")
                        .append(String.format("%,d", tally.made(check))).append(" | ").append(tally.broke(check)).append(" |\n");
            }
        });
        if (!total.notes().isEmpty()) {
            out.append("\nMeasured along the way:\n");
            for (String note : total.notes()) {
                out.append("- ").append(note).append("\n");
            }
        }
        if (!total.findings().isEmpty()) {
            out.append("\nFindings (each with the seed that replays its battery run):\n");
            for (Finding finding : total.findings()) {
                out.append("- ").append(finding.toString().replace("\n", "\n    ")).append("\n");
            }
        }
        out.append("\n").append(total.lost() + total.wrong() == 0 ? "Nothing lost, nothing wrong." : "BROKEN PROMISES: "
                + total.lost() + " lost, " + total.wrong() + " wrong.").append(" (rounds: ").append(rounds).append(")\n");
        return out.toString();
    }

    private Torture() {}
}
