package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code big query} in each format: the result and nothing else on stdout (so scripts can compare
 * outputs), the time on stderr, and one line for SQL big does not answer.
 */
@Tag("child-jvm")
class QueryIT {

    private static Path dir;

    @BeforeAll
    static void database() {
        dir = Cli.newDir("query");
        Cli.write(dir.resolve("schema.json"), Cli.SCHEMA);
        Cli.write(dir.resolve("rows.csv"), """
                id,value,type,verified,received_at,size,tags
                1,10,click,true,2024-01-01T00:00:00Z,100,b|a
                2,20,view,false,2024-01-01T00:00:01.5Z,200,
                3,30,click,true,,300,c
                4,,"quoted, type",false,2024-01-01T00:00:03Z,,a
                """);
        Cli.Run load = Cli.big(dir, "load", "q.big", "events", "rows.csv", "--schema", "schema.json");
        assertEquals(0, load.exitCode(), load.toString());
    }

    @Test
    void csvIsTheHeaderThenTheRowsAndNothingElse() {
        String sql = "SELECT type, count(*) FROM events GROUP BY type ORDER BY type";
        Cli.Run csv = Cli.big(dir, "query", "q.big", sql, "--format", "csv");
        assertEquals(0, csv.exitCode(), csv.toString());
        assertEquals("""
                type,count(*)
                click,2
                "quoted, type",1
                view,1
                """, csv.stdout());
        assertTrue(csv.stderr().matches("\\(3 rows in [0-9.]+ (s|ms|µs)\\)\n"), csv.stderr());
        assertEquals(csv.stdout(), Cli.big(dir, "query", "q.big", sql).stdout(), "csv is the default when piped");
    }

    @Test
    void everyValueKindInEveryFormat() {
        String sql = "SELECT * FROM events ORDER BY id LIMIT 4";
        Cli.Run table = Cli.big(dir, "query", "q.big", sql, "--format", "table");
        assertEquals("""
                id,value,type,verified,received_at,size,tags
                1,10,click,true,2024-01-01T00:00:00Z,100,a|b
                2,20,view,false,2024-01-01T00:00:01.500Z,200,
                3,30,click,true,,300,c
                4,,"quoted, type",false,2024-01-01T00:00:03Z,,a
                """, Cli.big(dir, "query", "q.big", sql, "--format", "csv").stdout());
        assertEquals("""
                id | value | type         | verified | received_at              | size | tags
                ---+-------+--------------+----------+--------------------------+------+-----
                 1 |    10 | click        | true     | 2024-01-01T00:00:00Z     |  100 | a|b
                 2 |    20 | view         | false    | 2024-01-01T00:00:01.500Z |  200 |
                 3 |    30 | click        | true     |                          |  300 | c
                 4 |       | quoted, type | false    | 2024-01-01T00:00:03Z     |      | a
                """, table.stdout());
        assertTrue(table.stderr().matches("\\(4 rows in [0-9.]+ (s|ms|µs)\\)\n"), "one row-count line, with the time: " + table);
        assertEquals("""
                [
                {"id":1,"value":10,"type":"click","verified":true,"received_at":"2024-01-01T00:00:00Z","size":100,"tags":["a","b"]},
                {"id":2,"value":20,"type":"view","verified":false,"received_at":"2024-01-01T00:00:01.500Z","size":200,"tags":null},
                {"id":3,"value":30,"type":"click","verified":true,"received_at":null,"size":300,"tags":["c"]},
                {"id":4,"value":null,"type":"quoted, type","verified":false,"received_at":"2024-01-01T00:00:03Z","size":null,"tags":["a"]}
                ]
                """, Cli.big(dir, "query", "q.big", sql, "--format", "json").stdout());
        assertEquals("""
                count(*),sum(size),avg(value),min(received_at)
                4,600,20.0,2024-01-01T00:00:00Z
                """, Cli.big(dir, "query", "q.big", "SELECT count(*), sum(size), avg(value), min(received_at) FROM events")
                .stdout());
    }

    /**
     * COPY from the command line: a path relative to where big runs, the count on stdout, the same
     * file {@code big export} writes; a directory that is not there is exit 73, a format big does not
     * write 65, each one line saying what to do.
     */
    @Test
    void copyWritesAFileRelativeToTheWorkingDirectory() {
        Cli.Run copy = Cli.big(dir, "query", "q.big", "COPY events TO 'copied.csv'", "--format", "csv");
        assertEquals(0, copy.exitCode(), copy.toString());
        assertEquals("count\n4\n", copy.stdout());
        Cli.Run export = Cli.big(dir, "export", "q.big", "exported.csv", "--format", "csv", "--table", "events");
        assertEquals(0, export.exitCode(), export.toString());
        assertEquals(Cli.read(dir.resolve("exported.csv")), Cli.read(dir.resolve("copied.csv")),
                "COPY and big export write one format");
        BadInputIT.assertOneLine(73, "big query: cannot write nowhere/x.csv: directory " + dir.resolve("nowhere")
                + " does not exist; create the directory first, or write somewhere else",
                Cli.big(dir, "query", "q.big", "COPY events TO 'nowhere/x.csv'"));
        Cli.Run xlsx = Cli.big(dir, "query", "q.big", "COPY events TO 'x.xlsx' (FORMAT xlsx)");
        assertEquals(65, xlsx.exitCode(), xlsx.toString());
        assertTrue(xlsx.stderr().startsWith("big query: the format 'xlsx' in \"COPY events TO 'x.xlsx' (FORMAT xlsx)\"; big's"
                + " COPY writes csv, json"), xlsx.stderr());
    }

    @Test
    void sqlBigDoesNotAnswerIsADataError() {
        Cli.Run malformed = Cli.big(dir, "query", "q.big", "SELEC nonsense");
        assertEquals(65, malformed.exitCode(), malformed.toString());
        assertTrue(malformed.stderr().startsWith("big query: malformed SQL at line 1, column 1: "), malformed.stderr());
        assertEquals("", malformed.stdout());
        BadInputIT.assertOneLine(65, "big query: no table 'nope' (tables: events)",
                Cli.big(dir, "query", "q.big", "SELECT count(*) FROM nope"));
    }
}
