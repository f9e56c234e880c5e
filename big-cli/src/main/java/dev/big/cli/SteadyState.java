package dev.big.cli;

import java.util.Arrays;
import java.util.Locale;

/**
 * How long one statement takes: its first run in this JVM, and its steady state. The first run
 * pays for what only a first run pays (class loading, code not compiled yet, the first page faults
 * of the mapped file). After it the statement runs again and again in windows of a fixed length;
 * each window's median is compared with the one before, and when a window is no more than
 * {@link #SETTLED_GAIN} faster than the one before, the statement has settled and that window's
 * median is its steady state: what a long-lived process that asks it again sees, and what the
 * benchmark campaign's p50 measures in a warmed-up JVM. On two busy cores the JIT can take seconds
 * to compile a hot loop, and until then a window is much slower than the next, which is why one
 * fixed stretch of runs is not enough.
 *
 * @param firstNanos the first run
 * @param medianNanos the median of the last window
 * @param runs how many runs the last window holds
 * @param windowNanos how long the last window took, timing included
 * @param spentNanos how long all the runs after the first took
 * @param settled whether the last window was no more than {@link #SETTLED_GAIN} faster than the one before
 */
record SteadyState(long firstNanos, long medianNanos, int runs, long windowNanos, long spentNanos, boolean settled) {

    /** A window holds at least this many runs, past its length if need be, so a slow statement still has a median. */
    static final int MIN_RUNS = 3;
    /** A window at most this much faster than the one before means the statement has settled. */
    static final double SETTLED_GAIN = 0.10;
    /** At most this many windows: a statement that is still getting faster after them is reported as such. */
    static final int MAX_WINDOWS = 10;

    /** Runs {@code statement} once, then in windows of {@code windowNanos} until a window's median settles. */
    static SteadyState measure(Runnable statement, long windowNanos) {
        long start = System.nanoTime();
        statement.run();
        long first = System.nanoTime() - start;
        long[] times = new long[1024];
        long previousMedian = Long.MAX_VALUE;
        long spent = 0;
        for (int window = 1; ; window++) {
            int runs = 0;
            long begin = System.nanoTime();
            long now = begin;
            while (now - begin < windowNanos || runs < MIN_RUNS) {
                statement.run();
                long end = System.nanoTime();
                if (runs == times.length) {
                    times = Arrays.copyOf(times, runs * 2);
                }
                times[runs++] = end - now;
                now = end;
            }
            spent += now - begin;
            long median = median(times, runs);
            boolean settled = median >= previousMedian * (1 - SETTLED_GAIN);
            if (settled || window == MAX_WINDOWS) {
                return new SteadyState(first, median, runs, now - begin, spent, settled);
            }
            previousMedian = median;
        }
    }

    private static long median(long[] times, int runs) {
        Arrays.sort(times, 0, runs);
        return runs % 2 == 1 ? times[runs / 2] : (times[runs / 2 - 1] + times[runs / 2]) / 2;
    }

    /**
     * {@code first run 296.6 ms, steady state 3.21 µs (median of 140,952 runs in the last 500.0 ms of 1.50 s)},
     * with {@code , still getting faster} before the parenthesis closes when it did not settle.
     */
    String describe() {
        return "first run " + time(firstNanos) + ", steady state " + time(medianNanos) + " (median of "
                + Units.count(runs) + " runs in the last " + Units.nanos(windowNanos) + " of " + Units.nanos(spentNanos)
                + (settled ? "" : ", still getting faster") + ")";
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
