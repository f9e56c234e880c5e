package dev.big.bench.campaign;

import java.util.Arrays;

/** The runs of a throughput shape: their median, and the slowest and fastest for the spread. */
record Throughput(double[] rates) {

    Throughput {
        if (rates.length == 0) {
            throw new IllegalArgumentException("no runs");
        }
        rates = rates.clone();
    }

    double median() {
        double[] sorted = rates.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    double min() {
        return Arrays.stream(rates).min().orElseThrow();
    }

    double max() {
        return Arrays.stream(rates).max().orElseThrow();
    }

    /** Every run's rate, rounded, for the facts. */
    String runs() {
        return Arrays.toString(Arrays.stream(rates).mapToLong(Math::round).toArray());
    }
}
