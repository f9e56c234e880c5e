package dev.big.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs one battery at the fast scale with a seed (random unless {@code -Dbig.seed} replays one) and
 * fails with every finding, the seed printed, if any promise broke.
 */
final class BatteryAssertions {

    static Tally runFast(Battery battery) throws Exception {
        return run(battery, Scale.FAST);
    }

    static Tally run(Battery battery, Scale scale) throws Exception {
        long seed = Long.getLong("big.seed", System.nanoTime());
        Tally tally = new Tally();
        long start = System.nanoTime();
        try {
            battery.run(seed, scale, tally);
        } catch (Throwable t) {
            throw new AssertionError(battery.name() + " failed with seed " + seed + " (replay with -Dbig.seed=" + seed + ")", t);
        }
        System.out.println(battery.name() + " seed " + seed + " in " + (System.nanoTime() - start) / 1_000_000 + " ms:");
        for (Counter counter : Counter.values()) {
            if (tally.get(counter) > 0) {
                System.out.println("  " + counter.label() + ": " + tally.get(counter));
            }
        }
        tally.notes().forEach(note -> System.out.println("  " + note));
        assertEquals(0, tally.lost() + tally.wrong(), battery.name() + " broke a promise (replay with -Dbig.seed=" + seed
                + "): " + tally.describeFindings());
        return tally;
    }

    static void assertAtLeast(long minimum, Tally tally, Counter counter) {
        assertTrue(tally.get(counter) >= minimum, counter.label() + ": only " + tally.get(counter) + ", expected at least "
                + minimum + " (the battery did not do what it claims)");
    }

    private BatteryAssertions() {}
}
