package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each statement shape of the subset on a small table whose answers are worked out by hand: the
 * values, their Java types, the column names, and the order.
 *
 * <p>Record {@code i} (ids 0..9): value = i - 3 (null for i = 9), received_at = T0 + i seconds,
 * verified = i is even, type = "a" for i &lt; 5, "b" for 5..7, null for 8 and 9, tags = {"x"} for
 * even i, {"x", "y"} for i = 3, null otherwise.
 */
class SqlEngineTest {

    private static final long T0 = 1_700_000_000_000L;
    private static Db db;

    @BeforeAll
    static void load() {
        db = Db.create(SqlTestFiles.newFile("sql-engine"), List.of(TableDef.of("events", FieldDef.intField("value"),
                FieldDef.timestamp("received_at"), FieldDef.bool("verified"), FieldDef.keyed("type"), FieldDef.set("tags"))));
        List<Row> records = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            records.add(Row.builder()
                    .set("value", i == 9 ? null : (long) i - 3)
                    .set("received_at", Instant.ofEpochMilli(T0 + i * 1000L))
                    .set("verified", i % 2 == 0)
                    .set("type", i < 5 ? "a" : i < 8 ? "b" : null)
                    .set("tags", i % 2 == 0 ? Set.of("x") : i == 3 ? Set.of("x", "y") : null)
                    .build());
        }
        db.bulkLoad("events", records);
    }

    @AfterAll
    static void close() {
        db.close();
    }

    private static List<List<Object>> rows(String sql) {
        return db.sql(sql).rows();
    }

    private static List<Object> row(Object... values) {
        return Arrays.asList(values);
    }

    @Test
    void countsWithAndWithoutFilters() {
        assertEquals(10L, db.sql("SELECT count(*) FROM events").scalar());
        assertEquals(5L, db.sql("SELECT count(*) FROM events WHERE verified").scalar());
        assertEquals(5L, db.sql("SELECT count(*) FROM events WHERE NOT verified").scalar());
        assertEquals(3L, db.sql("SELECT count(*) FROM events WHERE value BETWEEN 0 AND 2").scalar());
        assertEquals(2L, db.sql("SELECT count(*) FROM events WHERE type IS NULL").scalar());
        assertEquals(6L, db.sql("SELECT count(*) FROM events WHERE list_contains(tags, 'x')").scalar());
        assertEquals(0L, db.sql("SELECT count(*) FROM events WHERE NOT list_contains(tags, 'x')").scalar(),
                "every record with tags has x, and NOT of unknown (no tags) is unknown");
        assertEquals(1L, db.sql("SELECT count(*) FROM events WHERE NOT list_contains(tags, 'x') OR list_contains(tags, 'y')")
                .scalar());
        assertEquals(2L, db.sql("SELECT count(*) FROM events WHERE received_at >= TIMESTAMP '2023-11-14 22:13:28'").scalar());
        assertEquals(4L, db.sql("SELECT count(*) FROM events WHERE type = 'b' OR type IS NULL AND value IS NOT NULL").scalar());
    }

    @Test
    void aggregatesHaveDuckDbTypesAndNullOverNothing() {
        SqlResult result = db.sql("SELECT count(*), count(value) AS present, sum(value) s, min(value), max(value), avg(value),"
                + " min(received_at), count(DISTINCT type) FROM events");
        assertEquals(List.of("count(*)", "present", "s", "min(value)", "max(value)", "avg(value)", "min(received_at)",
                "count(DISTINCT type)"), result.columns());
        assertEquals(row(10L, 9L, BigInteger.valueOf(9), -3L, 5L, 1.0, Instant.ofEpochMilli(T0), 2L), result.rows().getFirst());
        assertInstanceOf(BigInteger.class, result.rows().getFirst().get(2));
        assertEquals(row(0L, null, null, null), rows("SELECT count(*), sum(value), avg(value), max(received_at) FROM events"
                + " WHERE value > 100").getFirst());
    }

    @Test
    void groupCountsOrderedByCountThenKeyWithTheNullGroupLast() {
        assertEquals(List.of(row("a", 5L), row("b", 3L), row(null, 2L)),
                rows("SELECT type, count(*) AS n FROM events GROUP BY type ORDER BY n DESC, type"));
        assertEquals(List.of(row("a", 5L), row("b", 3L)),
                rows("SELECT type, count(*) AS n FROM events GROUP BY type ORDER BY count(*) DESC, type LIMIT 2"));
        assertEquals(List.of(row(null, 2L), row("a", 5L), row("b", 3L)),
                rows("SELECT type, count(*) FROM events GROUP BY type ORDER BY type NULLS FIRST"));
    }

    @Test
    void groupAggregatesPerKey() {
        assertEquals(List.of(row("a", BigInteger.valueOf(-5), -3L, 1L, -1.0, 5L), row("b", BigInteger.valueOf(9), 2L, 4L, 3.0, 3L),
                        row(null, BigInteger.valueOf(5), 5L, 5L, 5.0, 1L)),
                rows("SELECT type, sum(value), min(value), max(value), avg(value), count(value) FROM events GROUP BY type"
                        + " ORDER BY type"));
        assertEquals(List.of(row("b", 1L), row("a", 3L)),
                rows("SELECT type, count(*) FROM events WHERE verified AND type IS NOT NULL GROUP BY type ORDER BY 2, 1"));
    }

    @Test
    void listingsReturnTypedValuesInSchemaOrder() {
        SqlResult point = db.sql("SELECT * FROM events WHERE id = 3");
        assertEquals(List.of("id", "value", "received_at", "verified", "type", "tags"), point.columns());
        List<Object> record = point.rows().getFirst();
        assertEquals(row(3L, 0L, Instant.ofEpochMilli(T0 + 3000), false, "a"), record.subList(0, 5));
        assertEquals(List.of("x", "y"), new ArrayList<Object>(assertInstanceOf(SortedSet.class, record.get(5))));
        assertEquals(List.of(), rows("SELECT * FROM events WHERE id = 42"));
        assertEquals(List.of(row(9L, null), row(8L, 5L), row(7L, 4L)),
                rows("SELECT id, value AS v FROM events ORDER BY id DESC LIMIT 3"));
    }

    @Test
    void cursorsPageThroughInBothDirections() {
        assertEquals(List.of(row(6L), row(7L)), rows("SELECT id FROM events WHERE id > 5 ORDER BY id LIMIT 2"));
        assertEquals(List.of(row(4L), row(2L)), rows("SELECT id FROM events WHERE id < 5 AND verified ORDER BY id DESC LIMIT 2"));
        assertEquals(List.of(row(0L), row(1L)), rows("SELECT id FROM events WHERE id > -1 ORDER BY id LIMIT 2"),
                "a negative cursor starts at the beginning");
        assertEquals(List.of(row(5L), row(6L)), rows("SELECT id FROM events WHERE id >= 5 ORDER BY id LIMIT 2"));
    }

    @Test
    void statementsThatDifferInLiteralsShareOneTemplate() {
        SqlEngine.clearCache();
        for (int cursor = 0; cursor < 9; cursor++) {
            assertEquals(List.of(row((long) cursor + 1)), rows("SELECT id FROM events WHERE id > " + cursor + " ORDER BY id LIMIT 1"));
        }
        StatementCache.Prepared first = SqlEngine.prepare("SELECT id FROM events WHERE id > 1 AND type = 'a' ORDER BY id LIMIT 1");
        StatementCache.Prepared second = SqlEngine.prepare("SELECT id FROM events WHERE id > 2 AND type = 'b' ORDER BY id LIMIT 1");
        assertSame(first.statement(), second.statement());
        assertEquals(List.of(BigInteger.TWO, "b", BigInteger.ONE), second.values());
        assertEquals(List.of(row(5L)), rows("SELECT id FROM events WHERE id > 2 AND type = 'b' ORDER BY id LIMIT 1"));
        for (int second2 = 0; second2 < 10; second2++) {
            assertEquals(1L, db.sql("SELECT count(*) FROM events WHERE received_at = TIMESTAMP '2023-11-14 22:13:2" + second2 + "'")
                    .scalar());
        }
        StatementCache.Prepared positional = SqlEngine.prepare("SELECT type, count(*) FROM events GROUP BY type ORDER BY 2 DESC, 1");
        assertTrue(!positional.fromTemplate() && positional.values().isEmpty(), "ORDER BY 2 cannot be a template");
        assertEquals(List.of(row("a", 5L), row("b", 3L), row(null, 2L)),
                rows("SELECT type, count(*) FROM events GROUP BY type ORDER BY 2 DESC, 1"));
    }

    @Test
    void explainListsPathFilterShardsAndPages() {
        List<String> plan = db.sql("EXPLAIN SELECT count(*) FROM events WHERE received_at BETWEEN TIMESTAMP"
                + " '2023-11-14 22:13:21' AND TIMESTAMP '2023-11-14 22:13:23' AND type = 'a'").rows().stream()
                .map(r -> (String) r.getFirst()).toList();
        assertEquals("table: events, 10 records in 1 shard", plan.getFirst());
        assertTrue(plan.stream().anyMatch(l -> l.startsWith("combine: the zone maps of received_at BETWEEN")
                && l.contains("rows of type = 'a', read in those columns only, are intersected first")), String.join("\n", plan));
        assertTrue(plan.stream().anyMatch(l -> l.startsWith("shard 0 (ids 0..1048575): 10 records")), String.join("\n", plan));
        assertTrue(plan.stream().anyMatch(l -> l.contains("zone maps: 0 columns skipped, 0 counted whole from the exists row,"
                + " 1 scanned plane by plane (depth 41), 15 without values")), String.join("\n", plan));
        assertTrue(plan.stream().anyMatch(l -> l.contains("type = 'a': row lookup in 1 of 16 container columns")),
                String.join("\n", plan));
        assertTrue(plan.getLast().startsWith("estimated pages touched: "), plan.getLast());
        assertEquals(List.of("plan"), db.sql("EXPLAIN SELECT * FROM events WHERE id = 3").columns());
        assertNotNull(db.sql("EXPLAIN SELECT type, sum(value) FROM events GROUP BY type").rows());
    }

    @Test
    void identifiersMatchCaseInsensitivelyAndMayBeQuotedOrQualified() {
        assertEquals(5L, db.sql("SELECT COUNT(*) FROM EVENTS e WHERE \"Verified\" AND e.type IS NOT NULL OR e.\"TYPE\" IS NULL"
                + " AND Verified").scalar());
        assertNull(db.sql("SELECT max(value) FROM events WHERE events.value < -3").scalar());
    }
}
