package dev.big.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One run of a battery at the fast scale, with a seed (random unless {@code -Dbig.seed} replays
 * one), and the assertions its test makes of what the run did: that a check was made and held
 * every time, that the battery did as much as its scale says, that nothing else broke. Every
 * message carries the seed.
 */
final class BatteryRun {

    private final Battery battery;
    private final long seed;
    private final Tally tally;

    private BatteryRun(Battery battery, long seed, Tally tally) {
        this.battery = battery;
        this.seed = seed;
        this.tally = tally;
    }

    /** Runs {@code battery} once at {@link Scale#FAST} and prints what it did, check by check. */
    static BatteryRun fast(Battery battery) throws Exception {
        long seed = Long.getLong("big.seed", System.nanoTime());
        Tally tally = new Tally(battery.name());
        long start = System.nanoTime();
        try {
            battery.run(seed, Scale.FAST, tally);
        } catch (Throwable t) {
            throw new AssertionError(battery.name() + " stopped with seed " + seed + " (replay with -Dbig.seed=" + seed + ")", t);
        }
        System.out.println(battery.name() + " seed " + seed + " in " + (System.nanoTime() - start) / 1_000_000 + " ms:");
        for (BatteryCheck check : tally.checks()) {
            System.out.println("  " + check.sentence() + ": made " + tally.made(check) + ", broke " + tally.broke(check));
        }
        for (Counter counter : Counter.values()) {
            if (tally.get(counter) > 0) {
                System.out.println("  " + counter.label() + ": " + tally.get(counter));
            }
        }
        tally.notes().forEach(note -> System.out.println("  " + note));
        return new BatteryRun(battery, seed, tally);
    }

    /** {@code check} was made at least once, and never broke. */
    void assertHeld(BatteryCheck check) {
        assertTrue(tally.made(check) > 0, battery.name() + " never checked that " + check.sentence() + " (seed " + seed
                + ": the battery did not do what it claims)");
        assertEquals(0, tally.broke(check), battery.name() + ": " + check.sentence() + " broke " + tally.broke(check) + " of "
                + tally.made(check) + " times (replay with -Dbig.seed=" + seed + "): " + tally.describeFindings(check));
    }

    /** Nothing was lost or wrong, under any check. */
    void assertNothingBroke() {
        assertEquals(0, tally.lost() + tally.wrong(), battery.name() + " broke a promise (replay with -Dbig.seed=" + seed + "): "
                + tally.describeFindings());
    }

    /** What the battery counted under {@code counter}. */
    long count(Counter counter) {
        return tally.get(counter);
    }

    /** The battery counted at least {@code minimum} under {@code counter}. */
    void assertAtLeast(long minimum, Counter counter) {
        assertAtLeast(minimum, counter, "");
    }

    /** The battery counted at least {@code minimum} under {@code counter}; {@code why} says where the minimum comes from. */
    void assertAtLeast(long minimum, Counter counter, String why) {
        assertTrue(tally.get(counter) >= minimum, battery.name() + ": " + counter.label() + ": only " + tally.get(counter)
                + ", expected at least " + minimum + (why.isEmpty() ? "" : " (" + why + ")") + " (seed " + seed
                + ": the battery did not do what it claims)");
    }
}
