package dev.big.cli;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.zone.ZoneRules;

/**
 * Timestamp text to epoch milliseconds: ISO-8601 (a space may replace the {@code T}), or a number
 * of milliseconds. A time with {@code Z} or an offset is that instant; a time without one
 * ({@code 2001-01-01 00:01:00}, what DuckDB, PostgreSQL and most tools write for a
 * {@code TIMESTAMP}) or a date alone (midnight) is a local time in the load's zone: UTC unless
 * {@code big load --timezone} names another, the same rule as big's SQL for a {@code TIMESTAMP}
 * literal. Fractions of up to nine digits are kept to the millisecond (truncated, as big stores
 * milliseconds).
 *
 * <p>In a zone with daylight saving time a local time can be missing (a spring-forward gap) or
 * twice (an autumn overlap). java.time's rule applies ({@link java.time.ZonedDateTime#of}): a
 * time in a gap is moved later by the gap's length (02:30 on the night Paris moves from 02:00 to
 * 03:00 is 03:30 summer time), and a time in an overlap takes the earlier offset (the first
 * 02:30, summer time).
 *
 * <p>The usual shapes ({@code 2024-01-01T00:00:00Z}, {@code 2024-01-01 00:00:00.123+02:00},
 * {@code 2024-01-01 00:00:00} in a fixed-offset zone) are read by hand: {@link DateTimeFormatter}
 * builds maps per value and was the largest cost of a CSV load. Anything else goes to
 * {@link DateTimeFormatter}, which decides what is valid.
 */
final class Timestamps {

    /** Epoch milliseconds of {@code text}, a time without a zone read in UTC. */
    static long parseMillis(String text) {
        return parseMillis(text, ZoneOffset.UTC);
    }

    /** Epoch milliseconds of {@code text}, a time without a zone read in {@code localZone}. */
    static long parseMillis(String text, ZoneId localZone) {
        String trimmed = text.strip();
        if (isInteger(trimmed)) {
            try {
                return Long.parseLong(trimmed);
            } catch (NumberFormatException e) {
                throw new ValueException(TextValues.quote(text) + " does not fit 64-bit epoch milliseconds");
            }
        }
        long fast = isoFastPath(trimmed, localZone.getRules());
        if (fast != NOT_PARSED) {
            return fast;
        }
        String iso = trimmed.length() > 10 && trimmed.charAt(10) == ' ' ? trimmed.substring(0, 10) + 'T' + trimmed.substring(11) : trimmed;
        try {
            LocalDateTime local = local(iso);
            if (local != null) {
                return local.atZone(localZone).toInstant().toEpochMilli();
            }
            return OffsetDateTime.parse(iso, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new ValueException(TextValues.quote(text) + " is not a timestamp: write ISO-8601, 2024-01-01 00:00:00"
                    + " (read as " + zoneName(localZone) + "), 2024-01-01T00:00:00Z or 2024-01-01T00:00:00+02:00,"
                    + " or epoch milliseconds");
        } catch (ArithmeticException | DateTimeException e) {
            throw new ValueException(TextValues.quote(text) + " is beyond the epoch-millisecond range");
        }
    }

    /** How a message names the zone times without one are read in. */
    static String zoneName(ZoneId zone) {
        return zone.equals(ZoneOffset.UTC) ? "UTC unless --timezone says otherwise" : zone.getId();
    }

    /** {@code iso} as a local date-time (a date alone: its midnight), or null if it is not one. */
    private static LocalDateTime local(String iso) {
        try {
            return LocalDateTime.parse(iso, DateTimeFormatter.ISO_LOCAL_DATE_TIME);
        } catch (DateTimeParseException notDateTime) {
            try {
                return LocalDate.parse(iso, DateTimeFormatter.ISO_LOCAL_DATE).atStartOfDay();
            } catch (DateTimeParseException notDate) {
                return null;
            }
        }
    }

    /** What {@link #isoFastPath} and {@link #parseUsual} return for text they leave to the general parser. */
    static final long NOT_PARSED = Long.MIN_VALUE;

    /**
     * Epoch milliseconds of {@code text} if it has one of the usual ISO shapes (see
     * {@link #isoFastPath}), read from the characters where they are (a CSV cell, without making a
     * String of it); else {@link #NOT_PARSED}, and {@link #parseMillis(String, ZoneId)} reads or
     * refuses it.
     */
    static long parseUsual(CharSequence text, ZoneId localZone) {
        return isoFastPath(text, localZone.getRules());
    }

    /**
     * {@code YYYY-MM-DD(T| )HH:MM[:SS[.fraction]][Z|±HH:MM]} read directly (without a zone only when
     * {@code localZone} has one fixed offset), or {@link #NOT_PARSED} for any other shape or an
     * impossible date or time (the general parser then reads or explains it).
     */
    private static long isoFastPath(CharSequence s, ZoneRules localZone) {
        int n = s.length();
        if (n < 16 || s.charAt(4) != '-' || s.charAt(7) != '-' || (s.charAt(10) != 'T' && s.charAt(10) != ' ')
                || s.charAt(13) != ':') {
            return NOT_PARSED;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 2);
        int day = digits(s, 8, 2);
        int hour = digits(s, 11, 2);
        int minute = digits(s, 14, 2);
        int at = 16;
        int second = 0;
        int millis = 0;
        if (at < n && s.charAt(at) == ':') {
            second = digits(s, at + 1, 2);
            at += 3;
            if (at < n && s.charAt(at) == '.') {
                int start = ++at;
                while (at < n && Character.isDigit(s.charAt(at))) {
                    at++;
                }
                if (at == start || at - start > 9) {
                    return NOT_PARSED;
                }
                for (int i = 0; i < 3; i++) {
                    millis = millis * 10 + (start + i < at ? s.charAt(start + i) - '0' : 0);
                }
            }
        }
        if ((year | month | day | hour | minute | second) < 0 || hour > 23 || minute > 59 || second > 59) {
            return NOT_PARSED;
        }
        boolean zoneless = at == n;
        int offsetSeconds = 0;
        if (!zoneless) {
            char zone = s.charAt(at);
            if ((zone == 'Z' || zone == 'z') && at + 1 == n) {
                offsetSeconds = 0;
            } else if ((zone == '+' || zone == '-') && at + 6 == n && s.charAt(at + 3) == ':') {
                int offsetHours = digits(s, at + 1, 2);
                int offsetMinutes = digits(s, at + 4, 2);
                if ((offsetHours | offsetMinutes) < 0 || offsetMinutes > 59 || offsetHours * 60 + offsetMinutes > 18 * 60) {
                    return NOT_PARSED;
                }
                offsetSeconds = (zone == '-' ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60);
            } else {
                return NOT_PARSED;
            }
        }
        long epochDay;
        Day last = lastDay;
        if (last.year() == year && last.month() == month && last.day() == day) {
            epochDay = last.epochDay();
        } else {
            try {
                epochDay = LocalDate.of(year, month, day).toEpochDay();
            } catch (DateTimeException e) {
                return NOT_PARSED;
            }
            lastDay = new Day(year, month, day, epochDay);
        }
        if (zoneless) {
            // ZoneRules.getOffset(LocalDateTime) gives the offset before a gap and the earlier one in an
            // overlap, which is ZonedDateTime.of's resolution (TimestampsTest compares the two).
            offsetSeconds = (localZone.isFixedOffset() ? localZone.getOffset(Instant.EPOCH)
                    : localZone.getOffset(LocalDateTime.of(year, month, day, hour, minute, second))).getTotalSeconds();
        }
        long seconds = epochDay * 86_400 + hour * 3_600L + minute * 60L + second - offsetSeconds;
        return seconds * 1000 + millis;
    }

    /** A valid date and its epoch day. */
    private record Day(int year, int month, int day, long epochDay) {}

    /**
     * The date read last: the rows of a file are mostly in time order, so most timestamps repeat
     * the date of the one before, and a load of millions skips the calendar arithmetic for them.
     * One immutable record, so threads reading timestamps at once see a whole one.
     */
    private static volatile Day lastDay = new Day(1970, 1, 1, 0);

    /** The non-negative number in {@code s[from, from + count)}, or -1 if those are not all digits. */
    private static int digits(CharSequence s, int from, int count) {
        if (from + count > s.length()) {
            return -1;
        }
        int value = 0;
        for (int i = from; i < from + count; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static boolean isInteger(String s) {
        int start = s.startsWith("-") ? 1 : 0;
        if (s.length() == start) {
            return false;
        }
        for (int i = start; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private Timestamps() {}
}
