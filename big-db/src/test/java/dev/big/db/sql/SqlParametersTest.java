package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.InvalidInputException;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code ?} parameters: every bindable type gives the same answer as the same value written as a
 * literal, values are never read as SQL, and wrong counts and types are refused with messages
 * that quote the statement as written.
 *
 * <p>Record {@code i} (ids 0..9): value = i - 3, price = i * 1.25, at = T0 + i seconds,
 * verified = i is even, type = "a" for i &lt; 5 else "it's", no value anywhere for i = 9.
 */
class SqlParametersTest {

    private static final long T0 = 1_700_000_000_000L;
    private static Db db;

    @BeforeAll
    static void load() {
        db = Db.create(SqlTestFiles.newFile("sql-parameters"), List.of(TableDef.of("events", FieldDef.intField("value"),
                FieldDef.decimal("price", 2), FieldDef.timestamp("at"), FieldDef.bool("verified"), FieldDef.keyed("type"),
                FieldDef.set("tags"))));
        List<Row> records = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            records.add(i == 9 ? Row.of() : Row.of("value", i - 3L, "price", BigDecimal.valueOf(i * 125L, 2),
                    "at", Instant.ofEpochMilli(T0 + i * 1000L), "verified", i % 2 == 0, "type", i < 5 ? "a" : "it's"));
        }
        db.bulkLoad("events", records);
    }

    @AfterAll
    static void close() {
        db.close();
    }

    private static Object count(String sql, Object... parameters) {
        return db.sql(sql, parameters).scalar();
    }

    @Test
    void everyTypeMatchesTheLiteral() {
        assertEquals(count("SELECT count(*) FROM events WHERE value > 2"), count("SELECT count(*) FROM events WHERE value > ?", 2L));
        assertEquals(3L, count("SELECT count(*) FROM events WHERE value > ?", 2));
        assertEquals(count("SELECT count(*) FROM events WHERE price >= 5.00"),
                count("SELECT count(*) FROM events WHERE price >= ?", new BigDecimal("5.00")));
        assertEquals(count("SELECT count(*) FROM events WHERE price < 2.5"), count("SELECT count(*) FROM events WHERE price < ?", 2.5));
        assertEquals(5L, count("SELECT count(*) FROM events WHERE verified = ?", true));
        assertEquals(4L, count("SELECT count(*) FROM events WHERE verified = ?", false));
        assertEquals(4L, count("SELECT count(*) FROM events WHERE type = ?", "it's"));
        Instant third = Instant.ofEpochMilli(T0 + 3000);
        assertEquals(6L, count("SELECT count(*) FROM events WHERE at >= ?", third));
        assertEquals(6L, count("SELECT count(*) FROM events WHERE at >= ?", Date.from(third)));
        assertEquals(6L, count("SELECT count(*) FROM events WHERE at >= ?", LocalDateTime.of(2023, 11, 14, 22, 13, 23)));
        assertEquals(List.of(List.of(3L), List.of(4L)),
                db.sql("SELECT id FROM events WHERE id BETWEEN ? AND ? AND type IN (?, ?) ORDER BY id LIMIT ?", 3, 7, "a", "b", 2).rows());
    }

    @Test
    void aValueIsNeverReadAsSql() {
        assertEquals(0L, count("SELECT count(*) FROM events WHERE type = ?", "a' OR '1' = '1"));
        assertEquals(0L, count("SELECT count(*) FROM events WHERE type = ?", "?"));
    }

    @Test
    void literalsWrittenBesideParametersStay() {
        assertEquals(2L, count("SELECT count(*) FROM events WHERE type = 'a' AND value > ?", -1));
        assertEquals(List.of(List.of("it's", 4L), List.of("a", 5L)),
                db.sql("SELECT type, count(*) FROM events WHERE value >= ? GROUP BY type ORDER BY 2", -3).rows());
    }

    @Test
    void wrongCountsAreRefused() {
        InvalidInputException few = assertThrows(InvalidInputException.class,
                () -> db.sql("SELECT count(*) FROM events WHERE value > ? AND type = ?", 1));
        assertTrue(few.getMessage().contains("has 2 parameters (?) but 1 value was bound"), few.getMessage());
        InvalidInputException many = assertThrows(InvalidInputException.class,
                () -> db.sql("SELECT count(*) FROM events", 1));
        assertTrue(many.getMessage().contains("has 0 parameters (?) but 1 value was bound"), many.getMessage());
    }

    @Test
    void wrongTypesAreRefusedQuotingTheStatement() {
        InvalidInputException string = assertThrows(InvalidInputException.class,
                () -> db.sql("SELECT count(*) FROM events WHERE value > ?", "5"));
        assertTrue(string.getMessage().contains("value is int: compare it with an integer, not ?"), string.getMessage());
        assertTrue(string.getMessage().contains("value > ?"), string.getMessage());
        assertFalse(string.getMessage().contains(":s0"), string.getMessage());
        InvalidInputException type = assertThrows(InvalidInputException.class,
                () -> db.sql("SELECT count(*) FROM events WHERE value > ?", new Object()));
        assertTrue(type.getMessage().startsWith("parameter 1 is a java.lang.Object; bind a Long"), type.getMessage());
        InvalidInputException nullValue = assertThrows(UnsupportedSqlException.class,
                () -> db.sql("SELECT count(*) FROM events WHERE value = ?", (Object) null));
        assertTrue(nullValue.getMessage().contains("comparison with NULL"), nullValue.getMessage());
        InvalidInputException named = assertThrows(UnsupportedSqlException.class,
                () -> db.sql("SELECT count(*) FROM events WHERE value = :v", 1));
        assertTrue(named.getMessage().contains("numbered ($1) or named (:name) parameter"), named.getMessage());
        InvalidInputException orderBy = assertThrows(UnsupportedSqlException.class,
                () -> db.sql("SELECT type, count(*) FROM events GROUP BY type ORDER BY ?", 1));
        assertTrue(orderBy.getMessage().contains("ORDER BY parameter in \"?\""), orderBy.getMessage());
    }

    @Test
    void statementsDifferingInValuesShareOneCompiledForm() {
        SqlEngine.clearCache();
        StatementCache.Prepared first = SqlEngine.prepared("SELECT count(*) FROM events WHERE value > ?").bind(List.of(1L));
        StatementCache.Prepared second = SqlEngine.prepared("SELECT count(*) FROM events WHERE value > ?").bind(List.of(7));
        assertTrue(first.statement() == second.statement(), "one compiled statement for both values");
        assertEquals(List.of(java.math.BigInteger.valueOf(7)), second.values());
    }
}
