package dev.big.bench.campaign;

import java.util.Arrays;

/**
 * Percentiles of individually timed calls, in microseconds. The percentile is the nearest-rank
 * one: the smallest time at least that fraction of the calls did not exceed.
 */
record LatencyStats(int calls, double p50, double p95, double p99, double max) {

    static LatencyStats of(long[] nanos, int calls) {
        if (calls < 1) {
            throw new IllegalArgumentException("no calls were timed");
        }
        long[] sorted = Arrays.copyOf(nanos, calls);
        Arrays.sort(sorted);
        return new LatencyStats(calls, micros(sorted, 0.50), micros(sorted, 0.95), micros(sorted, 0.99),
                sorted[calls - 1] / 1e3);
    }

    private static double micros(long[] sorted, double fraction) {
        int rank = (int) Math.ceil(fraction * sorted.length);
        return sorted[Math.max(0, rank - 1)] / 1e3;
    }
}
