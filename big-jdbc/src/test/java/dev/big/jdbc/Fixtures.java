package dev.big.jdbc;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.TableDef;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * One table, {@code events}, in a new big file and in an in-memory DuckDB, filled by the same
 * INSERT statements run through each engine's JDBC driver: int value, decimal price (scale 2),
 * timestamp ts, bool verified, keyed type and set tags, with nulls and empty sets.
 */
final class Fixtures {

    /** The DuckDB table that mirrors big's: the id is its primary key, as it is big's. */
    static final String DUCKDB_TABLE = "CREATE TABLE events (id BIGINT PRIMARY KEY, value BIGINT, price DECIMAL(18, 2),"
            + " ts TIMESTAMP, verified BOOLEAN, type VARCHAR, tags VARCHAR[])";

    static final int RECORDS = 40;

    static Path newBigFile(String name) {
        try {
            Path base = Path.of("target", "test-files");
            Files.createDirectories(base);
            Path file = Files.createTempDirectory(base, name + "-").resolve(name + ".big");
            Db.create(file, List.of(TableDef.of("events", FieldDef.intField("value"), FieldDef.decimal("price", 2),
                    FieldDef.timestamp("ts"), FieldDef.bool("verified"), FieldDef.keyed("type"), FieldDef.set("tags"))))
                    .close();
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Connection duckDb() throws SQLException {
        Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement statement = duck.createStatement()) {
            statement.execute(DUCKDB_TABLE);
        }
        return duck;
    }

    /** The INSERT that fills the table, in rows of every shape. */
    static String insertAll() {
        List<String> rows = new ArrayList<>();
        String[] types = {"'click'", "'view'", "'it''s'", "NULL"};
        for (int i = 0; i < RECORDS; i++) {
            String value = i % 7 == 6 ? "NULL" : Long.toString((i * 37L % 101) - 50);
            String price = i % 5 == 4 ? "NULL" : (i * 3) + "." + (i % 4 == 0 ? "05" : Integer.toString(10 + i));
            String at = i % 9 == 8 ? "NULL" : "TIMESTAMP '2024-01-" + String.format("%02d", 1 + i % 28) + " "
                    + String.format("%02d", i % 24) + ":30:00'";
            String verified = i % 6 == 5 ? "NULL" : Boolean.toString(i % 2 == 0);
            String tags = switch (i % 4) {
                case 0 -> "['a', 'b']";
                case 1 -> "['b']";
                case 2 -> "[]";
                default -> "NULL";
            };
            rows.add("(" + (i * 3) + ", " + value + ", " + price + ", " + at + ", " + verified + ", " + types[i % 4] + ", "
                    + tags + ")");
        }
        return "INSERT INTO events (id, value, price, ts, verified, type, tags) VALUES " + String.join(", ", rows);
    }

    private Fixtures() {}
}
