package dev.big.reliability;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * SQL statements for {@code db.sql} on the {@link EventRecords} table, made from a seed: statements
 * of every shape of the subset (counts, aggregates, group-bys, listings, EXPLAIN) with random
 * conditions and literals of the right and the wrong types, then often broken: tokens deleted,
 * repeated, swapped or foreign (JOIN, UNION, OFFSET, DDL), characters inserted, the text cut short.
 * And pathological ones: parentheses thousands deep, IN lists of 100,000 values, long chains of
 * OR, literals of a million characters, random unicode, nothing at all.
 *
 * <p>Chains of AND/OR reach a few thousand terms: big answers up to 1,000 connectives and refuses
 * more (a few thousand once overflowed the stack; SqlErrorMessagesTest guards that case on its own).
 */
final class SqlInputs {

    static final int MAX_CHAIN_TERMS = 3_000;

    private static final String[] COLUMNS = {"id", "value", "kind", "flag", "at", "tags", "nope", "Value", "\"kind\"", "e.value"};
    private static final String[] COMPARISONS = {"=", "!=", "<>", "<", "<=", ">", ">=", "==", "=>"};
    private static final String[] AGGREGATES = {"count(*)", "count(value)", "count(DISTINCT kind)", "sum(value)", "avg(value)",
        "min(at)", "max(value)", "sum(kind)", "min(tags)", "count(DISTINCT value)", "median(value)", "count()"};
    private static final String[] VOCABULARY = {"SELECT", "FROM", "WHERE", "(", ")", ",", "AND", "OR", "NOT", "'x'", "1", "*",
        ";", "--", "/*", "JOIN", "OFFSET 5", "UNION", "NULL", "=", "<>", "IN", "BETWEEN", "GROUP BY", "ORDER BY", "LIMIT", "AS",
        "DISTINCT", "HAVING", "events", "e", "DROP TABLE events", "INSERT", "::", "TIMESTAMP", "CAST(", "?", ":x", "$1", "`"};

    String next(SplittableRandom random) {
        if (random.nextInt(12) == 0) {
            return pathological(random);
        }
        String statement = statement(random);
        if (random.nextInt(10) < 6) {
            statement = mutate(statement, random);
        }
        return statement;
    }

    private static String statement(SplittableRandom random) {
        String where = random.nextInt(4) == 0 ? "" : " WHERE " + predicate(random, 0);
        String explain = random.nextInt(10) == 0 ? "EXPLAIN " : "";
        return explain + switch (random.nextInt(4)) {
            case 0 -> "SELECT count(*) FROM events" + where;
            case 1 -> "SELECT " + aggregates(random) + " FROM events" + where + (random.nextBoolean() ? " LIMIT " + limit(random) : "");
            case 2 -> "SELECT kind, " + aggregates(random) + " AS n FROM events" + where + " GROUP BY " + pick(random, "kind", "kind",
                    "value", "tags", "flag") + (random.nextBoolean() ? " ORDER BY " + pick(random, "n DESC", "2", "kind", "count(*)",
                    "n NULLS FIRST", "3") : "") + (random.nextBoolean() ? " LIMIT " + limit(random) : "");
            default -> "SELECT " + pick(random, "*", "id", "id, value", "kind, tags, at", "*, id", "value AS v", "flag") + " FROM "
                    + pick(random, "events", "events", "events e", "nope", "events, events") + where
                    + (random.nextBoolean() ? " ORDER BY " + pick(random, "id", "id DESC", "id ASC", "value", "kind DESC") : "")
                    + (random.nextBoolean() ? " LIMIT " + limit(random) : "");
        };
    }

    private static String aggregates(SplittableRandom random) {
        List<String> list = new ArrayList<>();
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            list.add(AGGREGATES[random.nextInt(AGGREGATES.length)]);
        }
        return String.join(", ", list);
    }

    private static String predicate(SplittableRandom random, int depth) {
        int kind = random.nextInt(depth > 3 ? 6 : 10);
        String column = COLUMNS[random.nextInt(COLUMNS.length)];
        return switch (kind) {
            case 0, 1 -> column + " " + COMPARISONS[random.nextInt(COMPARISONS.length)] + " " + literal(random);
            case 2 -> column + (random.nextBoolean() ? " NOT" : "") + " BETWEEN " + literal(random) + " AND " + literal(random);
            case 3 -> {
                List<String> values = new ArrayList<>();
                int n = random.nextInt(6);
                for (int i = 0; i < n; i++) {
                    values.add(literal(random));
                }
                yield column + (random.nextBoolean() ? " NOT" : "") + " IN (" + String.join(", ", values) + ")";
            }
            case 4 -> column + " IS " + (random.nextBoolean() ? "NOT " : "") + "NULL";
            case 5 -> pick(random, "list_contains(tags, 'a')", "list_has(tags, 'b')", "array_contains(kind, 'x')", "flag",
                    "NOT flag", "flag = true", "list_contains(tags)", "list_contains(tags, 1)", "abs(value) > 1", "value + 1 = 2",
                    "value = kind", "random() < 0.5");
            case 6 -> "NOT " + predicate(random, depth + 1);
            case 7 -> "(" + predicate(random, depth + 1) + ")";
            default -> predicate(random, depth + 1) + (random.nextBoolean() ? " AND " : " OR ") + predicate(random, depth + 1);
        };
    }

    private static String literal(SplittableRandom random) {
        return switch (random.nextInt(16)) {
            case 0 -> Long.toString(random.nextLong());
            case 1 -> Long.toString(random.nextLong(-1_000_000, 1_000_000));
            case 2 -> pick(random, "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-0", "0", "1.5",
                    "1e10", "0x1F", "99999999999999999999999999");
            case 3 -> "'k" + random.nextInt(20) + "'";
            case 4 -> pick(random, "''", "'it''s'", "'ключ-ü'", "'😀'", "'\u0000'", "'" + "z".repeat(random.nextInt(5000)) + "'",
                    "'unterminated", "\"double\"");
            case 5 -> "TIMESTAMP '" + pick(random, "2024-01-01 00:00:00", "2023-11-14 22:13:20.5", "2024-13-01 00:00:00",
                    "2024-02-30", "99999-01-01 00:00:00", "2024-01-01T00:00:00Z", "2024-01-01 00:00:00+02:00", "yesterday",
                    "1970-01-01", "2024-01-01 00:00:00.0001") + "'";
            case 6 -> pick(random, "true", "false", "NULL", "TRUE");
            case 7 -> pick(random, "CAST('2024-01-01' AS TIMESTAMP)", "'2024-01-01'::TIMESTAMP", "CAST(1 AS INT)", "DATE '2024-01-01'");
            default -> Integer.toString(random.nextInt(1000));
        };
    }

    private static String limit(SplittableRandom random) {
        return pick(random, "0", "1", "10", "1000000", "-1", "9223372036854775807", "99999999999999999999", "1.5", "'5'", "ALL");
    }

    private static String mutate(String statement, SplittableRandom random) {
        List<String> tokens = new ArrayList<>(Arrays.asList(statement.split(" ")));
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits && !tokens.isEmpty(); e++) {
            int at = random.nextInt(tokens.size());
            switch (random.nextInt(6)) {
                case 0 -> tokens.remove(at);
                case 1 -> tokens.add(at, tokens.get(at));
                case 2 -> {
                    int other = random.nextInt(tokens.size());
                    String t = tokens.get(at);
                    tokens.set(at, tokens.get(other));
                    tokens.set(other, t);
                }
                case 3 -> tokens.add(at, VOCABULARY[random.nextInt(VOCABULARY.length)]);
                case 4 -> {
                    String token = tokens.get(at);
                    int position = random.nextInt(token.length() + 1);
                    String inserts = "()',;\"*=\u0000é😀\\%_-";
                    char c = inserts.charAt(random.nextInt(inserts.length()));
                    tokens.set(at, token.substring(0, position) + c + token.substring(position));
                }
                default -> {
                    String text = String.join(" ", tokens);
                    return text.substring(0, random.nextInt(text.length() + 1));
                }
            }
        }
        return String.join(" ", tokens);
    }

    private static String pathological(SplittableRandom random) {
        return switch (random.nextInt(9)) {
            case 0 -> {
                int depth = new int[] {31, 32, 33, 100, 10_000}[random.nextInt(5)];
                yield "SELECT count(*) FROM events WHERE " + "(".repeat(depth) + "value = 1" + ")".repeat(depth);
            }
            case 1 -> {
                int n = new int[] {1_000, 10_000, 100_000}[random.nextInt(3)];
                StringBuilder in = new StringBuilder("SELECT count(*) FROM events WHERE value IN (");
                for (int i = 0; i < n; i++) {
                    in.append(i == 0 ? "" : ", ").append(random.nextLong(-1_000_000, 1_000_000));
                }
                yield in.append(')').toString();
            }
            case 2 -> {
                int n = 10 + random.nextInt(MAX_CHAIN_TERMS);
                String op = random.nextBoolean() ? " OR " : " AND ";
                yield "SELECT count(*) FROM events WHERE " + ("value = " + random.nextInt(100) + op).repeat(n) + "value = 0";
            }
            case 3 -> "SELECT count(*) FROM events WHERE kind = '" + "q".repeat(1_000_000) + "'";
            case 4 -> "SELECT count(*) FROM " + "t".repeat(100_000);
            case 5 -> {
                StringBuilder text = new StringBuilder();
                int n = random.nextInt(200);
                for (int i = 0; i < n; i++) {
                    text.appendCodePoint(random.nextInt(3) == 0 ? random.nextInt(0x10FFFF) : 32 + random.nextInt(95));
                }
                yield text.toString();
            }
            case 6 -> pick(random, "", " ", ";", ";;;", "--", "/*", "SELECT", "SELECT * FROM", "\u0000", "SELECT 1", "SELECT count(*)");
            case 7 -> "SELECT count(*) FROM events WHERE " + "NOT ".repeat(1 + random.nextInt(MAX_CHAIN_TERMS)) + "flag";
            default -> "SELECT " + "count(*), ".repeat(1 + random.nextInt(2_000)) + "count(*) FROM events";
        };
    }

    private static String pick(SplittableRandom random, String... options) {
        return options[random.nextInt(options.length)];
    }
}
