package dev.big.db.sql;

import dev.big.db.FieldType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random statements of the grouped and computed forms: GROUP BY one to four keys (keyed, bool and
 * int columns, {@code date_trunc} to every unit, {@code time_bucket}, calendar parts in all their
 * spellings, {@code v // k}), written out, by alias or by position; aggregates of every kind with
 * and without {@code FILTER (WHERE p)}, {@code median}, {@code quantile_disc}, count(DISTINCT) of
 * every column kind; arithmetic of aggregates and constants and {@code round}; HAVING; ORDER BY
 * every key (so the order is total) in either direction with NULLS FIRST / LAST, after an integer
 * aggregate or not; LIMIT. Every statement is valid DuckDB SQL with the same meaning, and avoids
 * what the two engines may compute a last bit apart and then round or order differently (an
 * average is never rounded or sorted by).
 */
final class RandomGroupQueries {

    private final Random random;
    private final RandomTable table;
    private final RandomQueries base;
    private final List<RandomTable.Column> ints;
    private final List<RandomTable.Column> timestamps;
    private final List<RandomTable.Column> integers;
    private final List<RandomTable.Column> groupable;
    private final List<RandomTable.Column> distinctable;

    RandomGroupQueries(Random random, RandomTable table, RandomQueries base) {
        this.random = random;
        this.table = table;
        this.base = base;
        this.ints = table.columns(FieldType.INT);
        this.timestamps = table.columns(FieldType.TIMESTAMP);
        this.integers = table.columns.stream().filter(c -> c.type().isInteger()).toList();
        this.groupable = table.columns.stream().filter(c -> c.type() != FieldType.SET).toList();
        this.distinctable = groupable;
    }

    /** A key: its expression and whether its values are numbers (so arithmetic may use it). */
    private record Key(String sql, boolean numeric) {}

    /** A select item: its text and whether ORDER BY may sort by it without an order the engines could disagree on. */
    private record Item(String sql, boolean sortable) {}

    RandomQueries.Generated next() {
        if (!integers.isEmpty() && random.nextInt(4) == 0) {
            return topN();
        }
        List<Key> keys = new ArrayList<>();
        int wanted = groupable.isEmpty() ? 0 : random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(random.nextBoolean() ? 2 : 4);
        for (int i = 0; i < wanted; i++) {
            Key key = key();
            if (keys.stream().noneMatch(k -> k.sql().equals(key.sql()))) {
                keys.add(key);
            }
        }
        List<String> select = new ArrayList<>();
        List<String> groupBy = new ArrayList<>();
        List<String> keyRefs = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            Key key = keys.get(i);
            boolean selected = random.nextInt(6) > 0;
            String alias = "k" + i;
            boolean aliased = selected && random.nextBoolean();
            if (selected) {
                select.add(key.sql() + (aliased ? " AS " + alias : ""));
            }
            int position = select.size();
            groupBy.add(switch (random.nextInt(3)) {
                case 0 -> selected ? Integer.toString(position) : key.sql();
                case 1 -> aliased ? alias : key.sql();
                default -> key.sql();
            });
            keyRefs.add(switch (random.nextInt(3)) {
                case 0 -> selected ? Integer.toString(position) : key.sql();
                case 1 -> aliased ? alias : key.sql();
                default -> key.sql();
            });
        }
        List<Item> items = new ArrayList<>();
        int n = 1 + random.nextInt(4);
        for (int i = 0; i < n; i++) {
            Item item = item(keys);
            items.add(item);
            select.add(item.sql() + (random.nextInt(3) == 0 ? " AS a" + i : ""));
        }
        StringBuilder sql = new StringBuilder("SELECT ").append(String.join(", ", select)).append(" FROM ")
                .append(base.tableRef).append(base.where());
        if (!keys.isEmpty()) {
            sql.append(" GROUP BY ").append(String.join(", ", groupBy));
        }
        if (random.nextInt(3) == 0) {
            sql.append(" HAVING ").append(having(0));
        }
        boolean ordered = keys.isEmpty();
        if (!keys.isEmpty() && random.nextInt(4) > 0) {
            List<String> order = new ArrayList<>();
            List<Item> sortable = items.stream().filter(Item::sortable).toList();
            if (!sortable.isEmpty() && random.nextInt(3) == 0) {
                order.add(base.pick(sortable).sql() + (random.nextBoolean() ? " DESC" : "") + base.nulls());
            }
            List<String> refs = new ArrayList<>(keyRefs);
            java.util.Collections.shuffle(refs, random);
            for (String ref : refs) {
                order.add(ref + (random.nextBoolean() ? " DESC" : "") + base.nulls());
            }
            sql.append(" ORDER BY ").append(String.join(", ", order));
            ordered = true;
        }
        if (ordered && random.nextInt(3) == 0) {
            sql.append(" LIMIT ").append(random.nextInt(12));
        }
        return new RandomQueries.Generated(sql.toString(), ordered);
    }

    /**
     * {@code SELECT ... ORDER BY v [ASC|DESC] [NULLS FIRST|LAST], id [ASC|DESC] [LIMIT k]}, or
     * without the id (then without LIMIT, since ties make the rows a LIMIT keeps open).
     */
    private RandomQueries.Generated topN() {
        String v = base.column(base.pick(integers).name());
        String order = v + (random.nextBoolean() ? " DESC" : random.nextBoolean() ? " ASC" : "") + base.nulls();
        boolean byId = random.nextInt(5) > 0;
        String sql = "SELECT " + base.projection() + " FROM " + base.tableRef + base.where() + " ORDER BY " + order;
        if (byId) {
            sql += ", " + base.column("id") + (random.nextBoolean() ? " DESC" : "");
            if (random.nextInt(5) > 0) {
                sql += " LIMIT " + base.pick(List.of(0, 1, 3, 10, 50, 5000));
            }
        }
        return new RandomQueries.Generated(sql, byId);
    }

    private Key key() {
        RandomTable.Column column = base.pick(groupable);
        String c = base.column(column.name());
        return switch (column.type()) {
            case INT -> random.nextBoolean() ? new Key(c, true)
                    : new Key(c + " // " + base.pick(List.of(1, 2, 3, 10, 7, 1000, 65536, 1 << 20)), true);
            case TIMESTAMP -> timestampKey(c);
            default -> new Key(c, false);
        };
    }

    private Key timestampKey(String c) {
        return switch (random.nextInt(7)) {
            case 0, 1 -> new Key("date_trunc('" + base.pick(List.of("minute", "hour", "day", "week", "month", "quarter", "year"))
                    + "', " + c + ")", false);
            case 2 -> new Key("time_bucket(INTERVAL '" + base.pick(List.of("15 minutes", "1 hour", "5 hours", "1 day", "3 days",
                    "7 minutes", "2 weeks")) + "', " + c + ")", false);
            case 3 -> new Key("extract(" + base.pick(List.of("hour", "dow", "day", "month", "year", "minute", "isodow",
                    "quarter", "doy", "week")) + " FROM " + c + ")", true);
            case 4 -> new Key("date_part('" + base.pick(List.of("hour", "dow", "day", "month", "year")) + "', " + c + ")", true);
            case 5 -> new Key(base.pick(List.of("hour", "dayofweek", "day", "month", "year", "minute", "dayofyear"))
                    + "(" + c + ")", true);
            default -> new Key(c, false);
        };
    }

    private Item item(List<Key> keys) {
        int kind = random.nextInt(12);
        if (kind == 0 && !ints.isEmpty()) {
            return new Item("sum(" + base.column(base.pick(ints).name()) + ") / count(*)", false);
        }
        if (kind == 1) {
            String share = "100.0 * count(*) FILTER (WHERE " + base.predicate(1) + ") / count(*)";
            return new Item(random.nextBoolean() ? share : "round(" + share + ", " + random.nextInt(3) + ")", false);
        }
        if (kind == 2) {
            return new Item(base.pick(List.of("count(*) * 2", "count(*) + 0.5", "count(*) // 3", "count(*) % 3",
                    "2.50 * count(*)", "-count(*)", "count(*) - 1")), true);
        }
        if (kind == 3 && !keys.isEmpty() && keys.stream().anyMatch(Key::numeric)) {
            Key key = base.pick(keys.stream().filter(Key::numeric).toList());
            // Numeric keys are small here (parts, buckets of ints) or any int: keep to operations that cannot overflow.
            return new Item(!key.sql().contains("//") && key.sql().contains("(") ? "(" + key.sql() + ") * 2" : "count(*) + 1", true);
        }
        if (kind == 4 && !integers.isEmpty()) {
            RandomTable.Column column = base.pick(integers);
            String c = base.column(column.name());
            // median of a decimal is refused (DuckDB's is a DECIMAL, not answered yet): quantile_disc it is.
            boolean median = column.type() != FieldType.DECIMAL && random.nextBoolean();
            return new Item(median ? "median(" + c + ")" : "quantile_disc(" + c + ", "
                    + base.pick(List.of("0.5", "0.99", "0.0", "1.0", "0.25", "0.1")) + ")", false);
        }
        if (kind == 5 && !ints.isEmpty()) {
            return new Item("round(median(" + base.column(base.pick(ints).name()) + "), " + random.nextInt(2) + ")", false);
        }
        if (kind == 6 && !distinctable.isEmpty()) {
            return new Item("count(DISTINCT " + base.column(base.pick(distinctable).name()) + ")", true);
        }
        return aggregate(random.nextInt(4) == 0);
    }

    /** A plain aggregate, with FILTER when {@code filtered}. */
    private Item aggregate(boolean filtered) {
        String filter = filtered ? " FILTER (WHERE " + base.predicate(1) + ")" : "";
        int kind = random.nextInt(6);
        if (kind == 1 && !table.columns.isEmpty()) {
            return new Item("count(" + base.column(random.nextInt(5) == 0 ? "id" : base.pick(table.columns).name()) + ")" + filter,
                    true);
        }
        if (kind == 2 && !ints.isEmpty()) {
            boolean sum = random.nextBoolean();
            return new Item((sum ? "sum(" : "avg(") + base.column(base.pick(ints).name()) + ")" + filter, sum);
        }
        if (kind >= 3 && !integers.isEmpty()) {
            return new Item((random.nextBoolean() ? "min(" : "max(") + base.column(base.pick(integers).name()) + ")" + filter, true);
        }
        return new Item("count(*)" + filter, true);
    }

    private String having(int depth) {
        int kind = random.nextInt(depth >= 2 ? 6 : 9);
        return switch (kind) {
            case 6 -> having(depth + 1) + " AND " + having(depth + 1);
            case 7 -> "(" + having(depth + 1) + " OR " + having(depth + 1) + ")";
            case 8 -> "NOT (" + having(depth + 1) + ")";
            default -> {
                if (kind == 0 && !ints.isEmpty()) {
                    yield "sum(" + base.column(base.pick(ints).name()) + ") " + comparison() + " " + (random.nextInt(2001) - 1000);
                }
                if (kind == 1 && !integers.isEmpty()) {
                    RandomTable.Column c = base.pick(integers);
                    yield "max(" + base.column(c.name()) + ") IS " + (random.nextBoolean() ? "NOT " : "") + "NULL";
                }
                if (kind == 2 && !ints.isEmpty()) {
                    RandomTable.Column c = base.pick(ints);
                    yield "min(" + base.column(c.name()) + ") " + comparison() + " " + base.intLiteral(c);
                }
                yield "count(*) " + comparison() + " " + random.nextInt(table.rows.size() / 4 + 3);
            }
        };
    }

    private String comparison() {
        return base.pick(List.of("=", "<>", "<", "<=", ">", ">="));
    }
}
