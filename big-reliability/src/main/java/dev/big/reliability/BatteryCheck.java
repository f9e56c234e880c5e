package dev.big.reliability;

import java.util.Locale;

/**
 * One check a battery makes over and over, a part of its promise small enough that a finding names
 * it and a test can assert it by name. Each battery lists its checks as an enum (its {@code Check});
 * the constant's name is the sentence the check asserts: {@code EVERY_ACKNOWLEDGED_RECORD_SURVIVES}.
 * The tally keeps a verdict per check made: held or broke ({@link Tally#held}, {@link Tally#wrong}).
 */
public interface BatteryCheck {

    /** The constant's name, as an enum gives it. */
    String name();

    /** The check as words: "every acknowledged record survives". */
    default String sentence() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
