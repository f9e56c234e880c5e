package dev.big.cli;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * Timestamp text to epoch milliseconds: ISO-8601 with {@code Z} or an offset (a space may replace
 * the {@code T}), or a number of milliseconds. A time without a zone is refused rather than
 * guessed.
 *
 * <p>The usual shapes ({@code 2024-01-01T00:00:00Z}, {@code 2024-01-01 00:00:00.123+02:00}) are
 * read by hand: {@link DateTimeFormatter} builds maps per value and was the largest cost of a CSV
 * load. Anything else goes to {@link DateTimeFormatter}, which decides what is valid.
 */
final class Timestamps {

    static long parseMillis(String text) {
        String trimmed = text.strip();
        if (isInteger(trimmed)) {
            try {
                return Long.parseLong(trimmed);
            } catch (NumberFormatException e) {
                throw new ValueException(TextValues.quote(text) + " does not fit 64-bit epoch milliseconds");
            }
        }
        long fast = isoFastPath(trimmed);
        if (fast != NOT_PARSED) {
            return fast;
        }
        String iso = trimmed.length() > 10 && trimmed.charAt(10) == ' ' ? trimmed.substring(0, 10) + 'T' + trimmed.substring(11) : trimmed;
        try {
            return OffsetDateTime.parse(iso, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            if (parses(iso, DateTimeFormatter.ISO_LOCAL_DATE_TIME) || parses(iso, DateTimeFormatter.ISO_LOCAL_DATE)) {
                throw new ValueException(TextValues.quote(text) + " has no time zone: add Z for UTC ("
                        + (iso.length() == 10 ? iso + "T00:00:00Z" : iso + "Z") + ") or an offset such as +02:00");
            }
            throw new ValueException(TextValues.quote(text) + " is not a timestamp: use ISO-8601 with Z or an offset"
                    + " (2024-01-01T00:00:00Z) or epoch milliseconds");
        } catch (ArithmeticException | DateTimeException e) {
            throw new ValueException(TextValues.quote(text) + " is beyond the epoch-millisecond range");
        }
    }

    /** What {@link #isoFastPath} returns for text it leaves to the general parser. */
    private static final long NOT_PARSED = Long.MIN_VALUE;

    /**
     * {@code YYYY-MM-DD(T| )HH:MM[:SS[.fraction]](Z|±HH:MM)} read directly, or {@link #NOT_PARSED}
     * for any other shape or an impossible date or time (the general parser then explains).
     */
    private static long isoFastPath(String s) {
        int n = s.length();
        if (n < 17 || s.charAt(4) != '-' || s.charAt(7) != '-' || (s.charAt(10) != 'T' && s.charAt(10) != ' ')
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
        if ((year | month | day | hour | minute | second) < 0 || hour > 23 || minute > 59 || second > 59 || at >= n) {
            return NOT_PARSED;
        }
        int offsetSeconds;
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
        long epochDay;
        try {
            epochDay = LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return NOT_PARSED;
        }
        long seconds = epochDay * 86_400 + hour * 3_600L + minute * 60L + second - offsetSeconds;
        return seconds * 1000 + millis;
    }

    /** The non-negative number in {@code s[from, from + count)}, or -1 if those are not all digits. */
    private static int digits(String s, int from, int count) {
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

    private static boolean parses(String text, DateTimeFormatter format) {
        try {
            format.parse(text);
            return true;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private Timestamps() {}
}
