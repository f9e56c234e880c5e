package dev.big.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.SqlStatement;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * big's driver as JDBI 3 uses it, statement for statement against DuckDB's driver on the same
 * table: prepared queries with parameters of every type, INSERT, UPDATE and DELETE with their
 * counts, and transactions committed and rolled back, the whole table compared after each step.
 */
class JdbiAgainstDuckDbTest {

    /** A null bound with setNull of a JDBC type. */
    private record Null(int sqlType) {}

    private Path file;
    private Handle big;
    private Handle duck;

    @BeforeEach
    void open() throws SQLException {
        file = Fixtures.newBigFile("jdbi");
        big = handle(DriverManager.getConnection("jdbc:big:" + file));
        duck = handle(Fixtures.duckDb());
        assertEquals(duck.execute(Fixtures.insertAll()), big.execute(Fixtures.insertAll()));
        assertSameTable();
    }

    private static Handle handle(Connection connection) {
        Jdbi jdbi = Jdbi.create(() -> connection);
        jdbi.registerArrayType(String.class, "varchar");
        return jdbi.open();
    }

    @AfterEach
    void close() {
        big.close();
        duck.close();
    }

    private static <S extends SqlStatement<S>> S bind(S statement, Object... parameters) {
        for (int i = 0; i < parameters.length; i++) {
            Object parameter = parameters[i];
            if (parameter instanceof Null nothing) {
                statement.bindNull(i, nothing.sqlType());
            } else {
                statement.bindByType(i, parameter, parameter.getClass());
            }
        }
        return statement;
    }

    private static List<List<Object>> query(Handle handle, String sql, Object... parameters) {
        return bind(handle.createQuery(sql), parameters).map((result, context) -> {
            List<Object> row = new ArrayList<>();
            for (int i = 1; i <= result.getMetaData().getColumnCount(); i++) {
                row.add(Rows.normalize(result.getObject(i)));
            }
            return row;
        }).list();
    }

    private void assertSameAnswer(String sql, Object... parameters) {
        assertEquals(query(duck, sql, parameters), query(big, sql, parameters), sql);
    }

    private void assertSameUpdate(String sql, Object... parameters) {
        assertEquals(bind(duck.createUpdate(sql), parameters).execute(), bind(big.createUpdate(sql), parameters).execute(), sql);
    }

    private void assertSameTable() {
        assertSameAnswer("SELECT * FROM events ORDER BY id");
    }

    private static Timestamp at(String wallClock) {
        return Timestamp.valueOf(LocalDateTime.parse(wallClock));
    }

    @Test
    void preparedQueriesWithEveryTypeOfParameter() {
        assertSameAnswer("SELECT id, value FROM events WHERE value > ? ORDER BY id", 10L);
        assertSameAnswer("SELECT id, value FROM events WHERE value <= ? ORDER BY id DESC LIMIT ?", 0, 5);
        assertSameAnswer("SELECT id, price FROM events WHERE price >= ? ORDER BY id", new BigDecimal("30.5"));
        assertSameAnswer("SELECT id FROM events WHERE price = ? ORDER BY id", new BigDecimal("12.05"));
        assertSameAnswer("SELECT id, ts FROM events WHERE ts < ? ORDER BY id", at("2024-01-10T12:00:00"));
        assertSameAnswer("SELECT id FROM events WHERE ts BETWEEN ? AND ? ORDER BY id", at("2024-01-05T00:00:00"),
                at("2024-01-20T00:00:00"));
        assertSameAnswer("SELECT id, verified FROM events WHERE verified = ? ORDER BY id", true);
        assertSameAnswer("SELECT id FROM events WHERE verified <> ? ORDER BY id", false);
        assertSameAnswer("SELECT id, type FROM events WHERE type = ? ORDER BY id", "it's");
        assertSameAnswer("SELECT id, tags FROM events WHERE list_contains(tags, ?) ORDER BY id", "a");
        assertSameAnswer("SELECT id FROM events WHERE type IN (?, ?) AND value BETWEEN ? AND ? ORDER BY id", "click", "view",
                -20, 30);
        assertSameAnswer("SELECT type, count(*) AS n, sum(value) AS total, min(ts) AS first, max(price) AS top"
                + " FROM events WHERE verified = ? GROUP BY type ORDER BY type NULLS FIRST", true);
        assertSameAnswer("SELECT count(*) AS n, avg(value) AS mean FROM events WHERE value IS NOT NULL AND id < ?", 60);
        assertSameAnswer("SELECT id, value, ts FROM events WHERE ts IS NOT NULL ORDER BY ts DESC, id LIMIT ?", 7);
    }

    @Test
    void insertUpdateDeleteMatchDuckDb() {
        assertSameUpdate("INSERT INTO events (id, value, price, ts, verified, type, tags) VALUES (?, ?, ?, ?, ?, ?, ?)",
                1000L, 5L, new BigDecimal("9.99"), at("2024-02-01T10:00:00"), true, "new", new String[] {"x", "y"});
        assertSameUpdate("INSERT INTO events (id, value, price, ts, verified, type, tags) VALUES (?, ?, ?, ?, ?, ?, ?)",
                1001L, new Null(Types.BIGINT), new Null(Types.DECIMAL), new Null(Types.TIMESTAMP), new Null(Types.BOOLEAN),
                new Null(Types.VARCHAR), new Null(Types.ARRAY));
        assertSameUpdate("INSERT INTO events (id, type) VALUES (1002, 'a'), (1003, 'b')");
        assertSameTable();
        assertSameUpdate("UPDATE events SET type = ?, price = ? WHERE value < ?", "low", new BigDecimal("0.50"), -10);
        assertSameUpdate("UPDATE events SET verified = NULL, tags = ['z'] WHERE type = 'view'");
        assertSameUpdate("UPDATE events SET ts = ? WHERE id >= ?", at("2025-06-30T23:59:59"), 1000);
        assertSameTable();
        assertSameUpdate("DELETE FROM events WHERE list_contains(tags, ?) OR value IS NULL", "b");
        assertSameUpdate("DELETE FROM events WHERE id = ?", 123456L);
        assertSameTable();
        assertSameUpdate("DELETE FROM events");
        assertSameTable();
    }

    @Test
    void transactionsCommitAndRollBackAsDuckDbDoes() throws SQLException {
        for (Handle handle : List.of(big, duck)) {
            handle.useTransaction(h -> {
                h.execute("INSERT INTO events (id, value) VALUES (2000, 1), (2001, 2)");
                h.execute("UPDATE events SET value = 99 WHERE id = 2001");
                h.execute("DELETE FROM events WHERE id = 0");
            });
        }
        assertSameTable();
        for (Handle handle : List.of(big, duck)) {
            handle.begin();
            handle.execute("DELETE FROM events WHERE value > 0");
            handle.execute("INSERT INTO events (id, value) VALUES (3000, 3)");
            handle.rollback();
        }
        assertSameTable();
        for (Handle handle : List.of(big, duck)) {
            handle.begin();
            handle.execute("INSERT INTO events (id, value, type) VALUES (4000, 4, 'mine')");
        }
        assertSameAnswer("SELECT id, value FROM events WHERE type = ? ORDER BY id", "mine"); // its own writes
        assertSameAnswer("SELECT count(*) AS n, sum(value) AS total FROM events");
        big.commit();
        duck.commit();
        assertSameTable();
        try (Handle other = handle(connect(file))) {
            assertEquals(query(duck, "SELECT * FROM events ORDER BY id"), query(other, "SELECT * FROM events ORDER BY id"),
                    "another connection sees the commit");
        }
    }

    @Test
    void aFailedStatementInATransactionKeepsTheRest() {
        big.begin();
        big.execute("INSERT INTO events (id, value) VALUES (5000, 5)");
        UnableToExecuteStatementException duplicate = assertThrows(UnableToExecuteStatementException.class,
                () -> big.execute("INSERT INTO events (id, value) VALUES (5001, 5), (5000, 6)"));
        assertTrue(duplicate.getCause().getMessage().contains("has a record 5000 already"), duplicate.getMessage());
        big.commit();
        assertEquals(List.of(List.of(5000L, 5L)), query(big, "SELECT id, value FROM events WHERE id >= 5000"));
    }

    private static Connection connect(Path file) throws SQLException {
        return DriverManager.getConnection("jdbc:big:" + file);
    }
}
