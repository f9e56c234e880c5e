package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.big.testing.TestDirs;
import java.math.BigInteger;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@link TimeTruncation#truncate} against {@code java.time}'s calendar, and {@link
 * Snapshot#timeGroups} against groups worked out record by record with it: every unit, records
 * without a timestamp or without a value, negative values, timestamps before 1970, a filter. The
 * seed is printed on failure.
 */
class TimeGroupsTest {

    private static final TableDef EVENTS = TableDef.of("events", FieldDef.timestamp("at"), FieldDef.intField("value"),
            FieldDef.keyed("type"));

    /** The first instant of {@code millis}'s unit, from {@code java.time}: the oracle. */
    private static long truncated(TimeTruncation unit, long millis) {
        LocalDateTime time = LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC);
        LocalDateTime day = time.truncatedTo(ChronoUnit.DAYS);
        LocalDateTime start = switch (unit) {
            case MINUTE -> time.truncatedTo(ChronoUnit.MINUTES);
            case HOUR -> time.truncatedTo(ChronoUnit.HOURS);
            case DAY -> day;
            case WEEK -> day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
            case MONTH -> day.withDayOfMonth(1);
            case QUARTER -> day.withDayOfMonth(1).withMonth(1 + (day.getMonthValue() - 1) / 3 * 3);
            case YEAR -> day.withDayOfYear(1);
        };
        return start.toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    @Test
    void truncationFollowsTheCalendar() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        Random random = new Random(seed);
        for (int i = 0; i < 20_000; i++) {
            long millis = random.nextLong(-4_000_000_000_000L, 8_000_000_000_000L);
            for (TimeTruncation unit : TimeTruncation.values()) {
                assertEquals(truncated(unit, millis), unit.truncate(millis), () -> unit + " of " + millis + " (seed " + seed + ")");
            }
        }
        assertEquals(TimeTruncation.MONTH, TimeTruncation.named("Month").orElseThrow());
        assertEquals(java.util.Optional.empty(), TimeTruncation.named("fortnight"));
    }

    @Test
    void groupsMatchTheRecordsTruncatedOneByOne() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        Random random = new Random(seed);
        List<Row> rows = new ArrayList<>();
        List<Long> ats = new ArrayList<>();
        List<Long> values = new ArrayList<>();
        List<String> types = new ArrayList<>();
        long start = random.nextLong(-200_000_000_000L, 2_000_000_000_000L);
        for (int i = 0; i < 40_000; i++) {
            Long at = random.nextInt(20) == 0 ? null : start + random.nextLong(3L * 365 * 86_400_000L);
            Long value = random.nextInt(10) == 0 ? null : random.nextLong(-5_000, 100_000);
            String type = "t" + random.nextInt(4);
            rows.add(Row.builder().set("at", at == null ? null : Instant.ofEpochMilli(at)).set("value", value).set("type", type).build());
            ats.add(at);
            values.add(value);
            types.add(type);
        }
        try (Db db = Db.create(TestDirs.newDir("time-groups").resolve("t.big"), List.of(EVENTS))) {
            db.bulkLoad("events", rows);
            try (Snapshot snapshot = db.read()) {
                for (TimeTruncation unit : TimeTruncation.values()) {
                    for (Filter filter : List.of(Filter.all(), Filter.eq("type", "t2"))) {
                        Map<Long, long[]> expected = new TreeMap<>(java.util.Comparator.nullsLast(java.util.Comparator.naturalOrder()));
                        for (int i = 0; i < rows.size(); i++) {
                            if (filter instanceof Filter.All || types.get(i).equals("t2")) {
                                // records, values, sum, min, max
                                long[] group = expected.computeIfAbsent(ats.get(i) == null ? null : truncated(unit, ats.get(i)),
                                        k -> new long[] {0, 0, 0, Long.MAX_VALUE, Long.MIN_VALUE});
                                group[0]++;
                                if (values.get(i) != null) {
                                    group[1]++;
                                    group[2] += values.get(i);
                                    group[3] = Math.min(group[3], values.get(i));
                                    group[4] = Math.max(group[4], values.get(i));
                                }
                            }
                        }
                        List<TimeGroup> groups = snapshot.timeGroups("events", "at", unit, filter, List.of("value", "at"));
                        String what = unit + " under " + filter + " (seed " + seed + ")";
                        assertEquals(expected.size(), groups.size(), what + ": groups");
                        int g = 0;
                        for (var entry : expected.entrySet()) {
                            TimeGroup group = groups.get(g++);
                            long[] e = entry.getValue();
                            assertEquals(entry.getKey(), group.start() == null ? null : group.start().toEpochMilli(), what + ": start");
                            assertEquals(e[0], group.records(), what + ": records of " + entry.getKey());
                            Aggregate value = group.aggregates().get(0);
                            assertEquals(e[1], value.count(), what + ": values of " + entry.getKey());
                            assertEquals(BigInteger.valueOf(e[2]), value.sum(), what + ": sum of " + entry.getKey());
                            if (e[1] > 0) {
                                assertEquals(e[3], value.min().orElseThrow(), what + ": min of " + entry.getKey());
                                assertEquals(e[4], value.max().orElseThrow(), what + ": max of " + entry.getKey());
                            }
                            if (entry.getKey() != null) { // the timestamps themselves lie within their unit
                                Aggregate at = group.aggregates().get(1);
                                assertEquals(e[0], at.count(), what + ": timestamps of " + entry.getKey());
                                assertEquals(entry.getKey(), unit.truncate(at.min().orElseThrow()), what + ": earliest of " + entry.getKey());
                                assertEquals(entry.getKey(), unit.truncate(at.max().orElseThrow()), what + ": latest of " + entry.getKey());
                            }
                        }
                    }
                }
                assertThrows(InvalidInputException.class, () -> snapshot.timeGroups("events", "value", TimeTruncation.DAY, Filter.all(), List.of()));
                assertThrows(InvalidInputException.class, () -> snapshot.timeGroups("events", "at", TimeTruncation.DAY, Filter.all(), List.of("type")));
            }
        }
    }
}
