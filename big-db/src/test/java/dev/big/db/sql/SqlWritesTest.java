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
import dev.big.db.Transaction;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * INSERT, UPDATE and DELETE through SQL, alone (each its own transaction) and grouped in one
 * {@link Transaction}: counts, values of every type, what a transaction's reads see, all or
 * nothing on commit, rollback and reopen, and the statements refused.
 */
class SqlWritesTest {

    private static final List<TableDef> SCHEMA = List.of(TableDef.of("events", FieldDef.intField("value"),
            FieldDef.decimal("price", 2), FieldDef.timestamp("at"), FieldDef.bool("verified"), FieldDef.keyed("type"),
            FieldDef.set("tags")));

    private static long count(Db db, String where) {
        return (Long) db.sql("SELECT count(*) FROM events" + (where.isEmpty() ? "" : " WHERE " + where)).scalar();
    }

    @Test
    void insertUpdateDeleteAnswerTheirCounts() {
        try (Db db = Db.create(SqlTestFiles.newFile("sql-writes"), SCHEMA)) {
            assertEquals(2L, db.sql("INSERT INTO events (id, value, price, at, verified, type, tags) VALUES"
                    + " (10, 5, 1.25, TIMESTAMP '2024-01-02 03:04:05', true, 'click', ['a', 'b']),"
                    + " (20, -7, 3, '2024-01-03 00:00:00', false, 'it''s', [])").scalar());
            assertEquals(List.of(Arrays.asList(10L, 5L, new BigDecimal("1.25"), Instant.parse("2024-01-02T03:04:05Z"), true,
                            "click", new TreeSet<>(Set.of("a", "b"))),
                    Arrays.asList(20L, -7L, new BigDecimal("3.00"), Instant.parse("2024-01-03T00:00:00Z"), false, "it's",
                            new TreeSet<>())), db.sql("SELECT * FROM events").rows());
            assertEquals(1L, db.sql("INSERT INTO events (type) VALUES (?)", "view").scalar());
            assertEquals(List.of(List.of(21L, "view")), db.sql("SELECT id, type FROM events WHERE id > 20").rows(),
                    "an INSERT without ids appends after the highest");
            assertEquals(2L, db.sql("UPDATE events SET verified = true, type = NULL WHERE id >= ?", 20).scalar());
            assertEquals(List.of(Arrays.asList(20L, true, null), Arrays.asList(21L, true, null)),
                    db.sql("SELECT id, verified, type FROM events WHERE id >= 20").rows());
            assertEquals(0L, db.sql("UPDATE events SET value = 1 WHERE type = 'nothing'").scalar());
            assertEquals(2L, db.sql("DELETE FROM events WHERE verified AND id >= 20").scalar());
            assertEquals(List.of(List.of(10L)), db.sql("SELECT id FROM events").rows());
            assertEquals(1L, db.sql("DELETE FROM events").scalar());
            assertEquals(0L, count(db, ""));
        }
    }

    @Test
    void aTransactionSeesItsOwnWritesAndCommitsAllOrNothing() {
        Path file = SqlTestFiles.newFile("sql-transaction");
        try (Db db = Db.create(file, SCHEMA)) {
            db.sql("INSERT INTO events (id, value) VALUES (1, 1), (2, 2)");
            try (Transaction tx = db.begin()) {
                assertEquals(1L, tx.sql("INSERT INTO events (id, value) VALUES (3, 3)").scalar());
                assertEquals(2L, tx.sql("UPDATE events SET value = 10 WHERE value >= 2").scalar(),
                        "the UPDATE matches the record this transaction inserted");
                assertEquals(21L, ((java.math.BigInteger) tx.sql("SELECT sum(value) FROM events").scalar()).longValue());
                assertEquals(2L, count(db, ""), "others see the last commit meanwhile");
                tx.rollback();
            }
            assertEquals(3L, ((java.math.BigInteger) db.sql("SELECT sum(value) FROM events").scalar()).longValue());
            try (Transaction tx = db.begin()) {
                tx.sql("INSERT INTO events (id, value) VALUES (3, 3)");
                tx.sql("DELETE FROM events WHERE id = 1");
                assertTrue(tx.delete("events", 2));
                assertFalse(tx.delete("events", 2), "deleted already, in this transaction");
                tx.commit();
            }
            assertEquals(List.of(List.of(3L, 3L)), db.sql("SELECT id, value FROM events").rows());
            try (Transaction tx = db.begin()) {
                tx.sql("INSERT INTO events (id, value) VALUES (4, 4)");
            } // closed without commit: rolled back
        }
        try (Db db = Db.open(file)) {
            assertEquals(List.of(List.of(3L, 3L)), db.sql("SELECT id, value FROM events").rows(), "after reopening");
        }
    }

    @Test
    void aRolledBackAppendLeavesTheNextIdWhereItWas() {
        Path file = SqlTestFiles.newFile("sql-rollback-ids");
        try (Db db = Db.create(file, SCHEMA)) {
            db.append("events", Row.of("value", 1));
            try (Transaction tx = db.begin()) {
                tx.sql("INSERT INTO events (value) VALUES (2), (3)");
            }
            assertEquals(1L, db.append("events", Row.of("value", 4)));
        }
        try (Db db = Db.open(file)) {
            assertEquals(2L, db.append("events", Row.of("value", 5)), "the same id as without the reopen");
        }
    }

    @Test
    void anAppendRefusedByTheFieldsBoundsTakesNoIds() {
        Path file = SqlTestFiles.newFile("sql-refused-ids");
        try (Db db = Db.create(file, List.of(TableDef.of("t", FieldDef.intField("b", 0, 10))))) {
            db.sql("INSERT INTO t (b) VALUES (1)");
            InvalidInputException refused = assertThrows(InvalidInputException.class,
                    () -> db.sql("INSERT INTO t (b) VALUES (5), (99)"));
            assertTrue(refused.getMessage().contains("99"), refused.getMessage());
            assertEquals(List.of(List.of(1L)), db.sql("SELECT count(*) FROM t").rows());
            assertEquals(1L, db.append("t", Row.of("b", 2)));
        }
        try (Db db = Db.open(file)) {
            assertEquals(2L, db.append("t", Row.of("b", 3)), "the same id as without the reopen");
        }
    }

    @Test
    void badWritesAreRefusedAndWriteNothing() {
        try (Db db = Db.create(SqlTestFiles.newFile("sql-bad-writes"), SCHEMA)) {
            db.sql("INSERT INTO events (id, value) VALUES (1, 1)");
            assertRefused(db, "INSERT INTO events (id, value) VALUES (2, 2), (1, 5)", "has a record 1 already");
            assertRefused(db, "INSERT INTO events (id, value) VALUES (2, 2), (2, 5)", "gives record id 2 twice");
            assertRefused(db, "INSERT INTO events (id, value) VALUES (2, 'x')", "value is int: write an integer into it, not 'x'");
            assertRefused(db, "INSERT INTO events (value, type) VALUES (2)", "VALUES row 1 has 1 value for 2 columns");
            assertRefused(db, "INSERT INTO events (value, nope) VALUES (2, 3)", "has no column 'nope'");
            assertRefused(db, "INSERT INTO events (id, tags) VALUES (2, ['a', 'a'])", "holds each value once");
            assertRefused(db, "UPDATE events SET value = value + 1", "value that is not a literal or a parameter");
            assertRefused(db, "UPDATE events SET id = 5", "SET id");
            assertRefused(db, "DELETE FROM events WHERE value > 'x'", "compare it with an integer");
            assertRefused(db, "INSERT INTO events (value) SELECT value FROM events", "INSERT ... SELECT");
            assertEquals(List.of(List.of(1L, 1L)), db.sql("SELECT id, value FROM events").rows());
            UnsupportedSqlException snapshot = assertThrows(UnsupportedSqlException.class, () -> {
                try (var s = db.read()) {
                    SqlEngine.execute(s, "DELETE FROM events");
                }
            });
            assertTrue(snapshot.getMessage().contains("a snapshot only reads"), snapshot.getMessage());
        }
    }

    private static void assertRefused(Db db, String sql, String expected) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> db.sql(sql));
        assertTrue(e.getMessage().contains(expected), "'" + expected + "' missing from: " + e.getMessage());
    }

    @Test
    void writeStatementsAreRecognisedByTheirFirstWord() {
        assertTrue(SqlEngine.isWrite("  insert into t (a) values (1)"));
        assertTrue(SqlEngine.isWrite("/* c */ UPDATE t SET a = 1"));
        assertTrue(SqlEngine.isWrite("DELETE FROM t"));
        assertFalse(SqlEngine.isWrite("SELECT 'INSERT' FROM t"));
        assertTrue(SqlEngine.isWrite("-- a comment\n\tdelete from t"));
        assertTrue(SqlEngine.isWrite("/* one */ /* two */Insert INTO t VALUES (1)"));
        assertFalse(SqlEngine.isWrite("INSERTS"));
        assertFalse(SqlEngine.isWrite("-- DELETE\nSELECT 1"));
        assertFalse(SqlEngine.isWrite("/* INSERT */ (SELECT 1)"));
        assertFalse(SqlEngine.isWrite(""));
        assertFalse(SqlEngine.isWrite("/* unterminated"));
        assertEquals(2, SqlEngine.parameterCount("SELECT * FROM t WHERE a = ? AND b = '?' AND c = ?"));
    }
}
