package dev.big.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What tools read before they query: the driver found by URL, tables, columns with their JDBC
 * types and nullability, the primary key, result set metadata, compared with DuckDB's driver on
 * the same table; and the errors a client sees, with their SQLStates.
 */
class MetadataAgainstDuckDbTest {

    private Path file;
    private Connection big;
    private Connection duck;

    @BeforeEach
    void open() throws SQLException {
        file = Fixtures.newBigFile("metadata");
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

    private static List<List<Object>> columns(ResultSet result, String... names) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (result) {
            while (result.next()) {
                List<Object> row = new ArrayList<>();
                for (String name : names) {
                    row.add(result.getObject(name) instanceof Number n ? (Object) n.longValue() : result.getObject(name));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    @Test
    void theDriverIsFoundByItsUrl() throws SQLException {
        Driver driver = DriverManager.getDriver("jdbc:big:" + file);
        assertInstanceOf(BigDriver.class, driver, "registered through META-INF/services/java.sql.Driver");
        assertFalse(driver.acceptsURL("jdbc:duckdb:"));
        DatabaseMetaData meta = big.getMetaData();
        assertEquals("big", meta.getDatabaseProductName());
        assertEquals(Versions.TEXT, meta.getDatabaseProductVersion());
        assertEquals("jdbc:big:" + file, meta.getURL());
        assertTrue(big.getAutoCommit(), "auto-commit is on by default");
        // On the module path the driver is a service of module dev.big.jdbc.
        java.lang.module.ModuleDescriptor module = java.lang.module.ModuleFinder.of(Path.of("target", "classes"))
                .find("dev.big.jdbc").orElseThrow().descriptor();
        assertTrue(module.provides().stream().anyMatch(p -> p.service().equals(Driver.class.getName())
                && p.providers().equals(List.of(BigDriver.class.getName()))), module.toString());
        assertTrue(module.requires().stream().anyMatch(r -> r.name().equals("dev.big.db")), module.toString());
    }

    @Test
    void tablesColumnsAndKeysAreThoseDuckDbReports() throws SQLException {
        DatabaseMetaData ours = big.getMetaData();
        DatabaseMetaData theirs = duck.getMetaData();
        assertEquals(List.of(List.of("events", "TABLE")), columns(ours.getTables(null, null, "%", null), "TABLE_NAME", "TABLE_TYPE"));
        assertEquals(List.of(List.of("events", "BASE TABLE")),
                columns(theirs.getTables(null, "main", "%", null), "TABLE_NAME", "TABLE_TYPE"),
                "DuckDB calls a table BASE TABLE; big uses JDBC's usual TABLE");
        String[] compared = {"COLUMN_NAME", "DATA_TYPE", "TYPE_NAME", "NULLABLE", "ORDINAL_POSITION", "IS_NULLABLE"};
        List<List<Object>> expected = columns(theirs.getColumns(null, "main", "events", null), compared);
        for (List<Object> column : expected) {
            if (column.get(2).equals("VARCHAR[]")) {
                // DuckDB's getColumns calls a list OTHER, while its result sets call the same column ARRAY;
                // big says ARRAY in both.
                assertEquals((long) java.sql.Types.OTHER, column.get(1));
                column.set(1, (long) java.sql.Types.ARRAY);
            }
        }
        assertEquals(expected, columns(ours.getColumns(null, null, "events", null), compared));
        assertEquals(columns(theirs.getColumns(null, "main", "events", "t%"), "COLUMN_NAME"),
                columns(ours.getColumns(null, null, "events", "t%"), "COLUMN_NAME"));
        assertEquals(columns(theirs.getPrimaryKeys(null, "main", "events"), "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ"),
                columns(ours.getPrimaryKeys(null, null, "events"), "TABLE_NAME", "COLUMN_NAME", "KEY_SEQ"));
        assertEquals(List.of(), columns(ours.getTables(null, null, "nothing%", null), "TABLE_NAME"));
        List<List<Object>> types = columns(ours.getTypeInfo(), "TYPE_NAME", "DATA_TYPE");
        assertTrue(types.contains(List.of("BIGINT", (long) java.sql.Types.BIGINT)), types.toString());
        assertTrue(types.contains(List.of("VARCHAR[]", (long) java.sql.Types.ARRAY)), types.toString());
    }

    /**
     * CREATE INDEX and DROP INDEX run through executeUpdate as in DuckDB (big answers 0, DuckDB's
     * driver -1: no count), in auto-commit and in a transaction; getIndexInfo lists big's order
     * indexes, non-unique, one ascending column each, and none when only unique ones are asked for.
     */
    @Test
    void indexesAreMadeByStatementsAndListed() throws SQLException {
        try (Statement ours = big.createStatement(); Statement theirs = duck.createStatement()) {
            for (String sql : List.of("CREATE INDEX by_value ON events (value)", "CREATE INDEX IF NOT EXISTS by_ts ON events (ts)")) {
                theirs.executeUpdate(sql);
                assertEquals(0, ours.executeUpdate(sql), sql);
            }
            big.setAutoCommit(false);
            assertEquals(0, ours.executeUpdate("CREATE INDEX by_price ON events (price)"));
            big.rollback();
            big.setAutoCommit(true);
            SQLException keyed = assertThrows(SQLException.class, () -> ours.executeUpdate("CREATE INDEX t ON events (type)"));
            assertTrue(keyed.getMessage().contains("only int, decimal and timestamp columns take an index"), keyed.getMessage());
        }
        DatabaseMetaData meta = big.getMetaData();
        assertEquals(List.of(List.of("events", true, "by_value", (long) DatabaseMetaData.tableIndexOther, 1L, "value", "A"),
                        List.of("events", true, "by_ts", (long) DatabaseMetaData.tableIndexOther, 1L, "ts", "A")),
                columns(meta.getIndexInfo(null, null, "events", false, true), "TABLE_NAME", "NON_UNIQUE", "INDEX_NAME", "TYPE",
                        "ORDINAL_POSITION", "COLUMN_NAME", "ASC_OR_DESC"), "the rolled-back index is not listed");
        assertEquals(List.of(), columns(meta.getIndexInfo(null, null, "events", true, true), "INDEX_NAME"));
        assertEquals(List.of(), columns(meta.getIndexInfo(null, null, "other", false, true), "INDEX_NAME"));
        try (Statement ours = big.createStatement()) {
            assertEquals(0, ours.executeUpdate("DROP INDEX by_value"));
        }
        assertEquals(List.of(List.of("by_ts")), columns(meta.getIndexInfo(null, null, null, false, true), "INDEX_NAME"));
    }

    @Test
    void resultSetMetadataIsThatOfDuckDb() throws SQLException {
        String sql = "SELECT id, value, price, ts, verified, type, tags FROM events WHERE id < 10 ORDER BY id";
        try (Statement a = big.createStatement(); Statement b = duck.createStatement();
             ResultSet ours = a.executeQuery(sql); ResultSet theirs = b.executeQuery(sql)) {
            ResultSetMetaData o = ours.getMetaData();
            ResultSetMetaData t = theirs.getMetaData();
            assertEquals(t.getColumnCount(), o.getColumnCount());
            for (int i = 1; i <= o.getColumnCount(); i++) {
                assertEquals(t.getColumnLabel(i), o.getColumnLabel(i));
                assertEquals(t.getColumnType(i), o.getColumnType(i), o.getColumnLabel(i));
                assertEquals(t.getColumnTypeName(i), o.getColumnTypeName(i), o.getColumnLabel(i));
                assertEquals(t.getScale(i), o.getScale(i), o.getColumnLabel(i));
            }
            assertEquals(ResultSetMetaData.columnNoNulls, o.isNullable(1), "the id is never null");
            assertEquals(ResultSetMetaData.columnNullable, o.isNullable(2));
            assertEquals(Rows.read(theirs), Rows.read(ours));
        }
    }

    @Test
    void errorsCarrySqlStatesAndCauses() throws SQLException {
        try (Statement statement = big.createStatement()) {
            SQLSyntaxErrorException syntax = assertThrows(SQLSyntaxErrorException.class,
                    () -> statement.executeQuery("SELECT FROM WHERE"));
            assertEquals("42000", syntax.getSQLState());
            assertInstanceOf(dev.big.db.sql.UnsupportedSqlException.class, syntax.getCause());
            SQLDataException data = assertThrows(SQLDataException.class,
                    () -> statement.executeQuery("SELECT count(*) FROM events WHERE value = 'x'"));
            assertEquals("22000", data.getSQLState());
            assertTrue(data.getMessage().contains("value is int"), data.getMessage());
            SQLException update = assertThrows(SQLException.class, () -> statement.executeUpdate("SELECT count(*) FROM events"));
            assertTrue(update.getMessage().contains("executeUpdate of a query"), update.getMessage());
            SQLFeatureNotSupportedException scroll = assertThrows(SQLFeatureNotSupportedException.class,
                    () -> big.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY));
            assertTrue(scroll.getMessage().contains("forward-only"), scroll.getMessage());
            try (ResultSet result = statement.executeQuery("SELECT id FROM events LIMIT 1")) {
                SQLFeatureNotSupportedException previous = assertThrows(SQLFeatureNotSupportedException.class, result::previous);
                assertTrue(previous.getMessage().contains("ResultSet.previous is not supported"), previous.getMessage());
            }
        }
        SQLException noFile = assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:big:" + file.resolveSibling("missing.big")));
        assertEquals("08001", noFile.getSQLState());
        SQLException badProperty = assertThrows(SQLException.class,
                () -> DriverManager.getConnection("jdbc:big:" + file + "?readonly=maybe"));
        assertTrue(badProperty.getMessage().contains("readonly is true or false"), badProperty.getMessage());
    }

    @Test
    void aSecondWriterOnTheThreadOfAnOpenTransactionGivesUpAfterTheLockTimeoutNamingTheHolder() throws SQLException {
        try (Connection other = DriverManager.getConnection("jdbc:big:" + file + "?lockTimeout=300");
             Statement first = big.createStatement(); Statement second = other.createStatement()) {
            big.setAutoCommit(false);
            first.executeUpdate("INSERT INTO events (id) VALUES (900)");
            SQLException refused = assertThrows(java.sql.SQLTimeoutException.class,
                    () -> second.executeUpdate("INSERT INTO events (id) VALUES (901)"));
            assertEquals("HYT00", refused.getSQLState());
            assertTrue(refused.getMessage().contains("gave up after 300 ms") && refused.getMessage().contains("this very thread"),
                    refused.getMessage());
            big.commit();
            assertEquals(1, second.executeUpdate("INSERT INTO events (id) VALUES (901)"));
        }
    }

    @Test
    void aDatabaseTheApplicationHasOpenTakesConnectionsToo() throws SQLException {
        Path other = Fixtures.newBigFile("external");
        try (dev.big.db.Db db = dev.big.db.Db.open(other)) {
            try (Connection connection = BigDriver.connect(db); Statement statement = connection.createStatement()) {
                assertEquals(2, statement.executeUpdate("INSERT INTO events (id, value) VALUES (1, 10), (2, 20)"));
            }
            assertEquals(java.math.BigInteger.valueOf(30), db.sql("SELECT sum(value) FROM events").scalar(),
                    "the connection wrote through the application's database, which stays open");
        }
    }

    @Test
    void aReadOnlyConnectionRefusesWrites() throws SQLException {
        try (Connection readOnly = DriverManager.getConnection("jdbc:big:" + file + "?readonly=true");
             Statement statement = readOnly.createStatement()) {
            assertTrue(readOnly.isReadOnly());
            SQLException refused = assertThrows(SQLException.class, () -> statement.executeUpdate("DELETE FROM events"));
            assertEquals("25006", refused.getSQLState());
            try (ResultSet count = statement.executeQuery("SELECT count(*) AS n FROM events")) {
                assertTrue(count.next());
                assertEquals(Fixtures.RECORDS, count.getInt("n"));
                assertFalse(count.wasNull());
                assertFalse(count.next());
            }
            try (ResultSet nothing = statement.executeQuery("SELECT value FROM events WHERE id = 18")) {
                assertTrue(nothing.next());
                assertEquals(0, nothing.getLong(1));
                assertTrue(nothing.wasNull(), "record 18 has no value");
                assertNull(nothing.getObject(1));
            }
        }
    }
}
