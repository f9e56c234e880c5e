package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.TableDef;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A timestamp bound to a {@code ?} is refused, as the same literal is, when it has a fraction
 * finer than a millisecond: big stores milliseconds, so cutting it would write another value
 * (an INSERT of .0005 read back .000) and compare differently from DuckDB's microseconds
 * ({@code at >= .0005} would match .000). A bound value of whole milliseconds, however written in
 * Java, is taken as before.
 */
class TimestampParameterPrecisionTest {

    private static final Instant HALF_A_MILLISECOND_IN = Instant.parse("2024-01-01T00:00:00.000500Z");

    private Db db;

    @BeforeEach
    void open() {
        db = Db.create(SqlTestFiles.newFile("timestamp-precision"), List.of(TableDef.of("events", FieldDef.timestamp("at"))));
        db.sql("INSERT INTO events (id, at) VALUES (1, TIMESTAMP '2024-01-01 00:00:00')");
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void anInsertOfASubMillisecondValueIsRefusedAndWritesNothing() {
        UnsupportedSqlException refused = assertThrows(UnsupportedSqlException.class,
                () -> db.sql("INSERT INTO events (id, at) VALUES (?, ?)", 2, HALF_A_MILLISECOND_IN));
        assertMessageNamesTheParameter(refused, "parameter 2", "INSERT INTO events (id, at) VALUES (?, ?)");
        assertEquals(1L, db.sql("SELECT count(*) FROM events").scalar(), "nothing was written");
    }

    @Test
    void anUpdateToASubMillisecondValueIsRefused() {
        UnsupportedSqlException refused = assertThrows(UnsupportedSqlException.class,
                () -> db.sql("UPDATE events SET at = ? WHERE id = ?", HALF_A_MILLISECOND_IN, 1));
        assertMessageNamesTheParameter(refused, "parameter 1", "UPDATE events SET at = ? WHERE id = ?");
        assertEquals(Instant.parse("2024-01-01T00:00:00Z"), db.sql("SELECT at FROM events WHERE id = 1").scalar());
    }

    @Test
    void aComparisonWithASubMillisecondValueIsRefused() {
        UnsupportedSqlException refused = assertThrows(UnsupportedSqlException.class,
                () -> db.sql("SELECT count(*) FROM events WHERE at >= ?", HALF_A_MILLISECOND_IN));
        assertMessageNamesTheParameter(refused, "parameter 1", "WHERE at >= ?");
    }

    @Test
    void everyJavaTimeTypeIsCheckedAlike() {
        LocalDateTime local = LocalDateTime.of(2024, 1, 1, 0, 0, 0, 1_000);
        for (Object value : List.of(local, local.atOffset(ZoneOffset.UTC), local.atZone(ZoneOffset.UTC))) {
            assertThrows(UnsupportedSqlException.class,
                    () -> db.sql("SELECT count(*) FROM events WHERE at = ?", value), value.getClass().getName());
        }
    }

    @Test
    void wholeMillisecondsAreTakenAsBefore() {
        Instant withMillis = Instant.parse("2024-01-01T00:00:00.250Z");
        db.sql("INSERT INTO events (id, at) VALUES (?, ?)", 2, withMillis);
        assertEquals(withMillis, db.sql("SELECT at FROM events WHERE id = 2").scalar());
        assertEquals(1L, db.sql("SELECT count(*) FROM events WHERE at >= ?", OffsetDateTime.parse("2024-01-01T00:00:00.250Z")).scalar());
        assertEquals(1L, db.sql("SELECT count(*) FROM events WHERE at = ?", LocalDateTime.of(2024, 1, 1, 0, 0, 0, 250_000_000)).scalar());
    }

    @Test
    void theLiteralIsRefusedInTheSameWords() {
        UnsupportedSqlException literal = assertThrows(UnsupportedSqlException.class,
                () -> db.sql("SELECT count(*) FROM events WHERE at >= TIMESTAMP '2024-01-01 00:00:00.0005'"));
        assertTrue(literal.getMessage().contains("finer than a millisecond"), literal.getMessage());
        assertTrue(literal.getMessage().contains("big stores timestamps in milliseconds"), literal.getMessage());
    }

    private static void assertMessageNamesTheParameter(UnsupportedSqlException refused, String parameter, String statement) {
        String message = refused.getMessage();
        assertTrue(message.contains("timestamp " + parameter + " (2024-01-01T00:00:00.000500Z) finer than a millisecond"), message);
        assertTrue(message.contains(statement), message);
        assertTrue(message.contains("big stores timestamps in milliseconds"), message);
        assertTrue(message.contains("truncatedTo(ChronoUnit.MILLIS)"), message);
    }
}
