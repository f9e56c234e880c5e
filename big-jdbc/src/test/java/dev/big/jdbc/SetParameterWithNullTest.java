package dev.big.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A set holds strings, never null: an array or collection bound for a set that holds a null is
 * refused when it is bound, with SQLState 22004 ("null value not allowed") naming the parameter and
 * the element, however it was bound ({@code setObject} of a {@code String[]}, an {@code Object[]}
 * or a list, {@code setArray}). {@code setObject(String[] {null})} threw a NullPointerException.
 */
class SetParameterWithNullTest {

    @Test
    void aNullInsideASetIsRefusedNamingTheParameterAndElement() throws SQLException {
        try (Connection big = DriverManager.getConnection("jdbc:big:" + Fixtures.newBigFile("set-null"));
             PreparedStatement insert = big.prepareStatement("INSERT INTO events (id, type, tags) VALUES (1, ?, ?)")) {
            insert.setString(1, "click");
            assertRefused(assertThrows(SQLException.class, () -> insert.setObject(2, new String[] {"a", null})), "element 2");
            assertRefused(assertThrows(SQLException.class, () -> insert.setObject(2, new Object[] {null})), "element 1");
            assertRefused(assertThrows(SQLException.class, () -> insert.setObject(2, Arrays.asList("a", "b", null))), "element 3");
            assertRefused(assertThrows(SQLException.class, () -> insert.setArray(2, foreignArray())), "element 1");
            assertRefused(assertThrows(SQLException.class,
                    () -> big.createArrayOf("VARCHAR", new String[] {"a", null})), "element 2");

            insert.setObject(2, new String[] {"b", "a"});
            assertEquals(1, insert.executeUpdate(), "a set without nulls is taken");
            try (Statement statement = big.createStatement();
                 ResultSet tags = statement.executeQuery("SELECT tags FROM events WHERE id = 1")) {
                assertTrue(tags.next());
                assertEquals(List.of("a", "b"), Arrays.asList((Object[]) tags.getArray(1).getArray()));
            }
        }
    }

    private static void assertRefused(SQLException refused, String element) {
        assertInstanceOf(SQLDataException.class, refused, refused.toString());
        assertEquals("22004", refused.getSQLState(), refused.getMessage());
        assertTrue(refused.getMessage().contains(element + " is null"), refused.getMessage());
        assertTrue(refused.getMessage().contains("a set holds strings, never null"), refused.getMessage());
        if (!refused.getMessage().startsWith("createArrayOf")) {
            assertTrue(refused.getMessage().startsWith("parameter 2: "), refused.getMessage());
        }
    }

    /** An Array not of big's making (a pool or a mapper may pass one on) that holds a null. */
    private static java.sql.Array foreignArray() {
        return new StringArrayOfNulls();
    }

    /** A minimal java.sql.Array holding one null. */
    private static final class StringArrayOfNulls implements java.sql.Array {
        @Override public String getBaseTypeName() { return "VARCHAR"; }
        @Override public int getBaseType() { return java.sql.Types.VARCHAR; }
        @Override public Object getArray() { return new String[] {null}; }
        @Override public Object getArray(java.util.Map<String, Class<?>> map) { return getArray(); }
        @Override public Object getArray(long index, int count) { return getArray(); }
        @Override public Object getArray(long index, int count, java.util.Map<String, Class<?>> map) { return getArray(); }
        @Override public ResultSet getResultSet() throws SQLException { throw new java.sql.SQLFeatureNotSupportedException(); }
        @Override public ResultSet getResultSet(java.util.Map<String, Class<?>> map) throws SQLException { throw new java.sql.SQLFeatureNotSupportedException(); }
        @Override public ResultSet getResultSet(long index, int count) throws SQLException { throw new java.sql.SQLFeatureNotSupportedException(); }
        @Override public ResultSet getResultSet(long index, int count, java.util.Map<String, Class<?>> map) throws SQLException { throw new java.sql.SQLFeatureNotSupportedException(); }
        @Override public void free() { }
    }
}
