package dev.big.reliability;

import dev.big.db.Aggregate;
import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Filter;
import dev.big.db.GroupCount;
import dev.big.db.Order;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Records whose every value is a function of the record id, so a test that knows only how many
 * records a writer made (or acknowledged) can verify the whole table: which records exist, what each
 * holds, and what every aggregate over them must be. A commit applied halfway (some fields written,
 * others not) shows up as an aggregate or a point read that disagrees with the id.
 *
 * <p>The table {@value #TABLE} holds one field of every kind:
 * <pre>
 * value  int        {@link #value}(id): a scramble of the id, negative and positive
 * kind   keyed      "k0".."k16", and one non-ASCII value
 * flag   bool       id % 3 == 0
 * at     timestamp  {@link #FIRST_AT_MILLIS} + id seconds
 * tags   set        a subset of a, b, c, d chosen by the id's low bits; no value when empty
 * </pre>
 */
public final class EventRecords {

    public static final String TABLE = "events";
    public static final long FIRST_AT_MILLIS = 1_700_000_000_000L;
    private static final int KINDS = 17;
    private static final String[] TAGS = {"a", "b", "c", "d"};

    public static TableDef table() {
        return TableDef.of(TABLE, FieldDef.intField("value").withOrderIndex(), FieldDef.keyed("kind"), FieldDef.bool("flag"),
                FieldDef.timestamp("at"), FieldDef.set("tags"));
    }

    /**
     * {@code file} opened for writing, or created, with the table: what a writing child does first.
     * A kill may have landed between creating the file and its table; then the table is created now.
     */
    public static Db openOrCreate(Path file) {
        Db db = Files.exists(file) ? Db.open(file) : Db.create(file, List.of(table()));
        boolean success = false;
        try {
            if (db.schema().stream().noneMatch(t -> t.name().equals(TABLE))) {
                db.createTable(table());
            }
            success = true;
            return db;
        } finally {
            if (!success) {
                db.close();
            }
        }
    }

    /** The records the table holds now. */
    public static long count(Db db) {
        try (Snapshot snapshot = db.read()) {
            return snapshot.count(TABLE);
        }
    }

    public static long value(long id) {
        return Math.floorMod(id * 2_654_435_761L, 1_000_003L) - 500_000;
    }

    public static String kind(long id) {
        int k = (int) (id % KINDS);
        return k == 0 ? "ключ-ü" : "k" + k;
    }

    public static boolean flag(long id) {
        return id % 3 == 0;
    }

    public static Instant at(long id) {
        return Instant.ofEpochMilli(FIRST_AT_MILLIS + id * 1000);
    }

    /** The tags of record {@code id}, or null when it has none (this workload writes no empty sets). */
    public static TreeSet<String> tags(long id) {
        TreeSet<String> tags = new TreeSet<>();
        int bits = (int) (id % 16);
        for (int t = 0; t < TAGS.length; t++) {
            if ((bits & (1 << t)) != 0) {
                tags.add(TAGS[t]);
            }
        }
        return tags.isEmpty() ? null : tags;
    }

    /** The record written for {@code id} (without its id: appends assign it). */
    public static Row record(long id) {
        return Row.builder().set("value", value(id)).set("kind", kind(id)).set("flag", flag(id))
                .set("at", at(id)).set("tags", tags(id)).build();
    }

    /**
     * What is wrong with record {@code id} as read back, or null if it holds exactly what
     * {@link #record} wrote.
     */
    public static String recordError(long id, Optional<Row> read) {
        if (read.isEmpty()) {
            return "record " + id + " is missing";
        }
        Row r = read.get();
        Map<String, Object> expected = new HashMap<>();
        expected.put("value", value(id));
        expected.put("kind", kind(id));
        expected.put("flag", flag(id));
        expected.put("at", at(id));
        expected.put("tags", tags(id));
        for (Map.Entry<String, Object> e : expected.entrySet()) {
            Object actual = r.get(e.getKey());
            Object want = e.getValue();
            boolean same = want instanceof TreeSet<?> set ? actual != null && set.equals(new TreeSet<>((java.util.Collection<?>) actual))
                    : Objects.equals(want, actual);
            if (!same) {
                return "record " + id + " field " + e.getKey() + " is " + actual + ", expected " + want;
            }
        }
        return null;
    }

    /**
     * Verifies that the table holds exactly records {@code 0 .. count-1}, as written: every
     * aggregate agrees with exactly {@code count} records, and point reads of the records near the
     * end (the last {@code tail}) and of {@code samples} random ones hold their values. Returns
     * the problems found (empty if none) and counts each read in {@code reads}.
     */
    public static List<String> verifyPrefix(Db db, long count, int tail, int samples, SplittableRandom random, long[] reads) {
        List<String> problems = new ArrayList<>();
        try (Snapshot s = db.read()) {
            check(problems, reads, "count(*)", count, s.count(TABLE));
            Aggregate values = s.aggregate(TABLE, "value", Filter.all());
            BigInteger sum = BigInteger.ZERO;
            long flags = 0;
            long[] kinds = new long[KINDS];
            long tagA = 0;
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (long id = 0; id < count; id++) {
                long v = value(id);
                sum = sum.add(BigInteger.valueOf(v));
                min = Math.min(min, v);
                max = Math.max(max, v);
                flags += flag(id) ? 1 : 0;
                kinds[(int) (id % KINDS)]++;
                tagA += (id % 16) % 2 == 1 ? 1 : 0;
            }
            check(problems, reads, "count(value)", count, values.count());
            check(problems, reads, "sum(value)", sum, values.sum());
            if (count > 0) {
                check(problems, reads, "min(value)", min, values.min().orElse(Long.MIN_VALUE));
                check(problems, reads, "max(value)", max, values.max().orElse(Long.MAX_VALUE));
                long[] newest = s.ids(TABLE, Filter.all(), Order.DESC, 1, null);
                check(problems, reads, "newest id", count - 1, newest.length == 0 ? -1 : newest[0]);
            }
            check(problems, reads, "count(flag)", flags, s.count(TABLE, Filter.eq("flag", true)));
            check(problems, reads, "count(tags contains a)", tagA, s.count(TABLE, Filter.contains("tags", "a")));
            check(problems, reads, "count(at >= first)", count, s.count(TABLE, Filter.ge("at", at(0))));
            Map<String, Long> groups = new HashMap<>();
            for (GroupCount g : s.groupCount(TABLE, "kind", Filter.all(), -1)) {
                groups.put(g.key(), g.count());
            }
            reads[0]++;
            for (int k = 0; k < KINDS; k++) {
                long want = kinds[k];
                long got = groups.getOrDefault(kind(k), 0L);
                if (want != got) {
                    problems.add("group " + kind(k) + " has " + got + " records, expected " + want);
                }
            }
            long[] present = new long[1];
            long[] outOfPlace = {-1};
            s.forEachId(TABLE, Filter.all(), id -> {
                if (id != present[0] && outOfPlace[0] < 0) {
                    outOfPlace[0] = id;
                }
                present[0]++;
            });
            reads[0]++;
            if (outOfPlace[0] >= 0) {
                problems.add("ids are not 0.." + (count - 1) + ": found " + outOfPlace[0] + " in place of " + present[0]);
            }
            for (long id = Math.max(0, count - tail); id < count + 3; id++) {
                pointRead(problems, reads, s, id, count);
            }
            for (int i = 0; i < samples && count > 0; i++) {
                pointRead(problems, reads, s, random.nextLong(count), count);
            }
        }
        Object both = db.sql("SELECT count(*), sum(value) FROM " + TABLE).rows().getFirst();
        reads[0]++;
        List<?> row = (List<?>) both;
        if (((Long) row.get(0)) != count || !sumOrZero(row.get(1)).equals(expectedSum(count))) {
            problems.add("SQL count(*), sum(value) = " + row + ", expected " + count + ", " + expectedSum(count));
        }
        return problems;
    }

    private static BigInteger sumOrZero(Object sum) {
        return sum == null ? BigInteger.ZERO : (BigInteger) sum;
    }

    private static BigInteger expectedSum(long count) {
        BigInteger sum = BigInteger.ZERO;
        for (long id = 0; id < count; id++) {
            sum = sum.add(BigInteger.valueOf(value(id)));
        }
        return sum;
    }

    private static void pointRead(List<String> problems, long[] reads, Snapshot s, long id, long count) {
        Optional<Row> read = s.get(TABLE, id);
        reads[0]++;
        if (id < count) {
            String error = recordError(id, read);
            if (error != null) {
                problems.add(error);
            }
        } else if (read.isPresent()) {
            problems.add("record " + id + " exists beyond the " + count + " records: " + read.get());
        }
    }

    private static void check(List<String> problems, long[] reads, String what, Object expected, Object actual) {
        reads[0]++;
        if (!Objects.equals(expected, actual)) {
            problems.add(what + " is " + actual + ", expected " + expected);
        }
    }

    private EventRecords() {}
}
