package dev.big.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import sqlline.SqlLine;

/**
 * sqlline, a generic JDBC shell, as a real client of big's driver: it connects by URL, browses
 * tables, columns and keys, runs queries, writes, commits and rolls back. The same script runs
 * against a DuckDB file filled the same way, and every query answers the same text.
 */
class SqllineTest {

    private static final String SCRIPT = String.join("\n",
            "!tables",
            "!columns events",
            "!primarykeys events",
            "SELECT type, count(*) AS n, sum(value) AS total FROM events GROUP BY type ORDER BY type;",
            "SELECT id, value, price, ts, verified, type, tags FROM events WHERE id < 12 ORDER BY id;",
            "!autocommit off",
            "INSERT INTO events (id, value, type) VALUES (500, 1, 'shell');",
            "SELECT count(*) AS n FROM events WHERE type = 'shell';",
            "!rollback",
            "SELECT count(*) AS n FROM events WHERE type = 'shell';",
            "INSERT INTO events (id, value, type) VALUES (501, 2, 'shell');",
            "UPDATE events SET value = 7 WHERE type = 'shell';",
            "DELETE FROM events WHERE value < 0;",
            "!commit",
            "SELECT id, value, type FROM events WHERE type = 'shell' OR value < 0 ORDER BY id;",
            "SELECT count(*) AS n FROM events;",
            "!quit", "");

    /** What sqlline prints for {@code url} given {@link #SCRIPT}. */
    private static String run(String url) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SqlLine shell = new SqlLine();
        shell.setOutputStream(new java.io.PrintStream(out, true, StandardCharsets.UTF_8));
        shell.setErrorStream(new java.io.PrintStream(out, true, StandardCharsets.UTF_8));
        SqlLine.Status status = shell.begin(new String[] {"-u", url, "-n", "", "-p", "", "--outputformat=csv",
                "--showHeader=true", "--isolation=TRANSACTION_READ_COMMITTED", "--silent=true"},
                new ByteArrayInputStream(SCRIPT.getBytes(StandardCharsets.UTF_8)), false);
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(SqlLine.Status.OK, status, printed);
        return printed;
    }

    /** The lines of query answers: sqlline's csv rows, each value in single quotes. */
    private static List<String> answers(String printed) {
        return printed.lines().filter(line -> line.startsWith("'")).filter(line -> !line.contains("TABLE_CAT"))
                .toList();
    }

    @Test
    void sqllineBrowsesQueriesAndWritesAsWithDuckDb() throws IOException, SQLException {
        Path file = Fixtures.newBigFile("sqlline");
        try (Connection big = DriverManager.getConnection("jdbc:big:" + file); Statement statement = big.createStatement()) {
            statement.executeUpdate(Fixtures.insertAll());
        }
        Path duckFile = file.resolveSibling("sqlline.duckdb");
        Files.deleteIfExists(duckFile);
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:" + duckFile); Statement statement = duck.createStatement()) {
            statement.execute(Fixtures.DUCKDB_TABLE);
            statement.executeUpdate(Fixtures.insertAll());
        }
        String ours = run("jdbc:big:" + file);
        String theirs = run("jdbc:duckdb:" + duckFile);
        assertTrue(ours.contains("'events','TABLE'"), ours);
        for (String column : List.of("'id','-5','BIGINT'", "'price','3','DECIMAL(18,2)'", "'tags','2003','VARCHAR[]'")) {
            assertTrue(ours.contains(column), column + " missing from\n" + ours);
        }
        assertTrue(ours.contains("'events','id','1','events_pkey'"), ours);
        List<String> expected = answers(theirs).stream().filter(line -> !line.contains("'main'")).toList();
        List<String> actual = answers(ours).stream().filter(line -> !line.contains("'events','"))
                .toList();
        assertEquals(expected, actual, "big:\n" + ours + "\nDuckDB:\n" + theirs);
        assertTrue(actual.size() >= 12, "every query answered rows:\n" + ours);
        assertTrue(actual.contains("'0'"), "the rolled-back insert is gone:\n" + ours);
        assertTrue(actual.contains("'501','7','shell'"), "the committed insert and update stay:\n" + ours);
    }
}
