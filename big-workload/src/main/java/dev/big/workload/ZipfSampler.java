package dev.big.workload;

import java.util.SplittableRandom;

/**
 * Draws ranks {@code 0..n-1} with Zipf probabilities: rank {@code k} (0-based) has weight
 * {@code 1 / (k + 1)^s}, so rank 0 is the most common. With {@code n = 20, s = 1.0} rank 0 has
 * probability {@code 1 / H_20}, about 27.7%, and rank 19 about 1.4%.
 *
 * <p>Sampling inverts the cumulative distribution with a binary search over {@code n} doubles:
 * exact, allocation-free, and fast enough for small {@code n}.
 */
public final class ZipfSampler {

    private final double[] cumulative;

    public ZipfSampler(int n, double exponent) {
        if (n < 1) {
            throw new IllegalArgumentException("a Zipf distribution needs at least one rank, got " + n);
        }
        double[] weights = new double[n];
        double total = 0;
        for (int k = 0; k < n; k++) {
            weights[k] = 1.0 / Math.pow(k + 1, exponent);
            total += weights[k];
        }
        cumulative = new double[n];
        double running = 0;
        for (int k = 0; k < n; k++) {
            running += weights[k];
            cumulative[k] = running / total;
        }
        cumulative[n - 1] = 1.0; // no rounding gap above the last rank
    }

    /** The probability of rank {@code k}. */
    public double probability(int k) {
        return k == 0 ? cumulative[0] : cumulative[k] - cumulative[k - 1];
    }

    /** A rank drawn from {@code random}. */
    public int sample(SplittableRandom random) {
        double u = random.nextDouble(); // [0, 1)
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (u < cumulative[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }
}
