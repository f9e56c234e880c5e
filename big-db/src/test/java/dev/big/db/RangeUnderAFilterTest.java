package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.testing.TestDirs;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

/**
 * A range of an int field under a filter scans its candidates without the field's exists row when
 * the range cannot take a record without a value (magnitudes from 1 up, or negative values): such
 * a record has no bit in the sign row nor in any plane. This holds it to that, with many records
 * without a value inside the filter: a field with negative values (sign row in use), one stored
 * without a sign (bounds from 0, so the filter's words are the candidates as they are), and
 * bounds on, next to and around 0, 1 and the middle, counted and listed, against the values
 * written.
 */
class RangeUnderAFilterTest {

    private static final TableDef EVENTS = TableDef.of("events", FieldDef.intField("signed"), FieldDef.intField("unsigned", 0, 1_000),
            FieldDef.keyed("type"));
    private static final int RECORDS = 3 * 65_536 + 1_000;

    @Test
    void rangesUnderAFilterSkipNoRecordAndTakeNoneWithoutAValue() {
        Random random = new Random(42);
        Long[] signed = new Long[RECORDS];
        Long[] unsigned = new Long[RECORDS];
        String[] types = new String[RECORDS];
        List<Row> rows = new ArrayList<>();
        for (int id = 0; id < RECORDS; id++) {
            // A third of the records have no value, so the filter holds many without one.
            signed[id] = random.nextInt(3) == 0 ? null : (long) random.nextInt(1_001) - 500;
            unsigned[id] = random.nextInt(3) == 0 ? null : (long) random.nextInt(1_001);
            types[id] = "t" + random.nextInt(3);
            Row.Builder row = Row.builder().set("type", types[id]);
            if (signed[id] != null) {
                row.set("signed", signed[id]);
            }
            if (unsigned[id] != null) {
                row.set("unsigned", unsigned[id]);
            }
            rows.add(row.build().withId(id));
        }
        try (Db db = Db.create(TestDirs.newDir("range-under-filter").resolve("ranges.big"), List.of(EVENTS))) {
            db.bulkLoad("events", rows);
            try (Snapshot snapshot = db.read()) {
                for (String field : List.of("signed", "unsigned")) {
                    Long[] values = field.equals("signed") ? signed : unsigned;
                    for (long bound : new long[] {-501, -500, -2, -1, 0, 1, 2, 3, 180, 499, 500, 1_000, 1_001}) {
                        check(snapshot, types, values, Filter.ge(field, bound), v -> v >= bound);
                        check(snapshot, types, values, Filter.gt(field, bound), v -> v > bound);
                        check(snapshot, types, values, Filter.le(field, bound), v -> v <= bound);
                        check(snapshot, types, values, Filter.lt(field, bound), v -> v < bound);
                        check(snapshot, types, values, Filter.eq(field, bound), v -> v == bound);
                        check(snapshot, types, values, Filter.between(field, bound, bound + 200), v -> v >= bound && v <= bound + 200);
                    }
                }
            }
        }
    }

    /** {@code type = 't1' AND range}, counted and listed, against the records whose value {@code matches}. */
    private static void check(Snapshot snapshot, String[] types, Long[] values, Filter range, LongPredicate matches) {
        List<Long> expected = new ArrayList<>();
        for (int id = 0; id < values.length; id++) {
            if (types[id].equals("t1") && values[id] != null && matches.test(values[id])) {
                expected.add((long) id);
            }
        }
        Filter filter = Filter.and(Filter.eq("type", "t1"), range);
        assertEquals(expected.size(), snapshot.count("events", filter), filter::toString);
        long[] ids = snapshot.ids("events", filter, Order.ASC, Integer.MAX_VALUE, null);
        assertArrayEquals(expected.stream().mapToLong(Long::longValue).toArray(), ids, filter::toString);
    }
}
