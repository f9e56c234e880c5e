package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.InvalidInputException;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What big says about SQL it does not answer: every message names the problem, quotes the part
 * of the statement it is in, and says what is supported. Malformed SQL points at the token where
 * parsing failed.
 */
class SqlErrorMessagesTest {

    private static Db db;

    @BeforeAll
    static void createDatabase() {
        db = Db.create(SqlTestFiles.newFile("sql-errors"), List.of(TableDef.of("events", FieldDef.intField("value"),
                FieldDef.timestamp("received_at"), FieldDef.bool("verified"), FieldDef.keyed("type"), FieldDef.set("tags"))));
        db.append("events", Row.of("value", 5, "received_at", Instant.ofEpochMilli(1_700_000_000_000L), "verified", true,
                "type", "click", "tags", Set.of("a")));
    }

    @AfterAll
    static void close() {
        db.close();
    }

    private static String failure(String sql) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> db.sql(sql), sql);
        return e.getMessage();
    }

    /** Outside the subset: the message holds the quoted fragment and the word for the problem. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            SELECT count(*) FROM events e RIGHT JOIN events o ON e.id = o.id | RIGHT JOIN | [INNER | LEFT [OUTER]] JOIN
            SELECT count(*) FROM (SELECT * FROM events) | FROM something other than a table | subqueries
            SELECT count(*) FROM events WHERE value IN (SELECT value FROM events) | IN with something other than a list | subqueries
            SELECT count(*) FROM events UNION SELECT count(*) FROM events | set operation | one SELECT at a time
            WITH e AS (SELECT * FROM events) SELECT count(*) FROM e | WITH | SELECT
            SELECT type, count(*) FROM events GROUP BY type HAVING type LIKE 'a%' | HAVING condition | HAVING compares aggregates
            SELECT * FROM events ORDER BY id LIMIT 10 OFFSET 20 | OFFSET | WHERE id > last
            SELECT DISTINCT type FROM events | SELECT DISTINCT | GROUP BY
            SELECT count(*) OVER () FROM events | window function in "count(*) OVER ()" | Trino connector
            SELECT count(*) FROM events WHERE type LIKE 'c%' | LIKE | =
            SELECT count(*) FROM events WHERE verified IS TRUE | IS TRUE | = true
            SELECT count(*) FROM events WHERE upper(type) = 'CLICK' | comparison with an expression | "upper(type) = 'CLICK'"
            SELECT count(*) FROM events WHERE value + 1 > 5 | comparison with an expression | "value + 1 > 5"
            SELECT count(*) FROM events WHERE value = NULL | comparison with NULL | IS NULL
            SELECT count(*) FROM events WHERE value IN (1, NULL) | comparison with NULL | IN lists take no NULL
            SELECT count(*) FROM events WHERE value > 1.5 | decimal literal 1.5 | integer literals
            SELECT count(*) FROM events WHERE value > 9223372036854775808 | outside the signed 64-bit range | "value > 9223372036854775808"
            SELECT count(*) FROM events WHERE received_at > TIMESTAMP '2024-01-01 00:00:00+02' | unsupported form | UTC
            SELECT count(*) FROM events WHERE received_at > TIMESTAMP '2024-01-01 00:00:00.0001' | finer than a millisecond | milliseconds
            SELECT count(*) FROM events WHERE received_at > TIMESTAMP '2024-02-30 00:00:00' | invalid timestamp | YYYY-MM-DD
            SELECT count(*) FROM events WHERE received_at > CAST(5 AS BIGINT) | cast | TIMESTAMP
            SELECT count(*) FROM events WHERE received_at > DATE '2024-01-01' | 2024-01-01 | TIMESTAMP
            SELECT count(*) FROM events WHERE 'x' = ANY(tags) | ANY | list_contains
            SELECT * FROM events ORDER BY value, type LIMIT 5 | ORDER BY of records by something other than id or one column | a top-N listing
            SELECT count(*) FROM events GROUP BY value + 1 | GROUP BY value + 1 | GROUP BY keys are columns
            SELECT count(*) FROM events GROUP BY type, verified, value, received_at, id | 5 GROUP BY keys | one to 4 keys
            SELECT date_trunc('decade', received_at), count(*) FROM events GROUP BY 1 | date_trunc unit 'decade' | 'minute'
            SELECT time_bucket(INTERVAL '1 month', received_at), count(*) FROM events GROUP BY 1 | time_bucket width | 'n days'
            SELECT quantile_disc(value, 2) FROM events | quantile that is not a constant between 0 and 1 | 0 <= q <= 1
            SELECT value // 0, count(*) FROM events GROUP BY 1 | v // k with k = 0 | positive integer k
            SELECT sum(value + 1) FROM events | sum of something other than one column | Trino connector
            SELECT upper(type), count(*) FROM events GROUP BY type | function upper in "upper(type)" | Trino connector
            SELECT count(DISTINCT *) FROM events | count(DISTINCT *) | count(*)
            SELECT sum(DISTINCT value) FROM events | sum(DISTINCT ...) | aggregates are
            SELECT mode(value) FROM events | function mode | aggregates are
            SELECT value, count(*) FROM events | column value neither in GROUP BY nor inside an aggregate | GROUP BY value
            SELECT 1 FROM events | select item | columns
            SELECT count(*) FROM events WHERE value = ? | statement parameter without a value | bind one value per ?
            SELECT count(*) FROM events LIMIT 10, 5 | OFFSET | cursors
            SELECT count(*) FROM events LIMIT ALL | LIMIT that is not a non-negative integer | LIMIT 50
            SELECT id FROM events ORDER BY id LIMIT -1 | LIMIT that is not a non-negative integer | LIMIT 50
            SELECT count(*) FROM events x WHERE y.value = 1 | not the table of FROM | x here
            SELECT count(*) FROM main.events | qualified table name | without schema
            SELECT 1 | SELECT without FROM | FROM table
            INSERT INTO events (value) SELECT value FROM events | INSERT ... SELECT | big writes with INSERT INTO t
            DROP TABLE events | DROP TABLE statement | tables are made with a schema
            EXPLAIN ANALYZE SELECT count(*) FROM events | EXPLAIN options | EXPLAIN followed by a query
            SELECT count(*) FROM events; SELECT count(*) FROM events | more than one statement | one statement per call
            SELECT type, count(*) AS n FROM events GROUP BY type ORDER BY 99999999999999999999 | ORDER BY position 99999999999999999999 outside the select list | by name, alias or position
            """)
    void unsupportedSqlIsNamedQuotedAndAnswered(String sql, String problem, String supported) {
        UnsupportedSqlException e = assertThrows(UnsupportedSqlException.class, () -> db.sql(sql), sql);
        String message = e.getMessage();
        assertTrue(message.contains(problem), () -> "'" + problem + "' missing from: " + message);
        assertTrue(message.contains(supported), () -> "'" + supported + "' missing from: " + message);
    }

    /** In the subset but not in this schema: an InvalidInputException naming the column, its type and the fragment. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            SELECT count(*) FROM nope | no table 'nope' | tables: events
            SELECT count(*) FROM events WHERE nope = 1 | no column 'nope' | its columns: id, value, received_at, verified, type, tags
            SELECT count(*) FROM events WHERE value = 'x' | value is int | "value = 'x'"
            SELECT count(*) FROM events WHERE type = 5 | type is keyed | "type = 5"
            SELECT count(*) FROM events WHERE received_at > 5 | received_at is timestamp | "received_at > 5"
            SELECT count(*) FROM events WHERE type > 'a' | compared with =, !=, <> or IN only | "type > 'a'"
            SELECT count(*) FROM events WHERE value | only when it is bool | value is int
            SELECT count(*) FROM events WHERE list_contains(type, 'a') | needs a set column | compare it with = 'value'
            SELECT count(*) FROM events WHERE tags = 'a' | list_contains(tags, 'value') | "tags = 'a'"
            SELECT count(*) FROM events WHERE type BETWEEN 'a' AND 'b' | BETWEEN needs an int, timestamp or decimal column | type is keyed
            SELECT count(*) FROM events WHERE value = type | columns of different types | type is keyed
            SELECT * FROM events ORDER BY type LIMIT 5 | records are ordered by an int or timestamp column | type is keyed
            SELECT count(*) FROM events WHERE type < type | compared with =, !=, <> or IN only | "type < type"
            SELECT count(*) FROM events WHERE tags = tags | set columns, are not compared | tags is set
            SELECT tags, count(*) FROM events GROUP BY tags | GROUP BY needs a keyed, bool, int, timestamp or decimal column | tags is set
            SELECT hour(type), count(*) FROM events GROUP BY 1 | hour(type) needs a timestamp column | type is keyed
            SELECT received_at // 10, count(*) FROM events GROUP BY 1 | received_at // 10 needs an int column | received_at is timestamp
            SELECT type AS value, count(*) FROM events GROUP BY value | names both a column and a select alias | position
            SELECT median(type) FROM events | median needs an int or timestamp column | type is keyed
            SELECT type, sum(value) * type FROM events GROUP BY type | arithmetic needs numbers | sum(value) * type
            SELECT sum(received_at) FROM events | sum needs an int or decimal column | received_at is timestamp
            SELECT avg(verified) FROM events | avg needs an int or decimal column | verified is bool
            SELECT min(type) FROM events | min needs an int, timestamp or decimal column | type is keyed
            SELECT count(DISTINCT tags) FROM events | count(DISTINCT ...) needs a keyed, bool, int, timestamp or decimal column | tags is set
            """)
    void schemaMismatchesNameTheColumnAndItsType(String sql, String first, String second) {
        String message = failure(sql);
        assertTrue(message.contains(first), () -> "'" + first + "' missing from: " + message);
        assertTrue(message.contains(second), () -> "'" + second + "' missing from: " + message);
    }

    /** The same statement with other numbers shares a compiled template; its errors still quote the caller's numbers. */
    @ParameterizedTest
    @ValueSource(strings = {"SELECT count(*) FROM events WHERE type = 7", "SELECT count(*) FROM events WHERE type = 8"})
    void templateErrorsQuoteTheStatementsOwnNumbers(String sql) {
        String number = sql.substring(sql.length() - 1);
        String message = failure(sql);
        assertTrue(message.contains("type = " + number) && !message.contains("?"), message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            SELEC count(*) FROM events | line 1, column 1 | unexpected "SELEC"
            SELECT count(*) FROM events WHERE value = 1 value | line 1, column 45 | unexpected "value"
            SELECT count(*) FROM events WHERE value IN (1 2) | line 1, column 47 | unexpected "2"
            SELECT count(*) FROM events WHERE (value = 1 | line 1, column 45 | unexpected end of statement
            SELECT count(*) FROM events WHERE type = 'click | malformed SQL | line 1, column 48
            """)
    void malformedSqlPointsAtTheToken(String sql, String where, String what) {
        UnsupportedSqlException e = assertThrows(UnsupportedSqlException.class, () -> db.sql(sql), sql);
        assertTrue(e.getMessage().contains(where), e.getMessage());
        assertTrue(e.getMessage().contains(what), e.getMessage());
    }

    @org.junit.jupiter.api.Test
    void caretStandsUnderTheTokenOnItsOwnLine() {
        String sql = "SELECT count(*)\nFROM events\nWHERE value >> 3 AND";
        UnsupportedSqlException e = assertThrows(UnsupportedSqlException.class, () -> db.sql(sql));
        List<String> lines = e.getMessage().lines().toList();
        assertTrue(lines.getFirst().startsWith("malformed SQL at line 3"), e.getMessage());
        String quoted = lines.get(1);
        String caret = lines.get(2);
        assertEquals("  WHERE value >> 3 AND", quoted);
        assertEquals('^', caret.charAt(caret.length() - 1));
    }

    @org.junit.jupiter.api.Test
    void emptyAndDeeplyNestedStatementsAreRefusedBeforeParsing() {
        assertTrue(assertThrows(UnsupportedSqlException.class, () -> db.sql("  ")).getMessage().contains("empty statement"));
        assertTrue(assertThrows(UnsupportedSqlException.class, () -> db.sql("")).getMessage().contains("empty statement"));
        String nested = "(".repeat(40) + "value = 1" + ")".repeat(40);
        long start = System.nanoTime();
        String message = assertThrows(UnsupportedSqlException.class,
                () -> db.sql("SELECT count(*) FROM events WHERE " + nested)).getMessage();
        assertTrue(message.contains("nested 40 deep"), message);
        assertTrue(System.nanoTime() - start < 1_000_000_000L, "refused without parsing");
    }

    @org.junit.jupiter.api.Test
    void longChainsOfOrAreAnsweredUpToTheLimitAndRefusedBeyondItWithoutOverflowingTheStack() throws Exception {
        // Run on a thread with the default 1 MiB stack: the test runner's main thread has a bigger one.
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread thread = new Thread(null, () -> {
            List<Object> seen = new ArrayList<>();
            // 5,000 as a program generating SQL wrote it, when it overflowed the stack in JSqlParser's toString.
            for (int connectives : new int[] {PredicateCompiler.MAX_CONNECTIVES, PredicateCompiler.MAX_CONNECTIVES + 1, 5_000,
                    100_000}) {
                String sql = "SELECT count(*) FROM events WHERE " + "value = 1 OR ".repeat(connectives) + "value = 5";
                try {
                    seen.add(db.sql(sql).scalar());
                } catch (Throwable e) {
                    seen.add(e);
                }
            }
            outcome.set(seen);
        }, "long-or", 1 << 20);
        thread.start();
        thread.join();
        List<?> seen = (List<?>) outcome.get();
        assertEquals(1L, seen.get(0), "1,000 ORs are answered");
        for (Object refused : seen.subList(1, 4)) {
            assertTrue(refused instanceof UnsupportedSqlException e && e.getMessage().contains("IN ("), String.valueOf(refused));
        }
    }

    /** HAVING, FILTER and select-list arithmetic have no connective count: a long chain overflowed the stack there. */
    @org.junit.jupiter.api.Test
    void longChainsOutsideWhereAreAnsweredOrRefusedWithoutOverflowingTheStack() throws Exception {
        List<String> statements = List.of(
                "SELECT type, count(*) FROM events GROUP BY type HAVING " + "count(*) > 0 AND ".repeat(20_000) + "count(*) > 0",
                "SELECT type, count(*) FROM events GROUP BY type HAVING " + "NOT ".repeat(20_000) + "count(*) > 0",
                "SELECT count(*) FILTER (WHERE " + "NOT ".repeat(20_000) + "verified) FROM events",
                "SELECT " + "count(*) + ".repeat(20_000) + "1 FROM events");
        AtomicReference<List<Object>> outcome = new AtomicReference<>();
        Thread thread = new Thread(null, () -> {
            List<Object> seen = new ArrayList<>();
            for (String sql : statements) {
                try {
                    seen.add(db.sql(sql));
                } catch (Throwable e) {
                    seen.add(e);
                }
            }
            outcome.set(seen);
        }, "long-chains", 1 << 20);
        thread.start();
        thread.join();
        // Whether parsing a chain overflows depends on how much of the parser the JIT has compiled (a
        // compiled frame is smaller): FILTER's WHERE, parsed whole, is then refused by its connective
        // count instead. Either is a clear refusal; a StackOverflowError or an answer is not.
        for (Object refused : outcome.get()) {
            assertTrue(refused instanceof UnsupportedSqlException e && (e.getMessage().contains("too many operators")
                    || e.getMessage().contains("the WHERE clause joins more than")), String.valueOf(refused));
        }
    }

    /**
     * A {@code ?} followed by a number too large for an int: JSqlParser reads "? 999..." as a
     * numbered parameter and parses the number with {@code Integer.parseInt} (the bad-input
     * battery found it, seed 7382398307226). Refused as invalid SQL, never a NumberFormatException.
     */
    @ParameterizedTest
    @ValueSource(strings = {
            "SELECT count(*) FROM e.value WHERE events < ? 99999999999999999999999999",
            "SELECT count(*) FROM events WHERE value < ? 99999999999999999999999999",
            "SELECT count(*) FROM events WHERE value < ?99999999999999999999999999"})
    void aParameterNumberedPastAnIntIsRefused(String sql) {
        assertTrue(failure(sql).contains("99999999999999999999999999"), sql);
    }
}
