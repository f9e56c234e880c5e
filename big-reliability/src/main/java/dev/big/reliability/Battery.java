package dev.big.reliability;

/**
 * One promise of big's and the test that tries to break it. A run is bounded (by {@link Scale})
 * and deterministic given its seed, apart from timing (kills, threads); everything it does goes
 * into the tally, and every broken promise becomes a {@link Finding} carrying the seed.
 */
public interface Battery {

    /** A short name for the summary and for findings. */
    String name();

    /** One bounded run. Never throws for a broken promise: that is a finding in {@code tally}. */
    void run(long seed, Scale scale, Tally tally) throws Exception;
}
