package dev.big.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A prepared statement's result columns and parameters are known before it runs, typed by
 * binding: for every statement shape of docs/sql.md, {@code getMetaData()} before execution gives
 * the types DuckDB's driver gives the same prepared statement (type name and scale: big names
 * computed columns its own way, reports HUGEINT as NUMERIC rather than OTHER, and every DECIMAL
 * as precision 18, where DuckDB widens a sum's to 38), the parameters DuckDB's types, and the
 * result set reports exactly the same after it runs, over parameters that match few or no records
 * (so an empty aggregate keeps its declared type).
 */
class PreparedMetadataTest {

    private Path file;
    private Connection big;
    private Connection duck;

    @BeforeEach
    void open() throws SQLException {
        file = Fixtures.newBigFile("prepared-metadata");
        big = DriverManager.getConnection("jdbc:big:" + file);
        duck = Fixtures.duckDb();
        try (Statement a = big.createStatement(); Statement b = duck.createStatement()) {
            assertEquals(b.executeUpdate(Fixtures.insertAll()), a.executeUpdate(Fixtures.insertAll()));
        }
    }

    @AfterEach
    void close() throws SQLException {
        big.close();
        duck.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "SELECT * FROM events WHERE id < ?",
        "SELECT value FROM events WHERE id = ?",
        "SELECT id, ts FROM events WHERE id > ? AND verified = ? ORDER BY id LIMIT 10",
        "SELECT id, value AS v, tags FROM events WHERE type = ? ORDER BY value DESC NULLS LAST, id LIMIT 5",
        "SELECT ts, price FROM events WHERE price >= ? ORDER BY ts LIMIT ?",
        "SELECT id, value, price, ts, verified, type, tags FROM events WHERE type = ? ORDER BY id LIMIT ?",
        "SELECT count(*) FROM events WHERE value >= ?",
        "SELECT count(value), count(DISTINCT type) FROM events WHERE verified = ?",
        "SELECT sum(value), min(value), max(value), avg(value) FROM events WHERE value > ?",
        "SELECT sum(price), min(price), max(price) FROM events WHERE price > ?",
        "SELECT min(ts), max(ts) FROM events WHERE ts < ?",
        "SELECT type, count(*) AS n FROM events WHERE value BETWEEN ? AND ? GROUP BY type ORDER BY n DESC, type LIMIT 3",
        "SELECT verified, sum(value) FROM events GROUP BY verified",
        "SELECT date_trunc('day', ts) AS d, count(*) FROM events GROUP BY d ORDER BY d",
        "SELECT date_trunc('hour', ts) AS h, count(*) FROM events GROUP BY h ORDER BY h",
        "SELECT extract(year FROM ts) AS y, count(*) FROM events GROUP BY y ORDER BY y",
        "SELECT value // 10 AS v, count(*) FROM events GROUP BY v ORDER BY v",
        "SELECT type, count(*) FROM events GROUP BY type HAVING count(*) > ? ORDER BY type",
        "SELECT sum(value) * 2, sum(price) + 1, count(*) / 3, round(avg(value), 1) FROM events",
        "SELECT median(value), quantile_disc(value, 0.5) FROM events",
        "SELECT type, max(price) FROM events WHERE type IN (?, ?) GROUP BY type ORDER BY type",
        "SELECT count(*) FILTER (WHERE verified) AS yes FROM events",
        "INSERT INTO events (id, value, price, ts, verified, type, tags) VALUES (?, ?, ?, ?, ?, ?, ?)",
        "UPDATE events SET verified = ? WHERE type = ?",
        "DELETE FROM events WHERE id = ?",
    })
    void columnsAndParametersAreKnownBeforeTheStatementRunsAndAreDuckDbs(String sql) throws SQLException {
        try (PreparedStatement ours = big.prepareStatement(sql); PreparedStatement theirs = duck.prepareStatement(sql)) {
            ResultSetMetaData before = ours.getMetaData();
            ResultSetMetaData expected = theirs.getMetaData();
            assertEquals(types(expected), types(before), "result column types of " + sql);
            ParameterMetaData parameters = ours.getParameterMetaData();
            ParameterMetaData theirParameters = theirs.getParameterMetaData();
            assertEquals(theirParameters.getParameterCount(), parameters.getParameterCount(), sql);
            for (int p = 1; p <= parameters.getParameterCount(); p++) {
                assertEquals(theirParameters.getParameterType(p), parameters.getParameterType(p), "parameter " + p + " of " + sql);
            }
            if (sql.startsWith("SELECT")) {
                for (int p = 1; p <= parameters.getParameterCount(); p++) {
                    ours.setObject(p, sample(parameters.getParameterType(p)));
                }
                try (ResultSet result = ours.executeQuery()) {
                    assertEquals(describe(before), describe(result.getMetaData()), "after execution, " + sql);
                }
            }
        }
    }

    /**
     * EXPLAIN answers big's own plan (one VARCHAR column, where DuckDB's has two), known before it
     * runs; a prepared COPY answers DuckDB's count column and takes its query's parameters.
     */
    @Test
    void explainAndCopyAreKnownBeforeTheyRun(@TempDir Path dir) throws SQLException {
        try (PreparedStatement explain = big.prepareStatement("EXPLAIN SELECT count(*) FROM events WHERE value >= ?")) {
            ResultSetMetaData before = explain.getMetaData();
            assertEquals(List.of("plan 12 VARCHAR scale 0"), describe(before));
            assertEquals(Types.BIGINT, explain.getParameterMetaData().getParameterType(1));
            explain.setLong(1, 5);
            try (ResultSet result = explain.executeQuery()) {
                assertEquals(describe(before), describe(result.getMetaData()));
                assertTrue(result.next());
            }
        }
        String copy = "COPY (SELECT id, value FROM events WHERE type = ?) TO '" + dir.resolve("out.csv") + "'";
        try (PreparedStatement ours = big.prepareStatement(copy); PreparedStatement theirs = duck.prepareStatement(copy)) {
            assertEquals(types(theirs.getMetaData()), types(ours.getMetaData()), copy);
            assertEquals(1, ours.getParameterMetaData().getParameterCount());
            assertEquals(theirs.getParameterMetaData().getParameterType(1), ours.getParameterMetaData().getParameterType(1));
        }
    }

    /** A value of a parameter of JDBC type {@code type}, that matches few or no records. */
    private static Object sample(int type) {
        return switch (type) {
            case Types.BIGINT -> 1L;
            case Types.DECIMAL -> new java.math.BigDecimal("1000.00");
            case Types.TIMESTAMP -> java.sql.Timestamp.valueOf("2000-01-01 00:00:00");
            case Types.BOOLEAN -> true;
            default -> "none";
        };
    }

    /** Each column's type name (a DECIMAL without its precision) and scale. */
    private static List<String> types(ResultSetMetaData metadata) throws SQLException {
        List<String> columns = new ArrayList<>();
        for (int i = 1; i <= metadata.getColumnCount(); i++) {
            columns.add(metadata.getColumnTypeName(i).replaceFirst("^DECIMAL\\(\\d+,", "DECIMAL(") + " scale "
                    + metadata.getScale(i));
        }
        return columns;
    }

    private static List<String> describe(ResultSetMetaData metadata) throws SQLException {
        List<String> columns = new ArrayList<>();
        for (int i = 1; i <= metadata.getColumnCount(); i++) {
            columns.add(metadata.getColumnLabel(i) + " " + metadata.getColumnType(i) + " " + metadata.getColumnTypeName(i)
                    + " scale " + metadata.getScale(i));
        }
        return columns;
    }
}
