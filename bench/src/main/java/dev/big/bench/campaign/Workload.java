package dev.big.bench.campaign;

import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;

/**
 * The data every engine of a campaign loads: the standard event generator with one seed, dense
 * ids. Each phase JVM makes the same events from these three facts, so no data file is shared.
 */
public final class Workload {

    /** The seed of every campaign (the demo's and {@code LoadRun}'s too). */
    public static final long SEED = 42;

    /** The batch every engine commits a bulk load in (big's bulk load chunks by itself). */
    public static final int LOAD_BATCH = 100_000;

    /** {@code records} standard events, dense ids. */
    public static EventGenerator events(long records) {
        return events(records, new IdLayout.Dense());
    }

    public static EventGenerator events(long records, IdLayout layout) {
        return new EventGenerator(SEED, records, layout);
    }

    private Workload() {}
}
