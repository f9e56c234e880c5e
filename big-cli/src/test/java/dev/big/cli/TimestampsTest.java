package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The hand-written reading of common ISO-8601 shapes agrees with {@link DateTimeFormatter} on
 * every input: random instants in every shape, and the invalid ones at each edge.
 */
class TimestampsTest {

    @Test
    void randomInstantsInEveryShapeReadAsTheJdkReadsThem() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        Random random = new Random(seed);
        try {
            for (int i = 0; i < 20_000; i++) {
                Instant instant = Instant.ofEpochSecond(random.nextLong(-62_000_000_000L, 253_000_000_000L), random.nextInt(1_000_000_000));
                ZoneOffset offset = ZoneOffset.ofTotalSeconds(60 * random.nextInt(-18 * 60, 18 * 60 + 1));
                OffsetDateTime time = instant.atOffset(offset);
                String pattern = "uuuu-MM-dd'" + (random.nextBoolean() ? "T" : " ") + "'HH:mm"
                        + switch (random.nextInt(4)) {
                            case 0 -> "";
                            case 1 -> ":ss";
                            case 2 -> ":ss." + "S".repeat(1 + random.nextInt(3));
                            default -> ":ss." + "S".repeat(1 + random.nextInt(9));
                        } + (random.nextBoolean() ? "XXX" : "xxx");
                String text = time.format(DateTimeFormatter.ofPattern(pattern));
                if (time.getYear() < 0 || time.getYear() > 9999) {
                    continue;
                }
                String iso = text.replace(' ', 'T');
                assertEquals(OffsetDateTime.parse(iso, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant().toEpochMilli(),
                        Timestamps.parseMillis(text), text);
            }
        } catch (AssertionError e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    @Test
    void edgesOfEveryFieldAreJudgedAsTheJdkJudgesThem() {
        List<String> accepted = List.of("2024-02-29T23:59:59.999Z", "1970-01-01T00:00Z", "1969-12-31T23:59:59.999999999Z",
                "2024-01-01 01:00:00+01:00", "2024-01-01T00:00:00-18:00", "2024-01-01T00:00:00+18:00",
                "2024-01-01t00:00:00z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2024-01-01T00:00:00+05:30:15",
                "2024-01-01T00:00:00.Z");
        for (String text : accepted) {
            assertEquals(OffsetDateTime.parse(text.replace(' ', 'T'), DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant()
                    .toEpochMilli(), Timestamps.parseMillis(text), text);
        }
        List<String> refused = List.of("2023-02-29T00:00:00Z", "2024-04-31T00:00:00Z", "2024-13-01T00:00:00Z",
                "2024-01-01T24:00:00Z", "2024-01-01T23:60:00Z", "2024-01-01T23:59:60Z", "2024-01-01T00:00:00+18:30",
                "2024-01-01T00:00:00.1234567890Z", "2024-01-01T00:00:00", "2024-01-01",
                "2024-1-01T00:00:00Z", "2024-01-01T00:00:00+0100", "2024-01-01T00:00:00 Z", "yesterday", "", "-",
                "1.5", "2024-01-01T00:00:00Zjunk");
        for (String text : refused) {
            assertThrows(ValueException.class, () -> Timestamps.parseMillis(text), text);
        }
    }

    @Test
    void epochMillisecondsAreIntegers() {
        assertEquals(1_704_067_200_123L, Timestamps.parseMillis("1704067200123"));
        assertEquals(-5, Timestamps.parseMillis(" -5 "));
        assertThrows(ValueException.class, () -> Timestamps.parseMillis("99999999999999999999"));
    }
}
