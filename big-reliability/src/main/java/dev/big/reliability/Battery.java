package dev.big.reliability;

/**
 * One promise of big's and the test that tries to break it. A run is bounded (by {@link Scale})
 * and deterministic given its seed, apart from timing (kills, threads); everything it does goes
 * into the tally, a verdict for every check it makes (its {@code Check} enum), and every broken
 * promise becomes a {@link Finding} naming the check and carrying the seed.
 */
public interface Battery {

    /** The one check of a run itself, whichever the battery: it ends, rather than stopping with an exception. */
    enum RunCheck implements BatteryCheck {
        THE_RUN_GOES_TO_ITS_END
    }

    /** A short name for the summary and for findings. */
    String name();

    /** One bounded run. Never throws for a broken promise: that is a finding in {@code tally}. */
    void run(long seed, Scale scale, Tally tally) throws Exception;
}
