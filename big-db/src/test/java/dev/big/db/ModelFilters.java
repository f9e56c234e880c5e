package dev.big.db;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;

/**
 * Random filters over the test schema, and their meaning on a plain map of values under SQL's
 * three-valued logic (null = unknown).
 */
final class ModelFilters {

    static final List<String> TYPES = List.of("a", "b", "c", "d", "é", "f g", "h", "zz");
    static final List<String> TAGS = List.of("t1", "t2", "t3", "t4", "t5");
    static final long TS_BASE = 1_700_000_000_000L;

    static Filter random(Random random, int depth) {
        int kind = random.nextInt(depth > 2 ? 9 : 13);
        return switch (kind) {
            case 0, 1 -> Filter.gt("value", randomInt(random));
            case 2 -> new Filter.Compare("value", Filter.Op.values()[random.nextInt(6)], randomInt(random));
            case 3 -> Filter.between(random.nextBoolean() ? "value" : "size", randomInt(random), randomInt(random));
            case 4 -> random.nextBoolean() ? Filter.eq("type", pick(random, TYPES)) : Filter.ne("type", pick(random, TYPES));
            case 5 -> Filter.in("type", pick(random, TYPES), pick(random, TYPES), "nope");
            case 6 -> Filter.eq("flag", random.nextBoolean());
            case 7 -> random.nextBoolean() ? Filter.isNull(pick(random, List.of("value", "type", "flag", "tags", "ts")))
                    : Filter.isNotNull(pick(random, List.of("value", "type", "flag", "tags", "ts")));
            case 8 -> random.nextBoolean()
                    ? Filter.between("ts", Instant.ofEpochMilli(TS_BASE + random.nextInt(100_000)), TS_BASE + random.nextInt(200_000))
                    : new Filter.Compare("id", Filter.Op.values()[random.nextInt(6)], (long) random.nextInt(3_000_000));
            case 9, 10 -> Filter.and(random(random, depth + 1), random(random, depth + 1));
            case 11 -> Filter.or(random(random, depth + 1), random(random, depth + 1));
            default -> random.nextBoolean() ? Filter.not(random(random, depth + 1)) : Filter.contains("tags", pick(random, TAGS));
        };
    }

    static long randomInt(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> random.nextInt(2000) - 1000;
            case 1 -> random.nextInt(100);
            case 2 -> random.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE;
            default -> random.nextInt(11) - 5;
        };
    }

    static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** TRUE, FALSE or null (unknown) for a record with {@code id} and {@code values}. */
    static Boolean eval(Filter filter, long id, Map<String, Object> values) {
        return switch (filter) {
            case Filter.All ignored -> true;
            case Filter.Compare c -> {
                Object v = c.field().equals("id") ? (Object) id : values.get(c.field());
                if (v == null) {
                    yield null;
                }
                int cmp = compare(v, c.value());
                yield switch (c.op()) {
                    case EQ -> cmp == 0;
                    case NE -> cmp != 0;
                    case LT -> cmp < 0;
                    case LE -> cmp <= 0;
                    case GT -> cmp > 0;
                    case GE -> cmp >= 0;
                };
            }
            case Filter.Between b -> {
                Object v = b.field().equals("id") ? (Object) id : values.get(b.field());
                yield v == null ? null : compare(v, b.low()) >= 0 && compare(v, b.high()) <= 0;
            }
            case Filter.In in -> {
                Object v = values.get(in.field());
                yield v == null ? null : in.values().stream().anyMatch(x -> compare(v, x) == 0);
            }
            case Filter.IsNull n -> values.get(n.field()) == null;
            case Filter.CompareFields f -> {
                Object a = values.get(f.left());
                Object b = values.get(f.right());
                if (a == null || b == null) {
                    yield null;
                }
                int cmp = compare(a, b);
                yield switch (f.op()) {
                    case EQ -> cmp == 0;
                    case NE -> cmp != 0;
                    case LT -> cmp < 0;
                    case LE -> cmp <= 0;
                    case GT -> cmp > 0;
                    case GE -> cmp >= 0;
                };
            }
            case Filter.Contains c -> {
                Object v = values.get(c.field());
                yield v == null ? null : ((Collection<?>) v).contains(c.value());
            }
            case Filter.And and -> {
                boolean unknown = false;
                for (Filter child : and.filters()) {
                    Boolean r = eval(child, id, values);
                    if (r == null) {
                        unknown = true;
                    } else if (!r) {
                        yield false;
                    }
                }
                yield unknown ? null : true;
            }
            case Filter.Or or -> {
                boolean unknown = false;
                for (Filter child : or.filters()) {
                    Boolean r = eval(child, id, values);
                    if (r == null) {
                        unknown = true;
                    } else if (r) {
                        yield true;
                    }
                }
                yield unknown ? null : false;
            }
            case Filter.Not not -> {
                Boolean r = eval(not.filter(), id, values);
                yield r == null ? null : !r;
            }
        };
    }

    @SuppressWarnings("unchecked")
    private static int compare(Object stored, Object constant) {
        if (stored instanceof Instant instant) {
            stored = instant.toEpochMilli();
        }
        if (constant instanceof Instant instant) {
            constant = instant.toEpochMilli();
        }
        if (stored instanceof Long a && constant instanceof Number b) {
            return Long.compare(a, b.longValue());
        }
        return ((Comparable<Object>) stored).compareTo(constant);
    }

    static List<Long> matching(Filter filter, Map<Long, Map<String, Object>> records) {
        List<Long> ids = new ArrayList<>();
        for (var e : records.entrySet()) {
            if (Boolean.TRUE.equals(eval(filter, e.getKey(), e.getValue()))) {
                ids.add(e.getKey());
            }
        }
        return ids;
    }

    /** A random record of the model schema; with {@code extraField}, sometimes a value of the added field {@code extra}. */
    static Map<String, Object> randomValues(Random random, boolean extraField) {
        Map<String, Object> values = new LinkedHashMap<>();
        if (random.nextInt(10) > 0) {
            values.put("value", (long) random.nextInt(2000) - 1000);
        }
        if (random.nextInt(10) > 1) {
            values.put("size", (long) random.nextInt(1_000_001));
        }
        if (random.nextInt(10) > 0) {
            values.put("ts", Instant.ofEpochMilli(TS_BASE + random.nextInt(200_000)));
        }
        if (random.nextInt(10) > 0) {
            values.put("flag", random.nextInt(10) > 1);
        }
        if (random.nextInt(10) > 0) {
            values.put("type", pick(random, TYPES));
        }
        if (random.nextBoolean()) {
            TreeSet<String> tags = new TreeSet<>();
            int n = random.nextInt(4); // an empty set is a value, apart from null
            for (int i = 0; i < n; i++) {
                tags.add(pick(random, TAGS));
            }
            values.put("tags", tags);
        }
        if (extraField && random.nextBoolean()) {
            values.put("extra", (long) random.nextInt(50));
        }
        return values;
    }

    private ModelFilters() {}
}
