package dev.big.trino;

import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * An in-process DuckDB holding the rows of {@link EventFiles}: {@code events(file, id, value, type,
 * verified, received_at, size, tags)} and {@code types(name, weight)}, the reference the cluster's
 * answers are compared with. Rows come back normalised by {@link Answers#normalize}.
 */
final class DuckDbReference implements AutoCloseable {

    private final Connection connection;

    DuckDbReference(EventFiles files) throws SQLException {
        connection = DriverManager.getConnection("jdbc:duckdb:");
        execute("CREATE TABLE raw (file VARCHAR, id BIGINT, value BIGINT, type VARCHAR, verified BOOLEAN, received_at TIMESTAMP,"
                + " size BIGINT, tags VARCHAR)");
        try (DuckDBAppender appender = connection.unwrap(DuckDBConnection.class).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "raw")) {
            for (EventFiles.ReferenceRow row : files.rows) {
                appender.beginRow();
                appendString(appender, row.file());
                appender.append(row.id());
                appendLong(appender, row.value());
                appendString(appender, row.type());
                if (row.verified() == null) {
                    appender.appendNull();
                } else {
                    appender.append(row.verified());
                }
                if (row.receivedAtMillis() == null) {
                    appender.appendNull();
                } else {
                    appender.append(LocalDateTime.ofEpochSecond(Math.floorDiv(row.receivedAtMillis(), 1000L),
                            (int) Math.floorMod(row.receivedAtMillis(), 1000L) * 1_000_000, ZoneOffset.UTC));
                }
                appendLong(appender, row.size());
                appendString(appender, row.tags() == null ? null : String.join(",", row.tags()));
                appender.endRow();
            }
        }
        execute("CREATE TABLE events AS SELECT file, id, value, type, verified, received_at, size,"
                + " CASE WHEN tags IS NULL THEN NULL ELSE string_split(tags, ',') END AS tags FROM raw");
        execute("DROP TABLE raw");
        execute("CREATE TABLE types (name VARCHAR, weight BIGINT, price DECIMAL(18, 2))");
        StringBuilder values = new StringBuilder();
        for (int t = 0; t < dev.big.workload.EventGenerator.TYPE_COUNT; t++) {
            values.append(t == 0 ? "" : ", ").append("('").append(dev.big.workload.EventGenerator.typeNames().get(t)).append("', ")
                    .append(t * 7 % 5).append(", ").append(EventFiles.price(t) == null ? "NULL" : EventFiles.price(t).toPlainString())
                    .append(')');
        }
        execute("INSERT INTO types VALUES " + values);
    }

    private static void appendString(DuckDBAppender appender, String value) throws SQLException {
        if (value == null) {
            appender.appendNull();
        } else {
            appender.append(value);
        }
    }

    private static void appendLong(DuckDBAppender appender, Long value) throws SQLException {
        if (value == null) {
            appender.appendNull();
        } else {
            appender.append((long) value);
        }
    }

    private void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    List<List<Object>> query(String sql) {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            ResultSetMetaData meta = result.getMetaData();
            List<List<Object>> rows = new ArrayList<>();
            while (result.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    Object value = meta.getColumnTypeName(i).startsWith("TIMESTAMP")
                            ? result.getObject(i, LocalDateTime.class) : result.getObject(i);
                    if (value instanceof Array array) {
                        value = Arrays.asList((Object[]) array.getArray());
                    }
                    row.add(Answers.normalize(value));
                }
                rows.add(row);
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException("DuckDB refused " + sql + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
