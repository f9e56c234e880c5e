package dev.big.trino;

import dev.big.workload.EventGenerator;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;

/**
 * Random conditions over the events table in big's SQL subset, written for each engine: big and
 * DuckDB spell set membership {@code list_contains(tags, 'x')}, Trino {@code contains(tags, 'x')};
 * everything else is the same text. Covers ranges and in-lists on id, int and timestamp, in / not
 * in / {@code <>} on keyed, bool, null / not null, set contains, and AND, OR and NOT of them.
 */
final class RandomPredicates {

    enum Dialect { BIG, DUCKDB, TRINO }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    private final SplittableRandom random;
    private final long perFile;

    RandomPredicates(long seed, long perFile) {
        this.random = new SplittableRandom(seed);
        this.perFile = perFile;
    }

    /** One condition as a tree of functions of the dialect. */
    java.util.function.Function<Dialect, String> next() {
        return predicate(2);
    }

    private java.util.function.Function<Dialect, String> predicate(int depth) {
        if (depth > 0 && random.nextInt(3) == 0) {
            var left = predicate(depth - 1);
            var right = predicate(depth - 1);
            return switch (random.nextInt(3)) {
                case 0 -> d -> "(" + left.apply(d) + " AND " + right.apply(d) + ")";
                case 1 -> d -> "(" + left.apply(d) + " OR " + right.apply(d) + ")";
                default -> d -> "NOT (" + left.apply(d) + ")";
            };
        }
        return leaf();
    }

    private java.util.function.Function<Dialect, String> leaf() {
        String[] ops = {"=", "<>", "<", "<=", ">", ">="};
        switch (random.nextInt(11)) {
            case 0 -> {
                String s = "id " + ops[random.nextInt(ops.length)] + " " + random.nextLong(perFile + 10);
                return d -> s;
            }
            case 1 -> {
                long low = random.nextLong(EventGenerator.VALUE_LIMIT);
                String s = "value BETWEEN " + low + " AND " + (low + random.nextLong(EventGenerator.VALUE_LIMIT / 4));
                return d -> s;
            }
            case 2 -> {
                String s = "size " + ops[random.nextInt(ops.length)] + " " + random.nextLong(EventGenerator.SIZE_LIMIT);
                return d -> s;
            }
            case 3 -> {
                long at = EventGenerator.FIRST_RECEIVED_AT_MILLIS + random.nextLong(3 * perFile * 1000);
                String s = "received_at " + ops[2 + random.nextInt(4)] + " TIMESTAMP '" + TIME.format(Instant.ofEpochMilli(at)) + "'";
                return d -> s;
            }
            case 4 -> {
                String s = "type IN ('" + type() + "', '" + type() + "')";
                return d -> s;
            }
            case 5 -> {
                String s = "type NOT IN ('" + type() + "', '" + type() + "', 'nosuchtype')";
                return d -> s;
            }
            case 6 -> {
                String s = "type <> '" + type() + "'";
                return d -> s;
            }
            case 7 -> {
                String s = random.nextBoolean() ? "verified" : "verified = false";
                return d -> s;
            }
            case 8 -> {
                String column = new String[] {"value", "type", "verified", "received_at", "size", "tags"}[random.nextInt(6)];
                String s = column + (random.nextBoolean() ? " IS NULL" : " IS NOT NULL");
                return d -> s;
            }
            case 9 -> {
                String s = "id IN (" + random.nextLong(perFile) + ", " + random.nextLong(perFile) + ", " + (EventFiles.SPARSE_FIRST_ID + 3) + ")";
                return d -> s;
            }
            default -> {
                String tag = "tag" + random.nextInt(EventGenerator.TAG_COUNT);
                return d -> (d == Dialect.TRINO ? "contains(tags, '" : "list_contains(tags, '") + tag + "')";
            }
        }
    }

    private String type() {
        return EventGenerator.typeNames().get(random.nextInt(EventGenerator.TYPE_COUNT));
    }
}
