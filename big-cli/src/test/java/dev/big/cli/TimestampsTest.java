package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneOffsetTransition;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The hand-written reading of common ISO-8601 shapes agrees with {@link DateTimeFormatter} on
 * every input: random instants in every shape, and the invalid ones at each edge. Times without a
 * zone are local times of the load's zone, resolved across daylight-saving changes as
 * {@link java.time.ZonedDateTime#of} resolves them.
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
    void timesInOrderAcrossDaysMonthsAndLeapDaysReadAsTheJdkReadsThem() {
        // A file in time order repeats each date many times (the reader remembers the last date's
        // epoch day): every step must still land on the right day, also after an invalid date.
        LocalDateTime time = LocalDateTime.of(2023, 12, 30, 22, 0);
        for (int i = 0; i < 2_000; i++) {
            time = time.plusMinutes(97);
            String text = time.toString().replace('T', ' ') + (time.getSecond() == 0 ? ":00" : "");
            assertEquals(time.toInstant(ZoneOffset.UTC).toEpochMilli(), Timestamps.parseMillis(text), text);
            if (i % 100 == 0) {
                assertThrows(ValueException.class, () -> Timestamps.parseMillis("2023-02-29 00:00:00"));
            }
        }
        assertEquals(LocalDateTime.of(2024, 2, 29, 12, 0).toInstant(ZoneOffset.UTC).toEpochMilli(),
                Timestamps.parseMillis("2024-02-29 12:00:00"));
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
                "2024-01-01T00:00:00.1234567890Z", "2024-01-01T00:00:00.1234567890", "2024-01-01T24:00:00", "2024-02-30",
                "2024-1-01T00:00:00Z", "2024-01-01T00:00:00+0100", "2024-01-01T00:00:00 Z", "yesterday", "", "-",
                "1.5", "2024-01-01T00:00:00Zjunk");
        for (String text : refused) {
            assertThrows(ValueException.class, () -> Timestamps.parseMillis(text), text);
        }
    }

    @Test
    void zonelessTimesAreLocalTimesOfTheZoneAsJavaTimeResolvesThem() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        Random random = new Random(seed);
        List<ZoneId> zones = List.of(ZoneOffset.UTC, ZoneOffset.ofHoursMinutes(5, 30), ZoneOffset.ofHours(-8),
                ZoneId.of("Europe/Paris"), ZoneId.of("America/New_York"), ZoneId.of("Australia/Lord_Howe"));
        try {
            for (int i = 0; i < 20_000; i++) {
                ZoneId zone = zones.get(random.nextInt(zones.size()));
                // Half of them within three hours of one of the zone's offset changes, where gaps and overlaps are.
                Instant instant = Instant.ofEpochSecond(random.nextLong(-62_000_000_000L, 253_000_000_000L),
                        random.nextInt(1_000_000_000));
                ZoneOffsetTransition change = zone.getRules().nextTransition(instant);
                LocalDateTime local = random.nextBoolean() && change != null
                        ? change.getDateTimeBefore().plusNanos(random.nextLong(-3 * 3_600_000_000_000L, 3 * 3_600_000_000_000L))
                        : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
                String pattern = "uuuu-MM-dd'" + (random.nextBoolean() ? "T" : " ") + "'HH:mm"
                        + switch (random.nextInt(3)) {
                            case 0 -> "";
                            case 1 -> ":ss";
                            default -> ":ss." + "S".repeat(1 + random.nextInt(9));
                        };
                if (local.getYear() < 0 || local.getYear() > 9999) {
                    continue;
                }
                String text = local.format(DateTimeFormatter.ofPattern(pattern));
                long expected = LocalDateTime.parse(text.replace(' ', 'T')).atZone(zone).toInstant().toEpochMilli();
                assertEquals(expected, Timestamps.parseMillis(text, zone), text + " in " + zone);
            }
        } catch (AssertionError e) {
            throw new AssertionError("failed with seed " + seed + " (rerun with -Dbig.seed=" + seed + ")", e);
        }
    }

    @Test
    void zonelessTimesAreUtcByDefaultLikeTheSqlTimestampLiterals() {
        assertEquals(Instant.parse("2001-01-01T00:01:00Z").toEpochMilli(), Timestamps.parseMillis("2001-01-01 00:01:00"));
        assertEquals(Instant.parse("2001-01-01T00:01:00Z").toEpochMilli(), Timestamps.parseMillis("2001-01-01T00:01:00"));
        assertEquals(Instant.parse("2001-01-01T00:00:00Z").toEpochMilli(), Timestamps.parseMillis("2001-01-01"));
        assertEquals(Instant.parse("2001-01-01T00:01:00.123Z").toEpochMilli(),
                Timestamps.parseMillis("2001-01-01 00:01:00.123456"), "fractions are kept to the millisecond, truncated");
        assertEquals(Instant.parse("1969-12-31T23:59:59.999Z").toEpochMilli(),
                Timestamps.parseMillis("1969-12-31 23:59:59.9999"), "truncated towards the past before 1970 too");
        assertEquals(Instant.parse("2024-06-01T10:00:00Z").toEpochMilli(),
                Timestamps.parseMillis("2024-06-01T12:00:00+02:00", ZoneId.of("America/New_York")), "an offset written wins");
        assertEquals(Instant.parse("2024-06-01T10:00:00Z").toEpochMilli(),
                Timestamps.parseMillis("2024-06-01T10:00:00Z", ZoneId.of("Europe/Paris")), "so does Z");
        assertEquals(1_704_067_200_000L, Timestamps.parseMillis("1704067200000", ZoneId.of("Europe/Paris")),
                "epoch milliseconds are an instant, in no zone");
    }

    @Test
    void europeParisAcrossItsDaylightSavingChanges() {
        ZoneId paris = ZoneId.of("Europe/Paris");
        // Winter (+01:00) and summer (+02:00) time.
        assertEquals(millis("2024-01-15T11:00:00Z"), Timestamps.parseMillis("2024-01-15 12:00:00", paris));
        assertEquals(millis("2024-07-15T10:00:00Z"), Timestamps.parseMillis("2024-07-15 12:00:00", paris));
        assertEquals(millis("2024-07-15T22:00:00Z"), Timestamps.parseMillis("2024-07-16", paris), "a date is its local midnight");
        // 31 March 2024: clocks go from 02:00 to 03:00. The last winter second, the first summer one.
        assertEquals(millis("2024-03-31T00:59:59Z"), Timestamps.parseMillis("2024-03-31 01:59:59", paris));
        assertEquals(millis("2024-03-31T01:00:00Z"), Timestamps.parseMillis("2024-03-31 03:00:00", paris));
        // 02:30 does not exist that night: it is moved later by the gap, to 03:30 summer time.
        assertEquals(millis("2024-03-31T01:30:00Z"), Timestamps.parseMillis("2024-03-31 02:30:00", paris));
        assertEquals(millis("2024-03-31T01:30:00Z"), Timestamps.parseMillis("2024-03-31 03:30:00", paris),
                "the gap's 02:30 and 03:30 are the same instant");
        // 27 October 2024: clocks go from 03:00 back to 02:00, so 02:00 to 02:59 happen twice: the earlier
        // (summer, +02:00) is taken.
        assertEquals(millis("2024-10-27T00:30:00Z"), Timestamps.parseMillis("2024-10-27 02:30:00", paris));
        assertEquals(millis("2024-10-27T00:59:59.999Z"), Timestamps.parseMillis("2024-10-27 02:59:59.999", paris));
        assertEquals(millis("2024-10-27T02:00:00Z"), Timestamps.parseMillis("2024-10-27 03:00:00", paris));
        assertEquals(millis("2024-10-27T01:30:00Z"), Timestamps.parseMillis("2024-10-27T02:30:00+01:00", paris),
                "the later 02:30 is written with its offset");
    }

    @Test
    void aMalformedTimestampSaysWhatToWrite() {
        ValueException utc = assertThrows(ValueException.class, () -> Timestamps.parseMillis("2024-01-01 25:00"));
        assertEquals("\"2024-01-01 25:00\" is not a timestamp: write ISO-8601, 2024-01-01 00:00:00 (read as UTC unless"
                + " --timezone says otherwise), 2024-01-01T00:00:00Z or 2024-01-01T00:00:00+02:00, or epoch milliseconds",
                utc.getMessage());
        ValueException paris = assertThrows(ValueException.class,
                () -> Timestamps.parseMillis("01/02/2024", ZoneId.of("Europe/Paris")));
        assertTrue(paris.getMessage().contains("2024-01-01 00:00:00 (read as Europe/Paris)"), paris.getMessage());
    }

    private static long millis(String instant) {
        return Instant.parse(instant).toEpochMilli();
    }

    @Test
    void epochMillisecondsAreIntegers() {
        assertEquals(1_704_067_200_123L, Timestamps.parseMillis("1704067200123"));
        assertEquals(-5, Timestamps.parseMillis(" -5 "));
        assertThrows(ValueException.class, () -> Timestamps.parseMillis("99999999999999999999"));
    }
}
