package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.IndexDef;
import dev.big.db.InvalidInputException;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.db.Transaction;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CREATE INDEX and DROP INDEX, DuckDB's syntax: an order index of one int, decimal or timestamp
 * column, named, its name unique in the database in any case; IF [NOT] EXISTS ask about the name;
 * each runs as one transaction through Db.sql or as one change of a Transaction; everything else
 * about indexes is refused with a message that says what big makes.
 */
class SqlIndexStatementsTest {

    private static final List<TableDef> SCHEMA = List.of(TableDef.of("events", FieldDef.intField("value"),
            FieldDef.decimal("price", 2), FieldDef.timestamp("received_at"), FieldDef.keyed("type"), FieldDef.set("tags")));

    private static List<IndexDef> indexes(Db db) {
        try (Snapshot snapshot = db.read()) {
            return snapshot.indexes();
        }
    }

    @Test
    void createAndDropAnswerACountOfZeroAndChangeTheSchema() {
        try (Db db = Db.create(SqlTestFiles.newFile("sql-index"), SCHEMA)) {
            db.sql("INSERT INTO events (value, price, type) VALUES (5, 1.5, 'a'), (7, 2, 'b'), (NULL, 3, 'c')");
            SqlResult created = db.sql("CREATE INDEX by_value ON events (value)");
            assertEquals(List.of("count"), created.columns());
            assertEquals(0L, created.scalar());
            db.sql("create index \"ByPrice\" on \"EVENTS\" (\"Price\");");
            assertEquals(List.of(new IndexDef("by_value", "events", "value"), new IndexDef("ByPrice", "events", "price")),
                    indexes(db), "names are kept as written, tables and columns matched in any case");
            assertEquals(0L, db.sql("CREATE INDEX IF NOT EXISTS BY_VALUE ON events (received_at)").scalar(),
                    "IF NOT EXISTS asks about the name, in any case, and leaves the index as it is");
            assertEquals(2, indexes(db).size());
            assertEquals(1L, db.sql("SELECT count(*) FROM events WHERE value > 5").scalar(), "queries run as before");

            assertEquals(0L, db.sql("DROP INDEX BY_VALUE").scalar());
            assertEquals(0L, db.sql("DROP INDEX IF EXISTS by_value").scalar());
            assertEquals(List.of(new IndexDef("ByPrice", "events", "price")), indexes(db));
            assertTrue(db.check().ok(), db.check().describe());
        }
    }

    /**
     * The statements big takes are DuckDB's: DuckDB runs each of them too. DuckDB's driver
     * answers their update count as -1 (no count); big answers a count of 0, what JDBC asks of a
     * statement that writes no rows.
     */
    @Test
    void duckDbRunsTheSameStatements() {
        try (DuckDbMirror duck = new DuckDbMirror();
                Db db = Db.create(SqlTestFiles.newFile("sql-index"), SCHEMA)) {
            duck.run("CREATE TABLE events (id BIGINT, value BIGINT, price DECIMAL(18, 2), received_at TIMESTAMP, type VARCHAR, tags VARCHAR[])");
            for (String sql : List.of("CREATE INDEX by_value ON events (value)", "create index \"ByPrice\" on \"EVENTS\" (\"Price\");",
                    "CREATE INDEX IF NOT EXISTS BY_VALUE ON events (received_at)", "DROP INDEX BY_VALUE", "DROP INDEX IF EXISTS by_value",
                    "CREATE INDEX at_idx ON events (received_at)")) {
                duck.update(sql);
                assertEquals(0L, db.sql(sql).scalar(), sql);
            }
        }
    }

    @Test
    void inATransactionTheyAreChangesOfIt() {
        try (Db db = Db.create(SqlTestFiles.newFile("sql-index"), SCHEMA)) {
            try (Transaction tx = db.begin()) {
                tx.sql("INSERT INTO events (value) VALUES (1), (2)");
                tx.sql("CREATE INDEX v ON events (value)");
                tx.sql("UPDATE events SET value = 9 WHERE value = 1");
                try (Snapshot view = tx.read()) {
                    assertEquals(List.of(new IndexDef("v", "events", "value")), view.indexes(), "the transaction sees its index");
                }
                assertEquals(List.of(), indexes(db), "nothing shows before the commit");
                tx.commit();
            }
            assertEquals(List.of(new IndexDef("v", "events", "value")), indexes(db));
            try (Transaction tx = db.begin()) {
                tx.sql("DROP INDEX v");
                // rolled back by close
            }
            assertEquals(List.of(new IndexDef("v", "events", "value")), indexes(db));
            assertTrue(db.check().ok(), db.check().describe());
        }
    }

    @Test
    void describeAndPrepareKnowThemAsWrites() {
        try (Db db = Db.create(SqlTestFiles.newFile("sql-index"), SCHEMA); Snapshot snapshot = db.read()) {
            PreparedSql create = db.prepare("CREATE INDEX v ON events (value)");
            assertEquals(PreparedSql.Kind.WRITE, create.kind());
            assertEquals(PreparedSql.Kind.WRITE, db.prepare("  DROP INDEX v").kind());
            assertEquals(List.of("count"), create.describe(snapshot).columns());
            UnsupportedSqlException onSnapshot = assertThrows(UnsupportedSqlException.class,
                    () -> create.execute(snapshot, List.of()));
            assertEquals(SqlEngine.WRITES_IN_A_SNAPSHOT, onSnapshot.getMessage());
        }
    }

    @Test
    void refusals() {
        try (Db db = Db.create(SqlTestFiles.newFile("sql-index"), SCHEMA)) {
            db.sql("CREATE INDEX v ON events (value)");
            assertEquals("type is keyed: only int, decimal and timestamp columns take an index (big's index is an order index"
                    + " of a number column) (in \"CREATE INDEX t ON events (type)\")", invalid(db, "CREATE INDEX t ON events (type)"));
            assertEquals("tags is set: only int, decimal and timestamp columns take an index (big's index is an order index"
                    + " of a number column) (in \"CREATE INDEX t ON events (tags)\")", invalid(db, "CREATE INDEX t ON events (tags)"));
            assertEquals("id needs no index: a record is found by its id directly (in \"CREATE INDEX i ON events (id)\")",
                    invalid(db, "CREATE INDEX i ON events (id)"));
            assertEquals("an index named 'v' exists already (on events.value) (in \"CREATE INDEX V ON events (received_at)\")",
                    invalid(db, "CREATE INDEX V ON events (received_at)"));
            assertEquals("field 'value' of table 'events' already has order index 'v'; a field keeps one (drop it first to"
                    + " rename it)", invalid(db, "CREATE INDEX IF NOT EXISTS w ON events (value)"));
            assertEquals("no index 'nope' (indexes: v) (in \"DROP INDEX nope\")", invalid(db, "DROP INDEX nope"));
            assertTrue(invalid(db, "CREATE INDEX w ON nope (value)").startsWith("no table 'nope'"));
            assertTrue(invalid(db, "CREATE INDEX w ON events (nope)").startsWith("table 'events' has no column 'nope'"));

            assertTrue(unsupported(db, "CREATE UNIQUE INDEX w ON events (received_at)").startsWith("UNIQUE index in"));
            assertTrue(unsupported(db, "CREATE INDEX w ON events (received_at, price)").startsWith("an index of 2 columns in"));
            assertTrue(unsupported(db, "CREATE INDEX w ON events ((value + 1))").startsWith("an index of an expression in"));
            assertTrue(unsupported(db, "CREATE INDEX w ON events (received_at DESC)").startsWith("DESC in"));
            assertTrue(unsupported(db, "CREATE INDEX w ON events USING art (received_at)").startsWith("USING art in"));
            assertTrue(unsupported(db, "CREATE INDEX w ON events (received_at) WHERE received_at > 0").startsWith("an index with WHERE in"));
            assertTrue(unsupported(db, "CREATE INDEX ON events (received_at)").startsWith("CREATE INDEX without a name in"));
            assertTrue(unsupported(db, "CREATE INDEX w ON main.events (received_at)").startsWith("a qualified name in"));
            assertTrue(unsupported(db, "DROP INDEX v, w").startsWith("DROP INDEX of several indexes in"));
            assertTrue(unsupported(db, "DROP INDEX v CASCADE").startsWith("DROP INDEX option in"));
            assertTrue(unsupported(db, "DROP TABLE events").startsWith("DROP TABLE statement in"));
            assertTrue(unsupported(db, "CREATE TABLE t (a BIGINT)").startsWith("CREATETABLE statement in"));
            assertEquals(List.of(new IndexDef("v", "events", "value")), indexes(db), "nothing refused changed the schema");
            db.sql("INSERT INTO events (value) VALUES (3)");
            assertTrue(db.check().ok(), db.check().describe());
        }
    }

    private static String invalid(Db db, String sql) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> db.sql(sql));
        assertTrue(!(e instanceof UnsupportedSqlException), sql + ": " + e.getMessage());
        return e.getMessage();
    }

    private static String unsupported(Db db, String sql) {
        return assertThrows(UnsupportedSqlException.class, () -> db.sql(sql)).getMessage();
    }

    @Test
    void aTableCreatedWithAnIndexListsItByItsDefaultName() {
        try (Db db = Db.create(SqlTestFiles.newFile("sql-index"),
                List.of(TableDef.of("events", FieldDef.intField("value").withOrderIndex())))) {
            db.append("events", Row.of("value", 4));
            assertEquals(0L, db.sql("DROP INDEX events_value_order").scalar());
            assertEquals(List.of(), indexes(db));
        }
    }
}
