package dev.big.db.rowfile;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;

/**
 * Answer values as text: what a CSV cell holds, and what the CLI prints, the same in both so
 * scripts can compare them. Integers as they are, decimals and averages as plain decimals (no
 * exponent), timestamps in ISO-8601 UTC ({@code 2024-01-05T00:00:00Z}), sets as {@code a|b|c} with
 * {@code |} and {@code \} inside a value escaped by a {@code \} ({@link SetText}, the form
 * {@code big load} reads), no value as the empty string.
 */
public final class ValueText {

    /** {@code value} (a value of an answer, or null) as text. */
    public static String of(Object value) {
        return switch (value) {
            case null -> "";
            case Double d -> d.isNaN() || d.isInfinite() ? d.toString() : BigDecimal.valueOf(d).toPlainString();
            case Float f -> of(f.doubleValue());
            case BigDecimal d -> d.toPlainString();
            case Instant instant -> instant.toString();
            case Collection<?> values -> SetText.of(values);
            default -> value.toString();
        };
    }

    private ValueText() {}
}
