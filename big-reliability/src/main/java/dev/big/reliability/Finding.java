package dev.big.reliability;

/**
 * A broken promise: which battery and which of its checks, what it saw, and the seed that replays
 * it. {@link Kind#LOST} is acknowledged data missing after a crash or failure; {@link Kind#WRONG}
 * is everything else that must never happen: a wrong answer, an unclear or wrong kind of error, a
 * hang, a changed file.
 */
public record Finding(Kind kind, String battery, BatteryCheck check, long seed, String what) {

    public enum Kind { LOST, WRONG }

    @Override
    public String toString() {
        return kind + " in " + battery + ", " + check.sentence() + " (seed " + seed + "): " + what;
    }
}
