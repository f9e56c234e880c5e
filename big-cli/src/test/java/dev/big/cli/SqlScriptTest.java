package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Statements end at a ';' outside strings, quoted names and comments, and know the line they start on. */
class SqlScriptTest {

    @Test
    void semicolonsInsideStringsNamesAndCommentsDoNotEndAStatement() {
        SqlScript.Split split = SqlScript.split("""
                SELECT count(*) FROM events WHERE type = 'a;b';
                -- a comment; not a statement
                SELECT "odd;name" FROM events /* ; */ WHERE type = 'it''s; fine';  SELECT 1
                ;
                """);
        assertEquals(List.of(
                new SqlScript.Statement("SELECT count(*) FROM events WHERE type = 'a;b'", 0),
                new SqlScript.Statement("-- a comment; not a statement\nSELECT \"odd;name\" FROM events /* ; */ WHERE type = 'it''s; fine'", 2),
                new SqlScript.Statement("SELECT 1", 2)), split.statements());
        assertFalse(split.awaitsMore());
    }

    @Test
    void whatNoSemicolonHasEndedYetAwaitsMore() {
        SqlScript.Split open = SqlScript.split("SELECT 1;\n\nSELECT type,\n count(*)");
        assertEquals(List.of(new SqlScript.Statement("SELECT 1", 0)), open.statements());
        assertTrue(open.awaitsMore());
        assertEquals("\n\nSELECT type,\n count(*)", open.rest());
        assertEquals(0, open.restLine(), "the rest starts right after the ';', on its line");
        assertTrue(SqlScript.split("SELECT 'unterminated;").awaitsMore(), "a ';' in an open string");
        assertTrue(SqlScript.split("SELECT \"name;").awaitsMore(), "a ';' in an open quoted name");
        assertTrue(SqlScript.split("/* a comment; still open").awaitsMore(), "an open block comment");
        assertTrue(SqlScript.split("SELECT 1 -- ;").awaitsMore(), "a ';' in a line comment");
    }

    @Test
    void blanksAndFinishedCommentsAwaitNothing() {
        for (String text : List.of("", "   \n\t", "-- only a comment", "/* done */", "SELECT 1;  -- trailing\n", ";;")) {
            SqlScript.Split split = SqlScript.split(text);
            assertFalse(split.awaitsMore(), text);
            assertNull(split.rest(), text);
        }
        assertEquals(List.of(), SqlScript.split(";;").statements(), "empty statements are skipped");
    }
}
