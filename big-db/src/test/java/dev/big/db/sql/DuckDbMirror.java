package dev.big.db.sql;

import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An in-process DuckDB holding the same rows as big, to run the same SQL text on: the reference
 * the differential test compares with. int is BIGINT, timestamp TIMESTAMP (UTC wall time), bool
 * BOOLEAN, keyed VARCHAR and set VARCHAR[] (sorted, no duplicates; an empty set is {@code []}, no
 * value NULL, as big keeps them).
 */
final class DuckDbMirror implements AutoCloseable {

    static {
        // big-db's module does not read java.sql, and these tests run patched into it; a module
        // may add a read edge for itself, so the test code does. Test classes other than this one
        // must not name java.sql types in their signatures: JUnit reflects on them before this runs.
        DuckDbMirror.class.getModule().addReads(ModuleLayer.boot().findModule("java.sql").orElseThrow());
    }

    private static final int ROWS_PER_INSERT = 500;

    private final Connection connection;

    DuckDbMirror() {
        try {
            connection = DriverManager.getConnection("jdbc:duckdb:");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot start DuckDB", e);
        }
    }

    void load(RandomTable table) {
        StringBuilder create = new StringBuilder("CREATE TABLE " + table.name + " (id BIGINT");
        for (RandomTable.Column column : table.columns) {
            create.append(", ").append(column.name()).append(' ').append(switch (column.type()) {
                case INT -> "BIGINT";
                case TIMESTAMP -> "TIMESTAMP";
                case DECIMAL -> "DECIMAL(18, " + column.def().scale() + ")";
                case BOOL -> "BOOLEAN";
                case KEYED -> "VARCHAR";
                case SET -> "VARCHAR[]";
            });
        }
        execute(create.append(')').toString());
        List<String> tuples = new ArrayList<>();
        for (var row : table.rows.entrySet()) {
            StringBuilder tuple = new StringBuilder("(").append(row.getKey());
            for (RandomTable.Column column : table.columns) {
                tuple.append(", ").append(literal(row.getValue().get(column.name())));
            }
            tuples.add(tuple.append(')').toString());
            if (tuples.size() == ROWS_PER_INSERT) {
                insert(table.name, tuples);
            }
        }
        insert(table.name, tuples);
    }

    private void insert(String table, List<String> tuples) {
        if (!tuples.isEmpty()) {
            execute("INSERT INTO " + table + " VALUES " + String.join(", ", tuples));
            tuples.clear();
        }
    }

    private static String literal(Object value) {
        return switch (value) {
            case null -> "NULL";
            case Instant instant -> "epoch_ms(" + instant.toEpochMilli() + ")";
            case String s -> quote(s);
            case Collection<?> set -> set.stream().map(v -> quote((String) v)).collect(Collectors.joining(", ", "[", "]"));
            default -> value.toString();
        };
    }

    static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    private void execute(String sql) {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("DuckDB refused: " + sql.substring(0, Math.min(300, sql.length())), e);
        }
    }

    /** The count DuckDB answers a write statement with. */
    long update(String sql) {
        try (Statement statement = connection.createStatement()) {
            return statement.executeLargeUpdate(sql);
        } catch (SQLException e) {
            throw new Refused(sql, e);
        }
    }

    /** Runs a statement that answers nothing: BEGIN TRANSACTION, COMMIT, ROLLBACK. */
    void run(String sql) {
        execute(sql);
    }

    /** DuckDB refused a statement. Unchecked, so that no test signature names java.sql (see the static block). */
    static final class Refused extends RuntimeException {
        Refused(String sql, SQLException cause) {
            super("DuckDB refused " + sql + ": " + cause.getMessage(), cause);
        }
    }

    /** The rows DuckDB answers {@code sql} with, each value normalised by {@link ResultRows#normalize}. */
    List<List<Object>> query(String sql) {
        // A failed statement closes its JDBC Statement in DuckDB's driver: one per query.
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            ResultSetMetaData meta = result.getMetaData();
            List<List<Object>> rows = new ArrayList<>();
            while (result.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.add(ResultRows.normalize(value(result, meta.getColumnTypeName(i), i)));
                }
                rows.add(row);
            }
            return rows;
        } catch (SQLException e) {
            throw new Refused(sql, e);
        }
    }

    private static Object value(ResultSet result, String type, int i) throws SQLException {
        if (type.equals("TIMESTAMP")) {
            LocalDateTime time = result.getObject(i, LocalDateTime.class);
            return time == null ? null : time.toInstant(ZoneOffset.UTC);
        }
        Object value = result.getObject(i);
        if (value instanceof Array array) {
            return Arrays.asList((Object[]) array.getArray());
        }
        return value;
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
