package dev.big.cli;

import java.util.Arrays;
import java.util.Locale;

/**
 * How long one statement takes: its first run in this JVM, and its steady state, the median of the
 * runs that follow it for a fixed time budget. The first run pays for what only a first run pays
 * (class loading, interpreted and not yet compiled code, the first page faults of the mapped
 * file); the median of many later runs is what a long-lived process that asks the same question
 * again sees, and what the benchmark campaign's p50 measures in a warmed-up JVM.
 *
 * @param firstNanos the first run
 * @param medianNanos the median of the repeated runs
 * @param runs how many repeated runs the median is of (the first run not counted)
 * @param spentNanos how long the repeated runs took together, timing included
 */
record SteadyState(long firstNanos, long medianNanos, int runs, long spentNanos) {

    /** Repeated runs go on past the budget until there are this many, so a slow statement still has a median. */
    static final int MIN_RUNS = 3;

    /** Runs {@code statement} once, then again and again until {@code budgetNanos} have passed and it ran {@link #MIN_RUNS} times. */
    static SteadyState measure(Runnable statement, long budgetNanos) {
        long start = System.nanoTime();
        statement.run();
        long first = System.nanoTime() - start;
        long[] times = new long[1024];
        int runs = 0;
        long begin = System.nanoTime();
        long now = begin;
        while (now - begin < budgetNanos || runs < MIN_RUNS) {
            statement.run();
            long end = System.nanoTime();
            if (runs == times.length) {
                times = Arrays.copyOf(times, runs * 2);
            }
            times[runs++] = end - now;
            now = end;
        }
        Arrays.sort(times, 0, runs);
        long median = runs % 2 == 1 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
        return new SteadyState(first, median, runs, now - begin);
    }

    /** {@code first run 296.6 ms, steady state 3.21 µs (median of 281,904 runs in 1.00 s)}. */
    String describe() {
        return "first run " + time(firstNanos) + ", steady state " + time(medianNanos) + " (median of "
                + Units.count(runs) + " runs in " + Units.nanos(spentNanos) + ")";
    }

    /** Like {@link Units#nanos} with three significant digits below 100 µs, where steady states of point reads and counts fall. */
    static String time(long nanos) {
        if (nanos < 10_000) {
            return String.format(Locale.ROOT, "%.2f µs", nanos / 1e3);
        }
        if (nanos < 100_000) {
            return String.format(Locale.ROOT, "%.1f µs", nanos / 1e3);
        }
        return Units.nanos(nanos);
    }
}
