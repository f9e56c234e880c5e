package dev.big.cli;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;

/**
 * Result values as text, the same in table and CSV output so scripts can compare them: integers
 * as they are, averages as plain decimals (no exponent), timestamps in ISO-8601 UTC, sets as
 * {@code a|b|c} (the form {@code big load} reads), no value as the empty string.
 */
final class ValueText {

    static String of(Object value) {
        return switch (value) {
            case null -> "";
            case Double d -> d.isNaN() || d.isInfinite() ? d.toString() : BigDecimal.valueOf(d).toPlainString();
            case Float f -> of(f.doubleValue());
            case BigDecimal d -> d.toPlainString();
            case Instant instant -> instant.toString();
            case Collection<?> values -> String.join("|", values.stream().map(ValueText::of).toList());
            default -> value.toString();
        };
    }

    /** Whether the value lines up on the right in a table. */
    static boolean isNumber(Object value) {
        return value instanceof Number;
    }

    private ValueText() {}
}
