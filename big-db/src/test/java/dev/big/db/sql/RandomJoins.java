package dev.big.db.sql;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random joins over a {@link RandomTable} {@code t} (the fact table) and two dimensions made to fit
 * it: {@code d}, keyed by one of {@code t}'s columns (its values drawn from {@code t}'s, some twice,
 * some missing, some NULL, some nowhere in {@code t}; or {@code t}'s ids), with a group attribute
 * {@code g} and a number {@code w}; and {@code e}, keyed by {@code d}'s {@code g} (a snowflake). Each
 * statement joins {@code t} with {@code d} (inner or left, by ON or USING) and sometimes {@code e},
 * with conditions on either side in WHERE and on the joined table in ON; it aggregates grouped by
 * either side's columns (which the bitmaps answer, or the hash join: dimension aggregates,
 * count(DISTINCT), median) or lists joined rows. Every statement is valid DuckDB SQL with the same
 * meaning.
 */
final class RandomJoins {

    private static final List<String> GROUPS = List.of("g0", "g1", "g2", "it's", "");

    private final Random random;
    private final RandomTable fact;
    final RandomTable dimension;
    final RandomTable snowflake;
    /** {@code t}'s column {@code d} is keyed by; null when {@code d} is keyed by {@code t}'s ids. */
    private final RandomTable.Column factKey;
    /** {@code d}'s key column: named as {@code t}'s, so that USING can join them. */
    private final String key;
    private final RandomQueries onFact;
    private final RandomQueries onDimension;

    RandomJoins(Random random, RandomTable fact) {
        this.random = random;
        this.fact = fact;
        List<RandomTable.Column> keys = fact.columns.stream().filter(c -> c.type() != FieldType.SET).toList();
        this.factKey = keys.isEmpty() || random.nextInt(6) == 0 ? null : keys.get(random.nextInt(keys.size()));
        this.key = factKey == null ? "tid" : factKey.name();
        FieldDef keyDef = factKey == null ? FieldDef.intField(key)
                : new FieldDef(key, factKey.type(), factKey.def().min(), factKey.def().max(), factKey.def().scale());
        List<String> factValues = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        for (var row : fact.rows.entrySet()) {
            values.add(factKey == null ? row.getKey() : row.getValue().get(key));
        }
        for (Object value : values) {
            if (value instanceof String s) {
                factValues.add(s);
            }
        }
        this.dimension = RandomTable.of("d", List.of(
                new RandomTable.Column(keyDef, r -> null, 0, factValues, "key"),
                new RandomTable.Column(FieldDef.keyed("g"), r -> null, 0, GROUPS, "group"),
                new RandomTable.Column(FieldDef.intField("w"), r -> null, 0, List.of(), "number"),
                new RandomTable.Column(FieldDef.timestamp("ts"), r -> null, 0, List.of(), "time")));
        int[] sizes = {0, 1, 3, 12, 60, 300};
        int size = sizes[random.nextInt(sizes.length)];
        long id = random.nextInt(3) == 0 ? random.nextInt(5000) : 0;
        List<Object> drawn = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            Map<String, Object> row = new LinkedHashMap<>();
            Object k;
            int kind = random.nextInt(20);
            if (kind < 2 && !drawn.isEmpty()) {
                k = drawn.get(random.nextInt(drawn.size())); // a key twice: its rows of t come out twice
            } else if (kind < 4) {
                k = null;
            } else if (kind < 7 || values.isEmpty()) {
                k = factKey == null ? Long.valueOf((1L << 22) + random.nextInt(1000)) : fact.draw(factKey);
            } else {
                k = values.get(random.nextInt(values.size()));
            }
            if (k != null) {
                row.put(key, k);
                drawn.add(k);
            }
            if (random.nextInt(8) != 0) {
                row.put("g", GROUPS.get(random.nextInt(GROUPS.size())));
            }
            if (random.nextInt(5) != 0) {
                row.put("w", (long) random.nextInt(41) - 10);
            }
            if (random.nextInt(6) != 0) {
                row.put("ts", java.time.Instant.ofEpochMilli(RandomTable.TS_BASE + random.nextLong(40L * 24 * 3_600_000)));
            }
            dimension.rows.put(id, row);
            id += 1 + random.nextInt(3);
        }
        this.snowflake = RandomTable.of("e", List.of(
                new RandomTable.Column(FieldDef.keyed("g"), r -> null, 0, GROUPS, "group"),
                new RandomTable.Column(FieldDef.intField("h"), r -> null, 0, List.of(), "number")));
        for (long e = 0; e < 4; e++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("g", GROUPS.get(random.nextInt(GROUPS.size())));
            row.put("h", (long) random.nextInt(5));
            snowflake.rows.put(e, row);
        }
        this.onFact = RandomQueries.qualified(random, fact, "t");
        this.onDimension = RandomQueries.qualified(random, dimension, "d");
    }

    RandomQueries.Generated next() {
        boolean left = random.nextInt(3) == 0;
        String from = "t t " + (left ? "LEFT JOIN" : "JOIN") + " d d " + join();
        boolean chain = random.nextInt(5) == 0;
        if (chain) {
            from += (random.nextBoolean() ? " LEFT JOIN" : " JOIN") + " e e ON d.g = e.g";
        }
        // Only over a small d: each row of t meets the product of its matches, which a large d with a
        // key of t's few values would make millions of rows.
        boolean star = random.nextInt(6) == 0 && dimension.rows.size() <= 12;
        if (star) {
            // A star of two dimensions (d twice): each row of t meets the product of its two matches.
            from += (random.nextBoolean() ? " LEFT JOIN" : " JOIN") + " d d2 ON " + (factKey == null ? "t.id" : "t." + key)
                    + " = d2." + key;
        }
        String where = where();
        return switch (random.nextInt(6)) {
            case 0, 1 -> grouped(from, where, false, chain);
            case 2 -> grouped(from, where, true, chain);
            case 3 -> new RandomQueries.Generated("SELECT " + String.join(", ", aggregates(random.nextInt(3) == 0, chain)) + " FROM "
                    + from + where, true);
            default -> listing(from, where, chain, star);
        };
    }

    private String join() {
        String on = (factKey == null ? "t.id" : "t." + key) + " = d." + key;
        if (random.nextBoolean()) {
            on = "d." + key + " = " + (factKey == null ? "t.id" : "t." + key);
        }
        if (factKey != null && random.nextInt(5) == 0) {
            return "USING (" + key + ")";
        }
        if (random.nextInt(6) == 0) {
            on += " AND (" + onDimension.predicate(1) + ")";
        }
        return "ON " + on;
    }

    private String where() {
        return switch (random.nextInt(5)) {
            case 0 -> "";
            case 1 -> " WHERE " + onFact.predicate(1);
            case 2 -> " WHERE " + onDimension.predicate(1);
            default -> " WHERE (" + onFact.predicate(1) + ") AND (" + onDimension.predicate(1) + ")";
        };
    }

    /** GROUP BY a column of d (and maybe one of t); {@code dimensionAggregates}: aggregates the bitmaps leave to the hash join. */
    private RandomQueries.Generated grouped(String from, String where, boolean dimensionAggregates, boolean chain) {
        List<String> keys = new ArrayList<>();
        keys.add(switch (random.nextInt(5)) {
            case 0, 1 -> "d.g";
            case 2 -> "d.w";
            case 3 -> random.nextBoolean() ? "date_trunc('week', d.ts)" : "time_bucket(INTERVAL '6 hours', d.ts)";
            default -> switch (random.nextInt(4)) {
                case 0 -> "hour(d.ts)";
                case 1 -> "d.w // 4";
                case 2 -> "d.id";
                default -> "t.id";
            };
        });
        List<RandomTable.Column> groupable = fact.columns.stream().filter(c -> c.type() != FieldType.SET).toList();
        if (!groupable.isEmpty() && random.nextInt(3) == 0) {
            keys.add("t." + groupable.get(random.nextInt(groupable.size())).name());
        }
        if (chain && random.nextBoolean()) {
            keys.add("e.h");
        }
        List<String> items = new ArrayList<>(keys);
        items.addAll(aggregates(dimensionAggregates, chain));
        String sql = "SELECT " + String.join(", ", items) + " FROM " + from + where + " GROUP BY " + String.join(", ", keys);
        if (random.nextBoolean()) {
            List<String> order = new ArrayList<>();
            for (int i = 1; i <= keys.size(); i++) {
                order.add(i + (random.nextBoolean() ? " DESC" : "") + (random.nextBoolean() ? " NULLS FIRST" : ""));
            }
            sql += " ORDER BY " + String.join(", ", order);
            if (random.nextInt(3) == 0) {
                sql += " LIMIT " + random.nextInt(4);
            }
            return new RandomQueries.Generated(sql, true);
        }
        return new RandomQueries.Generated(sql, false);
    }

    private List<String> aggregates(boolean hashOnly, boolean chain) {
        List<String> items = new ArrayList<>();
        items.add("count(*)");
        List<RandomTable.Column> numbers = fact.columns.stream()
                .filter(c -> c.type() == FieldType.INT || c.type() == FieldType.DECIMAL).toList();
        List<RandomTable.Column> ordered = fact.columns.stream().filter(c -> c.type() == FieldType.INT
                || c.type() == FieldType.DECIMAL || c.type() == FieldType.TIMESTAMP).toList();
        if (!fact.columns.isEmpty() && random.nextBoolean()) {
            items.add("count(t." + fact.columns.get(random.nextInt(fact.columns.size())).name() + ")");
        }
        if (!numbers.isEmpty()) {
            RandomTable.Column number = numbers.get(random.nextInt(numbers.size()));
            String c = "t." + number.name();
            // DuckDB 1.4.4 wraps a sum at 2^64 in a join's aggregate (sums of 223 and of 4,000 values near
            // 2^60 came out as the true sums mod 2^64, with and without FILTER), so sums go over columns of
            // smaller values; averages of any.
            boolean summable = !number.mode().equals("extreme");
            items.add((summable && random.nextBoolean() ? "sum(" : "avg(") + c + ")");
            if (random.nextInt(4) == 0 && summable) {
                items.add("sum(" + c + ") FILTER (WHERE " + onFact.predicate(2) + ")");
            }
        }
        if (!ordered.isEmpty() && random.nextBoolean()) {
            items.add((random.nextBoolean() ? "min(t." : "max(t.") + ordered.get(random.nextInt(ordered.size())).name() + ")");
        }
        if (hashOnly) {
            items.add(random.nextBoolean() ? "count(d.id)" : "count(d." + key + ")");
            switch (random.nextInt(5)) {
                case 0 -> items.add("sum(d.w)");
                case 1 -> items.add("count(DISTINCT d.g)");
                case 2 -> items.add("max(d.w) FILTER (WHERE " + onDimension.predicate(2) + ")");
                case 3 -> {
                    List<RandomTable.Column> medians = fact.columns.stream()
                            .filter(c -> c.type() == FieldType.INT || c.type() == FieldType.TIMESTAMP).toList();
                    items.add(medians.isEmpty() ? "avg(d.w)" : "median(t." + medians.get(random.nextInt(medians.size())).name() + ")");
                }
                default -> items.add("count(DISTINCT t.id)");
            }
        }
        if (chain && hashOnly && random.nextBoolean()) {
            items.add("sum(e.h)");
        }
        return items;
    }

    private RandomQueries.Generated listing(String from, String where, boolean chain, boolean star) {
        List<String> items = new ArrayList<>();
        String ties = (chain ? ", e.id" : "") + (star ? ", d2.id" : "");
        String order = " ORDER BY t.id, d.id" + ties;
        if (random.nextInt(5) == 0) {
            items.add("*");
        } else {
            items.add("t.id");
            for (RandomTable.Column column : fact.columns) {
                if (random.nextBoolean()) {
                    items.add("t." + column.name());
                }
            }
            items.add("d.g");
            items.add(random.nextBoolean() ? "d.w AS weight" : "d." + key);
            items.add("d.id");
            if (chain) {
                items.add("e.id");
                items.add("e.h");
            }
        }
        if (random.nextInt(4) == 0) {
            return new RandomQueries.Generated("SELECT " + String.join(", ", items) + " FROM " + from + where, false);
        }
        String limit = random.nextInt(3) == 0 ? " LIMIT " + random.nextInt(20) : "";
        if (random.nextInt(4) == 0) {
            order = " ORDER BY d.w DESC NULLS FIRST, t.id, d.id" + ties;
        }
        return new RandomQueries.Generated("SELECT " + String.join(", ", items) + " FROM " + from + where + order + limit, true);
    }
}
