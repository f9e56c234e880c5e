package dev.big.db.sql;

import dev.big.db.FieldType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Random statements from the whole subset over a {@link RandomTable}: counts, aggregate lists,
 * distinct counts, group-bys with every ORDER BY form, point reads, id-ordered listings with
 * cursors; predicates of every kind nested with AND, OR, NOT, with and without parentheses (so
 * precedence is tested too), literals on either side, identifiers in other cases, quoted or
 * qualified. Every statement is also valid DuckDB SQL with the same meaning.
 *
 * <p>{@link Generated#ordered} says whether SQL fixes the order of the rows (an ORDER BY that
 * decides every tie): only then does the test compare in order, and only then does a statement
 * get a LIMIT, which would otherwise make the answer itself open.
 */
final class RandomQueries {

    /** A statement and whether its row order is fully determined. */
    record Generated(String sql, boolean ordered) {}

    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private final Random random;
    private final RandomTable table;
    private final List<RandomTable.Column> ints;
    private final List<RandomTable.Column> integers;
    private final List<RandomTable.Column> keyed;
    final String tableRef;
    private final RandomGroupQueries groups;
    private final String alias;
    /** Whether every column is written qualified with {@link #alias} (conditions on one table of a join). */
    private final boolean qualified;

    RandomQueries(Random random, RandomTable table) {
        this(random, table, true);
    }

    /** A generator of conditions on {@code table} as a table of a join, every column qualified with {@code qualifier}. */
    static RandomQueries qualified(Random random, RandomTable table, String qualifier) {
        return new RandomQueries(random, table, qualifier);
    }

    private RandomQueries(Random random, RandomTable table, String qualifier) {
        this.random = random;
        this.table = table;
        this.ints = table.columns.stream().filter(c -> c.type() == FieldType.INT || c.type() == FieldType.DECIMAL).toList();
        this.integers = table.columns.stream().filter(c -> c.type().isInteger()).toList();
        this.keyed = table.columns(FieldType.KEYED);
        this.alias = qualifier;
        this.qualified = true;
        this.tableRef = table.name + " " + qualifier;
        this.groups = new RandomGroupQueries(random, table, this);
    }

    /** @param aliases whether statements may give the table an alias (writes never do) */
    RandomQueries(Random random, RandomTable table, boolean aliases) {
        this.random = random;
        this.table = table;
        this.ints = table.columns.stream().filter(c -> c.type() == FieldType.INT || c.type() == FieldType.DECIMAL).toList();
        this.integers = table.columns.stream().filter(c -> c.type().isInteger()).toList();
        this.keyed = table.columns(FieldType.KEYED);
        this.alias = random.nextInt(4) == 0 && aliases ? "x" : null;
        this.qualified = false;
        this.tableRef = table.name + (alias != null ? (random.nextBoolean() ? " AS " : " ") + alias : "");
        this.groups = new RandomGroupQueries(random, table, this);
    }

    Generated next() {
        if (random.nextInt(100) < 45) {
            return groups.next();
        }
        int shape = random.nextInt(100);
        if (shape < 18) {
            return new Generated("SELECT count(*) FROM " + tableRef + where(), true);
        }
        if (shape < 38) {
            return aggregates();
        }
        if (shape < 43 && !keyed.isEmpty()) {
            return new Generated("SELECT count(DISTINCT " + column(pick(keyed).name()) + ") FROM " + tableRef + where(), true);
        }
        if (shape < 68 && !keyed.isEmpty()) {
            return groupBy();
        }
        return listing();
    }

    // ------------------------------------------------------------------ shapes

    private Generated aggregates() {
        List<String> items = new ArrayList<>();
        int n = 1 + random.nextInt(4);
        for (int i = 0; i < n; i++) {
            items.add(aggregate() + (random.nextInt(3) == 0 ? " AS a" + i : ""));
        }
        String sql = "SELECT " + String.join(", ", items) + " FROM " + tableRef + where();
        if (random.nextInt(8) == 0) {
            sql += " LIMIT " + random.nextInt(2);
        }
        return new Generated(sql, true);
    }

    /** count(*), count(f), count(DISTINCT keyed), sum/avg of an int, min/max of an int or timestamp. */
    private String aggregate() {
        int kind = random.nextInt(6);
        if (kind == 1 && !table.columns.isEmpty()) {
            return "count(" + column(random.nextInt(5) == 0 ? "id" : pick(table.columns).name()) + ")";
        }
        if (kind == 2 && !keyed.isEmpty()) {
            return "count(DISTINCT " + column(pick(keyed).name()) + ")";
        }
        if (kind == 3 && !ints.isEmpty()) {
            return (random.nextBoolean() ? "sum(" : "avg(") + column(pick(ints).name()) + ")";
        }
        if (kind >= 4 && !integers.isEmpty()) {
            return (random.nextBoolean() ? "min(" : "max(") + column(pick(integers).name()) + ")";
        }
        return random.nextInt(5) == 0 ? "COUNT(*)" : "count(*)";
    }

    private Generated groupBy() {
        RandomTable.Column key = pick(keyed);
        String k = column(key.name());
        List<String> items = new ArrayList<>();
        boolean keySelected = random.nextInt(10) > 0;
        if (keySelected) {
            items.add(k);
        }
        boolean countAliased = random.nextInt(4) > 0;
        items.add("count(*)" + (countAliased ? " AS n" : ""));
        List<String> extras = new ArrayList<>();
        int n = random.nextInt(3);
        for (int i = 0; i < n; i++) {
            String aggregate = groupAggregate(key);
            extras.add(aggregate);
            items.add(aggregate + (random.nextBoolean() ? " AS v" + i : ""));
        }
        String sql = "SELECT " + String.join(", ", items) + " FROM " + tableRef + where() + " GROUP BY " + k;
        String countRef = countAliased && random.nextBoolean() ? "n" : "count(*)";
        String order;
        boolean total;
        switch (random.nextInt(8)) {
            case 0, 1 -> {
                order = countRef + " DESC, " + k;
                total = true;
            }
            case 2 -> {
                order = k + nulls();
                total = true;
            }
            case 3 -> {
                order = k + " DESC" + nulls();
                total = true;
            }
            case 4 -> {
                order = (extras.isEmpty() ? "count(*)" : pick(extras)) + (random.nextBoolean() ? " DESC" : "") + nulls() + ", " + k
                        + (random.nextBoolean() ? " DESC" : "");
                total = true;
            }
            case 5 -> {
                order = keySelected ? (items.size()) + " DESC, 1" : countRef + ", " + k;
                total = true;
            }
            case 6 -> {
                order = countRef + (random.nextBoolean() ? " DESC" : "");
                total = false;
            }
            default -> {
                order = null;
                total = false;
            }
        }
        if (order != null) {
            sql += " ORDER BY " + order;
        }
        if (total && random.nextBoolean()) {
            sql += " LIMIT " + random.nextInt(12);
        }
        return new Generated(sql, total);
    }

    private String groupAggregate(RandomTable.Column key) {
        int kind = random.nextInt(5);
        if (kind == 0 && !ints.isEmpty()) {
            return (random.nextBoolean() ? "sum(" : "avg(") + column(pick(ints).name()) + ")";
        }
        if (kind == 1 && !integers.isEmpty()) {
            return (random.nextBoolean() ? "min(" : "max(") + column(pick(integers).name()) + ")";
        }
        if (kind == 2) {
            return "count(" + column(pick(table.columns).name()) + ")";
        }
        if (kind == 3) {
            return "count(DISTINCT " + column(key.name()) + ")";
        }
        return "count(*)";
    }

    String nulls() {
        return switch (random.nextInt(4)) {
            case 0 -> " NULLS FIRST";
            case 1 -> " NULLS LAST";
            default -> "";
        };
    }

    private Generated listing() {
        String columns = projection();
        int form = random.nextInt(6);
        if (form == 0) {
            return new Generated("SELECT " + columns + " FROM " + tableRef + " WHERE " + column("id") + " = " + someId(), true);
        }
        if (form == 1 || form == 2) {
            boolean ascending = form == 1;
            long at = random.nextInt(8) == 0 ? -1 - random.nextInt(3) : someId();
            String cursor = column("id") + (ascending ? pick(List.of(" > ", " >= ")) : pick(List.of(" < ", " <= "))) + at;
            String where = random.nextInt(3) == 0 ? cursor : cursor + " AND " + wrapped(predicate(1));
            return new Generated("SELECT " + columns + " FROM " + tableRef + " WHERE " + where + " ORDER BY " + column("id")
                    + (ascending ? (random.nextBoolean() ? " ASC" : "") : " DESC") + " LIMIT " + random.nextInt(40), true);
        }
        if (form == 3 && table.rows.size() <= 1500) {
            return new Generated("SELECT " + columns + " FROM " + tableRef + where(), false);
        }
        String order = random.nextBoolean() ? "" : " DESC";
        String limit = form == 4 && table.rows.size() <= 1500 ? "" : " LIMIT " + (random.nextInt(10) == 0 ? 5000 : random.nextInt(60));
        return new Generated("SELECT " + columns + " FROM " + tableRef + where() + " ORDER BY " + column("id") + order + limit,
                true);
    }

    String projection() {
        if (random.nextInt(3) == 0) {
            return random.nextInt(6) == 0 ? "*, " + column("id") : "*";
        }
        List<String> names = new ArrayList<>();
        names.add("id");
        table.columns.forEach(c -> names.add(c.name()));
        List<String> chosen = new ArrayList<>();
        int n = 1 + random.nextInt(names.size());
        for (int i = 0; i < n; i++) {
            chosen.add(column(pick(names)) + (random.nextInt(5) == 0 ? " AS c" + i : ""));
        }
        return String.join(", ", chosen);
    }

    // ------------------------------------------------------------------ predicates

    String where() {
        return random.nextInt(5) == 0 ? "" : " WHERE " + predicate(0);
    }

    private String wrapped(String predicate) {
        return "(" + predicate + ")";
    }

    String predicate(int depth) {
        int kind = random.nextInt(depth >= 3 ? 10 : 15);
        return switch (kind) {
            case 10, 11 -> {
                String left = predicate(depth + 1);
                String right = predicate(depth + 1);
                yield random.nextBoolean() ? left + " AND " + right : wrapped(left) + " AND " + wrapped(right);
            }
            case 12 -> {
                String left = predicate(depth + 1);
                String right = predicate(depth + 1);
                yield random.nextBoolean() ? left + " OR " + right : wrapped(left) + " OR " + wrapped(right);
            }
            case 13 -> "NOT " + (random.nextBoolean() ? wrapped(predicate(depth + 1)) : atom());
            case 14 -> wrapped(predicate(depth + 1));
            default -> atom();
        };
    }

    private String atom() {
        if (table.columns.isEmpty() || random.nextInt(12) == 0) {
            return idAtom();
        }
        if (random.nextInt(10) == 0) {
            RandomTable.Column left = pick(table.columns);
            List<RandomTable.Column> same = table.columns.stream().filter(c -> c.type() == left.type() && c.def().scale() == left.def().scale()).toList();
            RandomTable.Column right = pick(same);
            String ops = left.type().isInteger() ? "=|!=|<>|<|<=|>|>=" : "=|!=|<>";
            if (left.type() != FieldType.SET) {
                return column(left.name()) + " " + pick(List.of(ops.split("\\|"))) + " " + column(right.name());
            }
        }
        RandomTable.Column column = pick(table.columns);
        String c = column(column.name());
        return switch (column.type()) {
            case INT -> integerAtom(c, () -> intLiteral(column));
            case TIMESTAMP -> integerAtom(c, () -> timestampLiteral(column));
            case DECIMAL -> integerAtom(c, () -> decimalLiteral(column));
            case BOOL -> switch (random.nextInt(8)) {
                case 0 -> c;
                case 1 -> "NOT " + c;
                case 2 -> c + " = " + bool();
                case 3 -> bool() + " = " + c;
                case 4 -> c + (random.nextBoolean() ? " != " : " <> ") + bool();
                case 5 -> c + " IN (" + bool() + ")";
                default -> c + (random.nextBoolean() ? " IS NULL" : " IS NOT NULL");
            };
            case KEYED -> switch (random.nextInt(7)) {
                case 0, 1 -> c + " = " + stringLiteral(column);
                case 2 -> stringLiteral(column) + " = " + c;
                case 3 -> c + (random.nextBoolean() ? " != " : " <> ") + stringLiteral(column);
                case 4 -> c + (random.nextBoolean() ? " NOT IN (" : " IN (") + list(() -> stringLiteral(column)) + ")";
                default -> c + (random.nextBoolean() ? " IS NULL" : " IS NOT NULL");
            };
            case SET -> switch (random.nextInt(6)) {
                case 0, 1, 2 -> pick(List.of("list_contains", "list_has", "array_contains", "array_has", "LIST_CONTAINS"))
                        + "(" + c + ", " + stringLiteral(column) + ")";
                case 3 -> "NOT list_contains(" + c + ", " + stringLiteral(column) + ")";
                default -> c + (random.nextBoolean() ? " IS NULL" : " IS NOT NULL");
            };
        };
    }

    private String idAtom() {
        String id = column("id");
        return switch (random.nextInt(7)) {
            case 0 -> id + " = " + someId();
            case 1 -> id + " " + pick(List.of("<", "<=", ">", ">=", "!=", "<>")) + " " + someId();
            case 2 -> id + (random.nextBoolean() ? " NOT BETWEEN " : " BETWEEN ") + someId() + " AND " + someId();
            case 3 -> id + (random.nextBoolean() ? " NOT IN (" : " IN (") + list(() -> Long.toString(someId())) + ")";
            case 4 -> someId() + " < " + id;
            case 5 -> id + " IS NOT NULL";
            default -> id + " > " + (random.nextInt(3) == 0 ? -1 - random.nextInt(10) : someId());
        };
    }

    private String integerAtom(String c, Supplier<String> literal) {
        return switch (random.nextInt(9)) {
            case 0, 1, 2 -> c + " " + pick(List.of("=", "!=", "<>", "<", "<=", ">", ">=")) + " " + literal.get();
            case 3 -> literal.get() + " " + pick(List.of("=", "<", "<=", ">", ">=")) + " " + c;
            case 4, 5 -> c + (random.nextInt(4) == 0 ? " NOT BETWEEN " : " BETWEEN ") + literal.get() + " AND " + literal.get();
            case 6 -> c + (random.nextBoolean() ? " NOT IN (" : " IN (") + list(literal) + ")";
            default -> c + (random.nextBoolean() ? " IS NULL" : " IS NOT NULL");
        };
    }

    private String list(Supplier<String> literal) {
        List<String> values = new ArrayList<>();
        int n = 1 + random.nextInt(4);
        for (int i = 0; i < n; i++) {
            values.add(literal.get());
        }
        return String.join(", ", values);
    }

    // ------------------------------------------------------------------ literals

    private Object sample(RandomTable.Column column) {
        if (table.rows.isEmpty()) {
            return null;
        }
        Map<String, Object> row = table.rows.get(table.existingId());
        return row.get(column.name());
    }

    String intLiteral(RandomTable.Column column) {
        Object sampled = sample(column);
        long value = switch (random.nextInt(6)) {
            case 0, 1 -> sampled instanceof Long l ? l : random.nextInt(21) - 10;
            case 2 -> (sampled instanceof Long l ? l : 0) + (random.nextBoolean() ? 1 : -1);
            case 3 -> pick(List.of(0L, 1L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, 1L << 40, 1_000_000L,
                    -(1L << 62)));
            case 4 -> column.def().min() != null ? pick(List.of(column.def().min(), column.def().max(), column.def().min() - 1,
                    column.def().max() + 1)) : random.nextInt(2001) - 1000;
            default -> random.nextInt(2001) - 1000;
        };
        if (value == Long.MIN_VALUE) {
            return "-9223372036854775808";
        }
        return Long.toString(value);
    }

    /**
     * A number for a decimal column: a stored value, one step of its scale beside it, half a step
     * beside it (more digits than the scale: never stored, compared exactly), an integer, an edge.
     */
    private String decimalLiteral(RandomTable.Column column) {
        int scale = column.def().scale();
        BigDecimal sampled = sample(column) instanceof BigDecimal d ? d : BigDecimal.valueOf(random.nextInt(41) - 20, scale);
        BigDecimal step = BigDecimal.ONE.movePointLeft(scale);
        BigDecimal value = switch (random.nextInt(7)) {
            case 0, 1 -> sampled;
            case 2 -> random.nextBoolean() ? sampled.add(step) : sampled.subtract(step);
            case 3 -> sampled.add(step.divide(BigDecimal.TWO).multiply(BigDecimal.valueOf(random.nextBoolean() ? 1 : -1)));
            case 4 -> BigDecimal.valueOf(random.nextInt(201) - 100);
            case 5 -> pick(List.of(BigDecimal.ZERO, new BigDecimal("999999999999999999").movePointLeft(scale),
                    new BigDecimal("-1000000000000000000").movePointLeft(scale), new BigDecimal("0.5"), new BigDecimal("-0.25")));
            default -> BigDecimal.valueOf(random.nextInt(2001) - 1000, Math.min(scale, 3));
        };
        String text = value.toPlainString();
        // An integer-valued decimal written with a point stays a decimal literal; without one it is an integer literal.
        return value.scale() > 0 || random.nextBoolean() ? text : text + ".0";
    }

    String timestampLiteral(RandomTable.Column column) {
        Object sampled = sample(column);
        long millis = sampled instanceof Instant instant ? instant.toEpochMilli() : RandomTable.TS_BASE;
        millis += switch (random.nextInt(5)) {
            case 0, 1 -> 0;
            case 2 -> random.nextBoolean() ? 1 : -1;
            case 3 -> random.nextInt(7_200_001) - 3_600_000;
            default -> (long) random.nextInt(2001) * 1000 - 1_000_000;
        };
        Instant instant = Instant.ofEpochMilli(millis);
        String text = (millis % 1000 == 0 && random.nextBoolean() ? SECONDS : MILLIS).format(instant);
        return switch (random.nextInt(5)) {
            case 0 -> "'" + text + "'";
            case 1 -> "'" + text + "'::TIMESTAMP";
            case 2 -> "CAST('" + text + "' AS TIMESTAMP)";
            default -> (random.nextBoolean() ? "TIMESTAMP '" : "timestamp '") + text + "'";
        };
    }

    private String stringLiteral(RandomTable.Column column) {
        String value = random.nextInt(8) == 0 || column.vocabulary().isEmpty() ? pick(List.of("nope", "A", "t9", "zz"))
                : pick(column.vocabulary());
        return DuckDbMirror.quote(value);
    }

    private String bool() {
        return pick(List.of("true", "false", "TRUE", "FALSE"));
    }

    private long someId() {
        if (table.rows.isEmpty() || random.nextInt(5) == 0) {
            return random.nextInt(5) == 0 ? random.nextInt(3 << 20) : random.nextInt(50);
        }
        long id = table.existingId();
        return id + (random.nextInt(3) == 0 ? random.nextInt(3) - 1 : 0);
    }

    // ------------------------------------------------------------------ identifiers

    /** A column reference: as declared, in other case, quoted, or qualified with the table or its alias. */
    String column(String name) {
        if (qualified) {
            return alias + "." + (random.nextInt(6) == 0 ? "\"" + name + "\"" : name);
        }
        return switch (random.nextInt(12)) {
            case 0 -> name.toUpperCase(Locale.ROOT);
            case 1 -> "\"" + name + "\"";
            case 2 -> (alias != null ? alias : table.name) + "." + name;
            default -> name;
        };
    }

    <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }
}
