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
 * milliseconds, so the comparison would differ from DuckDB's microseconds).
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
        if (fraction.length() > 3 && !fraction.substring(3).chars().allMatch(c -> c == '0')) {
            throw SqlErrors.unsupported("timestamp literal finer than a millisecond", sql,
                    "big stores timestamps in milliseconds; write " + FORMAT);
        }
        int nanos = fraction.isEmpty() ? 0 : Integer.parseInt((fraction + "000000000").substring(0, 9));
        try {
            LocalDateTime time = LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)), m.group(4) == null ? 0 : Integer.parseInt(m.group(4)),
                    m.group(5) == null ? 0 : Integer.parseInt(m.group(5)), m.group(6) == null ? 0 : Integer.parseInt(m.group(6)),
                    nanos);
            return time.toInstant(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            throw SqlErrors.unsupported("invalid timestamp (" + e.getMessage() + ")", sql, "write " + FORMAT);
        }
    }

    private TimestampLiterals() {}
}
