package dev.big.bench.compare;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Epoch milliseconds as a SQL timestamp literal, {@code TIMESTAMP 'YYYY-MM-DD HH:MM:SS.fff'} in
 * UTC, the form big's SQL reads (docs/sql.md). Written field by field: a statement is built for
 * every timed call, and a {@code DateTimeFormatter} would cost more than some of the queries.
 */
final class SqlTimestamp {

    static String literal(long epochMillis) {
        LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(epochMillis, 1000),
                Math.floorMod(epochMillis, 1000) * 1_000_000, ZoneOffset.UTC);
        StringBuilder text = new StringBuilder(34).append("TIMESTAMP '");
        text.append(t.getYear()).append('-');
        two(text, t.getMonthValue()).append('-');
        two(text, t.getDayOfMonth()).append(' ');
        two(text, t.getHour()).append(':');
        two(text, t.getMinute()).append(':');
        two(text, t.getSecond()).append('.');
        int millis = t.getNano() / 1_000_000;
        text.append((char) ('0' + millis / 100)).append((char) ('0' + millis / 10 % 10)).append((char) ('0' + millis % 10));
        return text.append('\'').toString();
    }

    private static StringBuilder two(StringBuilder text, int value) {
        return text.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }

    private SqlTimestamp() {}
}
