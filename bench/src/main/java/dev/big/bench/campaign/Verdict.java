package dev.big.bench.campaign;

import java.util.Locale;

/**
 * The sentence a ratio big / peer stands for, computed from the number and its direction, never
 * typed: "12× faster than duckdb", "1.4× slower than roaring", "2.1× smaller than sqlite", "on par
 * with lucene (1.03× faster)". big leads a peer when it is more than {@link #TIE} better: closer
 * than that is within what one run on a shared machine can tell apart, and is called on par.
 */
record Verdict(String peer, double factor, boolean leads, String phrase) {

    /** Advantages within 5% either way are a tie. */
    static final double TIE = 0.05;

    /** {@code ratio} is a {@link Metric#ratio}. */
    static Verdict of(Metric ratio) {
        String peer = ratio.engine().substring(ratio.engine().indexOf('/') + 1);
        // How many times better big is: above 1 big is ahead, below 1 behind.
        double advantage = ratio.better() == Metric.Better.LOWER ? 1 / ratio.value() : ratio.value();
        boolean size = ratio.shape().equals("file_size") || ratio.shape().equals("amplification");
        String ahead = size ? "smaller" : "faster";
        String behind = size ? "larger" : "slower";
        String phrase = advantage >= 1
                ? times(advantage) + " " + ahead + " than " + peer
                : times(1 / advantage) + " " + behind + " than " + peer;
        boolean tie = advantage < 1 + TIE && advantage > 1 / (1 + TIE);
        if (tie) {
            phrase = "on par with " + peer + " (" + phrase.replace(" than " + peer, "") + ")";
        }
        return new Verdict(peer, advantage, advantage >= 1 + TIE, phrase);
    }

    /** A factor as people write it: 37×, 4.2×, 1.15×. */
    static String times(double factor) {
        if (factor >= 10) {
            return String.format(Locale.ROOT, "%,.0f×", factor);
        }
        return String.format(Locale.ROOT, factor >= 2 ? "%.1f×" : "%.2f×", factor);
    }
}
