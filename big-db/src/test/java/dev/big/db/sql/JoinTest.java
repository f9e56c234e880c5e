package dev.big.db.sql;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.InvalidInputException;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Joins on a fact table of six flights and a dimension of airports, small enough to work out by
 * hand: NULL keys never match, a key twice in the dimension doubles its rows, a LEFT JOIN keeps
 * the rows without a match, and both strategies (bitmap group-by and hash join) give the same.
 */
class JoinTest {

    private static Db db;

    @BeforeAll
    static void load() {
        db = Db.create(SqlTestFiles.newFile("join"), List.of(
                TableDef.of("flights", FieldDef.keyed("origin"), FieldDef.intField("delay"), FieldDef.intField("airport_id")),
                TableDef.of("airports", FieldDef.keyed("iata"), FieldDef.keyed("state"), FieldDef.intField("runways"),
                        FieldDef.set("tags"))));
        // id: origin, delay, airport_id
        Object[][] flights = {
                {"SFO", 10L, 0L}, {"SFO", 20L, 0L}, {"LAX", 5L, 1L}, {"JFK", 7L, 2L}, {null, 1L, null}, {"XXX", 3L, 9L}};
        List<Row> rows = new ArrayList<>();
        for (Object[] f : flights) {
            rows.add(Row.builder().set("origin", f[0]).set("delay", f[1]).set("airport_id", f[2]).build());
        }
        db.bulkLoad("flights", rows);
        // id: iata, state, runways; JFK twice (a duplicate key), BOS without flights, one without a code
        Object[][] airports = {{"SFO", "CA", 4L}, {"LAX", "CA", 4L}, {"JFK", "NY", 4L}, {"JFK", "NY2", null}, {"BOS", "MA", 6L},
                {null, "ZZ", 1L}};
        rows = new ArrayList<>();
        for (Object[] a : airports) {
            rows.add(Row.builder().set("iata", a[0]).set("state", a[1]).set("runways", a[2]).build());
        }
        db.bulkLoad("airports", rows);
    }

    @AfterAll
    static void close() {
        db.close();
    }

    private static void assertMessage(Exception e, String part) {
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    private static List<List<Object>> rows(String sql) {
        return db.sql(sql).rows();
    }

    @Test
    void countPerStateFromTheBitmaps() {
        String sql = "SELECT a.state, count(*) AS n, sum(f.delay) FROM flights f JOIN airports a ON f.origin = a.iata"
                + " GROUP BY a.state ORDER BY n DESC, a.state";
        assertEquals(List.of(List.of("CA", 3L, BigInteger.valueOf(35)), List.of("NY", 1L, BigInteger.valueOf(7)),
                List.of("NY2", 1L, BigInteger.valueOf(7))), rows(sql));
        assertTrue(rows("EXPLAIN " + sql).toString().contains("bitmap group-by"), rows("EXPLAIN " + sql).toString());
    }

    @Test
    void aDuplicateKeyMultipliesTheRowsItMatches() {
        assertEquals(List.of(List.of(5L, BigInteger.valueOf(49))), rows("SELECT count(*), sum(f.delay) FROM flights f JOIN airports a ON f.origin = a.iata"));
        assertEquals(List.of(List.of(1L)), rows("SELECT count(*) FROM flights f JOIN airports a ON f.origin = a.iata WHERE a.state = 'NY'"));
    }

    @Test
    void leftJoinKeepsRowsWithoutAMatch() {
        assertEquals(List.of(List.of(0L, "CA"), List.of(1L, "CA"), List.of(2L, "CA"), List.of(3L, "NY"), List.of(3L, "NY2"),
                        java.util.Arrays.asList(4L, null), java.util.Arrays.asList(5L, null)), rows("SELECT f.id, a.state FROM flights f LEFT JOIN airports a ON f.origin = a.iata ORDER BY f.id, a.state"));
        assertEquals(List.of(java.util.Arrays.asList(null, 2L), List.of("CA", 3L), List.of("NY", 1L), List.of("NY2", 1L)), rows("SELECT a.state, count(*) FROM flights f LEFT JOIN airports a ON f.origin = a.iata"
                + " GROUP BY a.state ORDER BY a.state NULLS FIRST"));
        assertEquals(List.of(List.of(2L)), rows("SELECT count(*) FROM flights f LEFT JOIN airports a ON f.origin = a.iata WHERE a.iata IS NULL"));
        assertEquals(List.of(List.of(6L)), rows("SELECT count(*) FROM flights f LEFT JOIN airports a ON f.origin = a.iata AND a.state = 'NY'"));
    }

    @Test
    void aggregatesOfTheDimensionGoThroughTheHashJoin() {
        String sql = "SELECT a.state, sum(a.runways), count(DISTINCT f.origin), median(f.delay) FROM flights f"
                + " JOIN airports a ON f.origin = a.iata GROUP BY a.state ORDER BY a.state";
        assertEquals(List.of(List.of("CA", BigInteger.valueOf(12), 2L, 10.0),
                java.util.Arrays.asList("NY", BigInteger.valueOf(4), 1L, 7.0), java.util.Arrays.asList("NY2", null, 1L, 7.0)), rows(sql));
        assertTrue(rows("EXPLAIN " + sql).toString().contains("hash join"), rows("EXPLAIN " + sql).toString());
    }

    @Test
    void usingAndIntegerKeysAndChains() {
        assertEquals(List.of(List.of(0L, "SFO"), List.of(1L, "SFO"), List.of(2L, "LAX"), List.of(3L, "JFK")), rows("SELECT f.id, a.iata FROM flights f JOIN airports a ON f.airport_id = a.id ORDER BY 1"));
        assertEquals(List.of(List.of("CA", 3L), List.of("NY", 1L), List.of("NY2", 1L)), rows("SELECT b.state, count(*) FROM flights f JOIN airports a ON f.airport_id = a.id"
                + " JOIN airports b ON a.iata = b.iata GROUP BY b.state ORDER BY 1"));
    }

    @Test
    void parametersBindOnEitherSideAndADescriptionTypesTheJoinedColumns() {
        assertEquals(List.of(List.of(2L)), db.sql("SELECT count(*) FROM flights f JOIN airports a ON f.origin = a.iata"
                + " WHERE a.state = ? AND f.delay > ?", "CA", 9).rows());
        PreparedSql prepared = db.prepare("SELECT f.id, a.state, a.runways FROM flights f LEFT JOIN airports a"
                + " ON f.origin = a.iata WHERE f.delay > ?");
        try (dev.big.db.Snapshot snapshot = db.read()) {
            PreparedSql.Description description = prepared.describe(snapshot);
            assertEquals(List.of("id", "state", "runways"), description.columns());
            assertEquals(ColumnType.ID, description.types().get(0));
            assertTrue(description.types().get(1).nullable() && description.types().get(2).nullable(), description.toString());
            assertEquals(ColumnType.Kind.BIGINT, description.parameters().getFirst().kind());
        }
    }

    @Test
    void aCursorReadsJoinedRowsAsItGoes() {
        String sql = "SELECT f.id, a.state FROM flights f LEFT JOIN airports a ON f.origin = a.iata";
        try (dev.big.db.Snapshot snapshot = db.read(); SqlCursor cursor = SqlEngine.open(snapshot, sql, List.of())) {
            assertEquals(List.of("id", "state"), cursor.columns());
            assertEquals(List.of(0L, "CA"), cursor.next());
            assertEquals(List.of(1L, "CA"), cursor.next());
        }
        try (dev.big.db.Snapshot snapshot = db.read()) {
            assertEquals(rows(sql), SqlEngine.open(snapshot, sql, List.of()).collect().rows());
        }
    }

    @Test
    void explainNamesTheTablesAndTheStrategy() {
        String plan = rows("EXPLAIN SELECT f.id, a.state FROM flights f JOIN airports a ON f.origin = a.iata"
                + " WHERE a.state = 'CA' ORDER BY f.id LIMIT 2").toString();
        assertTrue(plan.contains("INNER JOIN airports a on f.origin = a.iata") && plan.contains("IN list on f.origin")
                && plan.contains("stopping at the LIMIT"), plan);
    }

    @Test
    void joinedRowsGroupByATablesIds() {
        assertEquals(List.of(List.of(0L, "SFO", 2L), List.of(1L, "LAX", 1L), List.of(2L, "JFK", 1L), List.of(3L, "JFK", 1L)),
                rows("SELECT a.id, a.iata, count(*) FROM flights f JOIN airports a ON f.origin = a.iata GROUP BY a.id, a.iata ORDER BY 1"));
        assertEquals(List.of(List.of(0L, 1L), List.of(1L, 1L)),
                rows("SELECT f.id, count(*) FROM flights f JOIN airports a ON f.origin = a.iata GROUP BY f.id ORDER BY 1 LIMIT 2"));
    }

    @Test
    void aUsingKeyJoinedTwiceIsOneColumn() {
        // a's iata and b's are one column k; c joins it: 2 SFO + 1 LAX + 2 x 2 x 2 JFK rows.
        assertEquals(List.of(List.of(11L)), rows("SELECT count(*) FROM flights f JOIN airports a ON f.origin = a.iata"
                + " JOIN airports b USING (iata) JOIN airports c USING (iata)"));
    }

    @Test
    void refusesWhatItDoesNotJoin() {
        assertMessage(assertThrows(UnsupportedSqlException.class, () -> db.sql("SELECT count(*) FROM flights f RIGHT JOIN airports a ON f.origin = a.iata")), "RIGHT JOIN");
        assertMessage(assertThrows(UnsupportedSqlException.class, () -> db.sql("SELECT count(*) FROM flights f JOIN airports a ON f.delay < a.runways")), "key equality");
        assertMessage(assertThrows(InvalidInputException.class, () -> db.sql("SELECT count(*) FROM flights f JOIN airports a ON f.origin = a.runways")), "cannot join");
        assertMessage(assertThrows(InvalidInputException.class, () -> db.sql("SELECT id FROM flights f JOIN airports a ON f.origin = a.iata")), "several tables");
        assertMessage(assertThrows(UnsupportedSqlException.class, () -> db.sql("SELECT count(*) FROM flights f JOIN airports a ON f.origin = a.iata WHERE f.delay = 1 OR a.runways = 4")), "several tables");
        // JSqlParser reads ANTI as an alias and the rest as an inner join: refused, not answered as one.
        assertMessage(assertThrows(UnsupportedSqlException.class, () -> db.sql("SELECT count(*) FROM flights ANTI JOIN airports USING (id)")), "ANTI JOIN");
        assertMessage(assertThrows(UnsupportedSqlException.class, () -> db.sql("SELECT count(*) FROM flights f OUTER JOIN airports a ON f.origin = a.iata")), "OUTER JOIN without LEFT");
        assertMessage(assertThrows(UnsupportedSqlException.class, () -> db.sql("SELECT count(*) FROM flights f JOIN airports a ON f.origin = a.iata ON a.runways = 4")), "several ON");
        assertMessage(assertThrows(InvalidInputException.class, () -> db.sql("SELECT f.id FROM flights f JOIN airports a ON f.origin = a.iata ORDER BY a.tags")), "tags is set");
        assertMessage(assertThrows(UnsupportedSqlException.class, () -> db.sql("SELECT state, count(*) FROM flights f JOIN airports a ON f.origin = a.iata GROUP BY a.state")), "GROUP BY has a.state: where that is the column meant, write it the same way in both");
    }
}
