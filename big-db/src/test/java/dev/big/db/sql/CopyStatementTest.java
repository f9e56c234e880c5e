package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.InvalidInputException;
import dev.big.db.TableDef;
import dev.big.db.Transaction;
import dev.big.db.rowfile.RowFileException;
import dev.big.db.rowfile.RowFileOptions;
import dev.big.db.rowfile.RowFiles;
import dev.big.db.rowfile.RowFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * {@code COPY ... TO 'file'} as DuckDB has it: the formats chosen by option or by extension, the
 * CSV options, the count it answers, where it reads (a snapshot, a transaction's own writes, bound
 * parameters), replacing a file whole, and leaving nothing half written; and each way to get it
 * wrong, refused saying what, where and what to do.
 */
class CopyStatementTest {

    private static final List<TableDef> SCHEMA = List.of(TableDef.of("events", FieldDef.intField("value"),
            FieldDef.keyed("type"), FieldDef.set("tags")));

    private static Db events(Path dir) {
        Db db = Db.create(dir.resolve("events.big"), SCHEMA);
        db.sql("INSERT INTO events (id, value, type, tags) VALUES (1, 10, 'click', ['a', 'b']), (2, -3, 'view', []),"
                + " (3, NULL, NULL, NULL)");
        return db;
    }

    private static Path newDir(String name) {
        return SqlTestFiles.newFile(name).getParent();
    }

    @Test
    void theFormatComesFromTheOptionElseTheExtensionElseCsv() throws IOException {
        Path dir = newDir("copy-formats");
        try (Db db = events(dir)) {
            for (String name : List.of("a.csv", "a.txt", "no-extension", "A.CSV")) {
                assertEquals(3L, db.sql("COPY events TO '" + dir.resolve(name) + "'").scalar(), name);
                assertEquals("id,value,type,tags\n1,10,click,a|b\n2,-3,view,\"\"\n3,,,\n", Files.readString(dir.resolve(name)), name);
            }
            String json = "{\"id\":1,\"value\":10,\"type\":\"click\",\"tags\":[\"a\",\"b\"]}\n"
                    + "{\"id\":2,\"value\":-3,\"type\":\"view\",\"tags\":[]}\n{\"id\":3,\"value\":null,\"type\":null,\"tags\":null}\n";
            for (String name : List.of("a.json", "a.jsonl", "a.ndjson", "a.JSON")) {
                db.sql("COPY events TO '" + dir.resolve(name) + "'");
                assertEquals(json, Files.readString(dir.resolve(name)), name);
            }
            db.sql("COPY events TO '" + dir.resolve("json.csv") + "' (FORMAT json)");
            assertEquals(json, Files.readString(dir.resolve("json.csv")), "FORMAT wins over the extension");
            db.sql("COPY events TO '" + dir.resolve("csv.json") + "' (FORMAT 'CSV')");
            assertTrue(Files.readString(dir.resolve("csv.json")).startsWith("id,value"), "a format name may be a string, any case");
            db.sql("COPY events TO '" + dir.resolve("a.csv.gz") + "'");
            db.sql("COPY events TO '" + dir.resolve("a.jsonl.gz") + "'");
            assertEquals("id,value,type,tags\n1,10,click,a|b\n2,-3,view,\"\"\n3,,,\n", gunzip(dir.resolve("a.csv.gz")),
                    "a .gz name is gzipped, as DuckDB's COPY does");
            assertEquals(json, gunzip(dir.resolve("a.jsonl.gz")));
        }
    }

    @Test
    void csvOptionsColumnListsAndTheQueryForm() throws IOException {
        Path dir = newDir("copy-options");
        try (Db db = events(dir)) {
            db.sql("COPY events TO '" + dir.resolve("a.csv") + "' (HEADER false, DELIMITER ';')");
            assertEquals("1;10;click;a|b\n2;-3;view;\"\"\n3;;;\n", Files.readString(dir.resolve("a.csv")));
            db.sql("copy events (type, id) to '" + dir.resolve("b.csv") + "' with (header, sep '\t');");
            assertEquals("type\tid\nclick\t1\nview\t2\n\t3\n", Files.readString(dir.resolve("b.csv")));
            db.sql("COPY events TO '" + dir.resolve("c.csv") + "' (HEADER 0, DELIM '|')");
            assertEquals("1|10|click|\"a|b\"\n2|-3|view|\"\"\n3|||\n", Files.readString(dir.resolve("c.csv")),
                    "a set's '|' is quoted when it is the delimiter");
            assertEquals(2L, db.sql("-- a comment first\nCOPY (SELECT type, count(*) AS n FROM events WHERE type IS NOT NULL"
                    + " GROUP BY type ORDER BY n DESC, type) /* and one here */ TO '" + dir.resolve("d.csv") + "'").scalar());
            assertEquals("type,n\nclick,1\nview,1\n", Files.readString(dir.resolve("d.csv")));
            db.sql("COPY (SELECT id FROM events WHERE type = ')' OR type = 'it''s') TO '" + dir.resolve("it's.csv".replace("'", "''")) + "'");
            assertEquals("id\n", Files.readString(dir.resolve("it's.csv")),
                    "a ')' inside a string does not end the query, and a quote in the file name is doubled");
        }
    }

    @Test
    void copyAnswersItsCountFromEveryEntryPoint() throws IOException {
        Path dir = newDir("copy-entry-points");
        try (Db db = events(dir)) {
            SqlResult answer = db.sql("COPY events TO '" + dir.resolve("a.csv") + "'");
            assertEquals(List.of("count"), answer.columns());
            assertEquals(List.of(new ColumnType(ColumnType.Kind.BIGINT, 0, false)), answer.types());
            assertEquals(3L, answer.scalar());
            try (SqlCursor cursor = db.query("COPY (SELECT id FROM events WHERE value > ?) TO '" + dir.resolve("b.csv") + "'", 0)) {
                assertEquals(List.of(List.of(1L)), cursor.collect().rows(), "Db.query: the parameter bound in the query");
            }
            assertEquals("id\n1\n", Files.readString(dir.resolve("b.csv")));
            assertEquals(2L, db.sql("COPY (SELECT id FROM events WHERE type IN (?, ?)) TO '" + dir.resolve("c.csv") + "'",
                    "click", "view").scalar());
            try (Transaction tx = db.begin()) {
                tx.sql("INSERT INTO events (id, value) VALUES (4, 40)");
                assertEquals(4L, tx.sql("COPY events TO '" + dir.resolve("tx.csv") + "'").scalar(),
                        "a transaction's COPY sees its own writes");
                tx.rollback();
            }
            assertTrue(Files.readString(dir.resolve("tx.csv")).endsWith("4,40,,\n"));
            try (var snapshot = db.read()) {
                assertEquals(3L, SqlEngine.execute(snapshot, "COPY events TO '" + dir.resolve("s.csv") + "'").scalar());
            }
            assertTrue(SqlEngine.isCopy("  /* x */ copy t to 'f'") && !SqlEngine.isCopy("COPYING") && !SqlEngine.isWrite("COPY t TO 'f'"));
        }
    }

    @Test
    void anExistingFileIsReplacedWholeAndAFailedCopyLeavesItAsItWas() throws IOException {
        Path dir = newDir("copy-replace");
        try (Db db = events(dir)) {
            Path file = dir.resolve("out.csv");
            Files.writeString(file, "an older file, longer than what replaces it".repeat(10));
            db.sql("COPY (SELECT id FROM events) TO '" + file + "'");
            assertEquals("id\n1\n2\n3\n", Files.readString(file), "replaced, as DuckDB's COPY replaces it");
            assertThrows(InvalidInputException.class, () -> db.sql("COPY (SELECT nope FROM events) TO '" + file + "'"));
            assertEquals("id\n1\n2\n3\n", Files.readString(file), "a query refused before writing leaves the file");
            // A cursor that fails half way: the rows written so far go to the hidden sibling, which goes.
            Iterator<List<Object>> failing = new Iterator<>() {
                private int left = 5000;

                @Override
                public boolean hasNext() {
                    return true;
                }

                @Override
                public List<Object> next() {
                    if (left-- == 0) {
                        throw new IllegalStateException("the disk of the test went away");
                    }
                    return List.of((long) left);
                }
            };
            SqlCursor cursor = new SqlCursor(List.of("id"), List.of(ColumnType.ID), failing, null);
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> RowFiles.writeFile(cursor, RowFormat.CSV, RowFileOptions.DEFAULT, file));
            assertEquals("the disk of the test went away", e.getMessage());
            assertEquals("id\n1\n2\n3\n", Files.readString(file), "the file is as it was");
            try (var files = Files.list(dir)) {
                assertEquals(List.of("events.big", "out.csv"), files.map(p -> p.getFileName().toString())
                        .filter(n -> !n.startsWith("events.big-")).sorted().toList(), "no hidden sibling is left");
            }
        }
    }

    @Test
    void whereTheFileCannotBeWrittenTheErrorSaysWhyAndWhatToDo() throws IOException {
        Path dir = newDir("copy-unwritable");
        try (Db db = events(dir)) {
            RowFileException missing = assertThrows(RowFileException.class,
                    () -> db.sql("COPY events TO '" + dir.resolve("nope/out.csv") + "'"));
            assertEquals("cannot write " + dir.resolve("nope/out.csv") + ": directory " + dir.resolve("nope").toAbsolutePath()
                    + " does not exist; create the directory first, or write somewhere else", missing.getMessage());
            Files.writeString(dir.resolve("plain"), "x");
            assertTrue(assertThrows(RowFileException.class, () -> db.sql("COPY events TO '" + dir.resolve("plain/out.csv") + "'"))
                    .getMessage().contains("plain is a file, not a directory; create the directory first"));
            assertTrue(assertThrows(RowFileException.class, () -> db.sql("COPY events TO '" + dir + "'"))
                    .getMessage().startsWith("cannot write " + dir + ": it is a directory; name a file"));
            Path readOnly = Files.createDirectories(dir.resolve("read-only"));
            assertTrue(readOnly.toFile().setWritable(false, false));
            try {
                // As root every directory is writable: then a directory the kernel refuses to anyone stands in.
                Path unwritable = Files.isWritable(readOnly) ? Path.of("/sys") : readOnly;
                if (Files.isDirectory(unwritable)) {
                    RowFileException denied = assertThrows(RowFileException.class,
                            () -> db.sql("COPY events TO '" + unwritable.resolve("out.csv") + "'"));
                    assertTrue(denied.getMessage().startsWith("cannot write " + unwritable.resolve("out.csv")), denied.getMessage());
                    assertTrue(denied.getMessage().endsWith("write somewhere else, or change the directory's permissions")
                            || denied.getMessage().endsWith("; write somewhere else"), denied.getMessage());
                    assertFalse(Files.exists(unwritable.resolve("out.csv")));
                }
            } finally {
                readOnly.toFile().setWritable(true, false);
            }
            RowFileException noParquet = assertThrows(RowFileException.class,
                    () -> db.sql("COPY events TO '" + dir.resolve("out.parquet") + "'"));
            assertTrue(noParquet.getMessage().contains("big writes Parquet through the module big-parquet, which is not on the"
                    + " class path; add the dependency dev.big:big-parquet"), noParquet.getMessage());
            assertFalse(Files.exists(dir.resolve("out.parquet")));
        }
    }

    @Test
    void statementsOutsideCopysShapeAreRefusedNamingThePart() {
        Path dir = newDir("copy-refused");
        try (Db db = events(dir)) {
            String file = dir.resolve("out.csv").toString();
            assertRefused(db, "COPY events TO '" + file + "' (FORMAT xlsx)",
                    "the format 'xlsx' in \"COPY events TO '" + file + "' (FORMAT xlsx)\"; big's COPY writes csv, json");
            assertRefused(db, "COPY events TO '" + file + "' (COMPRESSION zstd)",
                    "the COPY option COMPRESSION in \"COPY events TO '" + file + "' (COMPRESSION zstd)\"; big's COPY takes FORMAT,"
                            + " HEADER and DELIMITER");
            assertRefused(db, "COPY events TO '" + file + "' (HEADER, HEADER false)", "the option HEADER given twice");
            assertRefused(db, "COPY events TO '" + dir.resolve("a.json") + "' (HEADER false)", "HEADER for json in ");
            assertRefused(db, "COPY events TO '" + file + "' (DELIMITER '::')", "the delimiter '::' in ");
            assertRefused(db, "COPY events TO '" + file + "' (HEADER maybe)", "HEADER maybe in ");
            assertRefused(db, "COPY events FROM '" + file + "'", "COPY ... FROM (reading a file into a table) in");
            assertRefused(db, "COPY events '" + file + "'", "malformed COPY at column 13: expected TO");
            assertRefused(db, "COPY events TO ?", "malformed COPY at column 16: expected the file as a string ('out.csv'): a"
                    + " parameter (?) cannot name it");
            assertRefused(db, "COPY events TO 'unterminated", "malformed COPY at column 16: expected the closing ' of a string");
            assertRefused(db, "COPY (SELECT * FROM events TO '" + file + "'", "expected the ')' that closes the query");
            assertRefused(db, "COPY () TO '" + file + "'", "expected an empty query");
            assertRefused(db, "COPY events TO '" + file + "' extra", "malformed COPY at column");
            assertRefused(db, "COPY (DELETE FROM events) TO '" + file + "'", "a statement that is not a query inside COPY");
            InvalidInputException unknown = assertThrows(InvalidInputException.class, () -> db.sql("COPY nope TO '" + file + "'"));
            assertTrue(unknown.getMessage().contains("nope"), unknown.getMessage());
            assertFalse(Files.exists(dir.resolve("out.csv")), "nothing refused made a file");
        }
    }

    private static void assertRefused(Db db, String sql, String expected) {
        UnsupportedSqlException e = assertThrows(UnsupportedSqlException.class, () -> db.sql(sql), sql);
        assertTrue(e.getMessage().contains(expected), "for " + sql + "\n  expected to contain: " + expected + "\n  got: "
                + e.getMessage());
    }

    private static String gunzip(Path file) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
