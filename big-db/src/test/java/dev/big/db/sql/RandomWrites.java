package dev.big.db.sql;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * Random INSERT, UPDATE and DELETE statements on a {@link RandomTable}, valid in big's SQL and in
 * DuckDB's with the same effect: inserts of 1 to 4 records at ids no record had (DuckDB's mirror
 * has no key, so an existing id would be a second row there and a refusal in big), a random subset
 * of the columns in random order, values drawn from each field's distribution or NULL; updates of
 * one to three fields to such values; deletes; each UPDATE and DELETE under a random WHERE of the
 * whole subset (rarely none). Sets are written sorted and without repeats, as big keeps them.
 */
final class RandomWrites {

    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss.SSS")
            .withZone(ZoneOffset.UTC);

    private final Random random;
    private final RandomTable table;
    private final RandomQueries conditions;
    private long nextId;

    RandomWrites(Random random, RandomTable table) {
        this.random = random;
        this.table = table;
        this.conditions = new RandomQueries(random, table, false);
        this.nextId = table.rows.isEmpty() ? random.nextInt(1000) : table.rows.lastKey() + 1;
    }

    String next() {
        int shape = random.nextInt(10);
        if (shape < 4 || table.columns.isEmpty()) {
            return insert();
        }
        return shape < 7 ? update() : delete();
    }

    private String insert() {
        List<RandomTable.Column> columns = new ArrayList<>(table.columns);
        java.util.Collections.shuffle(columns, random);
        columns = columns.subList(0, random.nextInt(columns.size() + 1));
        StringBuilder sql = new StringBuilder("INSERT INTO " + table.name + " (id");
        columns.forEach(c -> sql.append(", ").append(c.name()));
        sql.append(") VALUES ");
        int rows = 1 + random.nextInt(4);
        for (int r = 0; r < rows; r++) {
            long id = nextId;
            nextId += 1 + (random.nextBoolean() ? 0 : random.nextInt(100_000));
            sql.append(r == 0 ? "(" : ", (").append(id);
            for (RandomTable.Column column : columns) {
                sql.append(", ").append(value(column));
            }
            sql.append(')');
        }
        return sql.toString();
    }

    private String update() {
        List<RandomTable.Column> columns = new ArrayList<>(table.columns);
        java.util.Collections.shuffle(columns, random);
        columns = columns.subList(0, 1 + random.nextInt(Math.min(3, columns.size())));
        List<String> sets = new ArrayList<>();
        for (RandomTable.Column column : columns) {
            sets.add(column.name() + " = " + value(column));
        }
        return "UPDATE " + table.name + " SET " + String.join(", ", sets) + where();
    }

    private String delete() {
        return "DELETE FROM " + table.name + where();
    }

    private String where() {
        return random.nextInt(40) == 0 ? "" : " WHERE " + conditions.predicate(0);
    }

    private String value(RandomTable.Column column) {
        return random.nextInt(6) == 0 ? "NULL" : literal(table.draw(column));
    }

    static String literal(Object value) {
        return switch (value) {
            case null -> "NULL";
            case Instant instant -> "TIMESTAMP '" + MILLIS.format(instant) + "'";
            case BigDecimal decimal -> decimal.toPlainString();
            case String s -> DuckDbMirror.quote(s);
            case Collection<?> set -> set.stream().map(v -> (String) v).sorted().distinct().map(DuckDbMirror::quote)
                    .collect(Collectors.joining(", ", "[", "]"));
            default -> value.toString();
        };
    }
}
