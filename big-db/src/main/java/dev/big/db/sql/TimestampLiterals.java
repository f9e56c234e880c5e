package dev.big.db.sql;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text of a timestamp literal ({@code TIMESTAMP '2024-01-01 00:00:00'}) as a UTC
 * instant, the way DuckDB reads a TIMESTAMP (which has no time zone).
 *
 * <p>Accepted: {@code YYYY-MM-DD}, optionally followed by a space or {@code T} and
 * {@code HH:MM:SS} with up to nine fraction digits. Refused: time zones and offsets (DuckDB
 * would shift the value), and fractions finer than a millisecond that are not zero (big stores
 * milliseconds, so the comparison would differ from DuckDB's microseconds). A timestamp bound to
 * a {@code ?} obeys the same rule ({@link #finerThanMillisecond}).
 */
final class TimestampLiterals {

    static final String FORMAT = "'YYYY-MM-DD[ HH:MM:SS[.fff]]' (UTC, millisecond precision)";

    private static final Pattern TIMESTAMP = Pattern.compile(
            "(\\d{4})-(\\d{2})-(\\d{2})(?:[ T](\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d{1,9}))?)?");

    /** The instant {@code text} denotes; {@code sql} is the literal as written, for the message. */
    static Instant parse(String text, String sql) {
        Matcher m = TIMESTAMP.matcher(text);
        if (!m.matches()) {
            throw SqlErrors.unsupported("timestamp literal in an unsupported form", sql, "write " + FORMAT);
        }
        String fraction = m.group(7) == null ? "" : m.group(7);
        int nanos = fraction.isEmpty() ? 0 : Integer.parseInt((fraction + "000000000").substring(0, 9));
        Instant instant;
        try {
            LocalDateTime time = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)), m.group(4) == null ? 0 : Integer.parseInt(m.group(4)),
                    m.group(5) == null ? 0 : Integer.parseInt(m.group(5)), m.group(6) == null ? 0 : Integer.parseInt(m.group(6)),
                    nanos);
            instant = time.toInstant(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            throw SqlErrors.unsupported("invalid timestamp (" + e.getMessage() + ")", sql, "write " + FORMAT);
        }
        if (finerThanMillisecond(instant)) {
            throw SqlErrors.unsupported("timestamp literal finer than a millisecond", sql,
                    "big stores timestamps in milliseconds; write " + FORMAT);
        }
        return instant;
    }

    /**
     * Whether {@code instant} has a fraction finer than a millisecond that is not zero. Such a
     * value is refused wherever SQL meets it, written as a literal or bound to a {@code ?}: big
     * stores milliseconds, so it would have to be cut, and the cut value is another value (an
     * INSERT would read back different, {@code at >= .0005} would match .000, where DuckDB's
     * microseconds would not).
     */
    static boolean finerThanMillisecond(Instant instant) {
        return instant.getNano() % 1_000_000 != 0;
    }

    /** The refusal of a timestamp bound to the {@code position}-th {@code ?} (from 1) of {@code sql}. */
    static UnsupportedSqlException parameterFinerThanMillisecond(Instant instant, int position, String sql) {
        return SqlErrors.unsupported("timestamp parameter " + position + " (" + instant + ") finer than a millisecond", sql,
                "big stores timestamps in milliseconds; bind the value truncated to them"
                        + " (instant.truncatedTo(ChronoUnit.MILLIS))");
    }

    private TimestampLiterals() {}
}
