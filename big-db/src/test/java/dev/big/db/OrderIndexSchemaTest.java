package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.engine.ReadTxn;
import dev.big.engine.bsi.OrderIndex;
import dev.big.testing.TestDirs;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Order indexes in the schema: a table created with one keeps it from its first write; one added
 * to a field with data is built from its planes in the same commit and kept exact by later
 * writes; dropping it frees its tree and clears the flag; each is stored in the catalog and seen by
 * every snapshot and handle after its commit. The index is compared with the planes it counts
 * ({@link OrderIndex#countsFromPlanes}).
 */
class OrderIndexSchemaTest {

    private static Path file(String name) {
        return TestDirs.newDir("order-index-schema").resolve(name + ".big");
    }

    private static TableDef events(boolean ordered) {
        FieldDef value = FieldDef.intField("value");
        return TableDef.of("events", ordered ? value.withOrderIndex() : value, FieldDef.timestamp("at"),
                FieldDef.keyed("type"), FieldDef.decimal("price", 2));
    }

    @Test
    void aTableCreatedWithAnIndexKeepsItFromTheFirstWrite() {
        Path file = file("created");
        try (Db db = Db.create(file, List.of(events(true)))) {
            assertEquals(List.of(new IndexDef("events_value_order", "events", "value")), indexes(db));
            assertEquals(List.of(4, 1, 1, 3), SetFieldsFormatTest.fieldEntryVersions(db, List.of("value", "at", "type", "price")),
                    "only the indexed field's entry is catalog version 4");
            db.bulkLoad("events", rows(new Random(1), 3000));
            db.append("events", Row.of("value", -7));
            db.update("events", 5, "value", 123456789L);
            db.delete("events", 6);
            assertIndexMatchesPlanes(db, "value");
        }
        try (Db db = Db.open(file); Snapshot snapshot = db.read()) {
            assertTrue(snapshot.table("events").field("value").orElseThrow().orderIndex(), "the flag survives a reopen");
            assertEquals(1, snapshot.indexes().size());
            assertTrue(db.check().ok(), db.check().describe());
        }
    }

    @Test
    void anIndexAddedToAFieldWithDataIsBuiltThenKeptAndDropped() {
        Path file = file("added");
        try (Db db = Db.create(file, List.of(events(false)))) {
            Random random = new Random(2);
            db.bulkLoad("events", rows(random, 5000));
            try (Snapshot before = db.read()) {
                db.createOrderIndex("events", "at", "by_time");
                db.createOrderIndex("events", "price");
                assertEquals(List.of(), before.indexes(), "a snapshot of the commit before sees no index");
            }
            assertEquals(List.of(new IndexDef("by_time", "events", "at"), new IndexDef("events_price_order", "events", "price")),
                    indexes(db));
            assertIndexMatchesPlanes(db, "at");
            assertIndexMatchesPlanes(db, "price");

            db.append("events", Row.of("at", Instant.ofEpochMilli(-1), "price", new BigDecimal("1.25")));
            try (Transaction tx = db.begin()) {
                tx.sql("UPDATE events SET price = 3.5 WHERE value > 0");
                tx.delete("events", 10);
                tx.commit();
            }
            db.bulkLoad("events", rows(random, 200));
            assertIndexMatchesPlanes(db, "at");
            assertIndexMatchesPlanes(db, "price");
            assertTrue(db.check().ok(), db.check().describe());

            db.dropOrderIndex("events", "at");
            assertEquals(List.of(new IndexDef("events_price_order", "events", "price")), indexes(db));
            try (ReadTxn txn = db.store().beginRead()) {
                FieldInfo at = Catalog.of(txn).table("events").field("at");
                assertFalse(at.hasOrderIndex());
                assertTrue(txn.fragment(OrderIndex.fragmentKey(at.bsi())).isEmpty(),
                        "dropping the index frees its tree");
            }
            assertEquals(List.of(1, 1, 1, 4), SetFieldsFormatTest.fieldEntryVersions(db, List.of("value", "at", "type", "price")),
                    "a field whose index was dropped goes back to the oldest version that holds it");
            db.update("events", 1, "at", Instant.ofEpochMilli(5));
            assertTrue(db.check().ok(), db.check().describe());
        }
    }

    @Test
    void anIndexCreatedInATransactionCountsItsWritesAndGoesWithARollback() {
        Path file = file("transaction");
        try (Db db = Db.create(file, List.of(events(false)))) {
            db.bulkLoad("events", rows(new Random(3), 1000));
            try (Transaction tx = db.begin()) {
                tx.insertAll("events", List.of(Row.of("value", 1), Row.of("value", 2)));
                tx.createOrderIndex("events", "value", "v");
                tx.updateAll("events", new long[] {0, 1, 2}, java.util.Map.of("value", 77));
                // rolled back by close
            }
            assertEquals(List.of(), indexes(db));
            try (Transaction tx = db.begin()) {
                tx.insertAll("events", List.of(Row.of("value", 1), Row.of("value", 2)));
                tx.createOrderIndex("events", "value", "v");
                tx.updateAll("events", new long[] {0, 1, 2}, java.util.Map.of("value", 77));
                tx.commit();
            }
            assertEquals(List.of(new IndexDef("v", "events", "value")), indexes(db));
            assertIndexMatchesPlanes(db, "value");
        }
    }

    @Test
    void checkReportsAnOrderTreeOfAFieldWithoutAnIndex() {
        Path file = file("stray");
        try (Db db = Db.create(file, List.of(events(false)))) {
            db.bulkLoad("events", rows(new Random(4), 100));
            try (dev.big.engine.WriteTxn txn = db.store().beginWrite()) {
                FieldInfo value = Catalog.of(txn).table("events").field("value");
                OrderIndex.rebuild(txn, value.bsi()); // a tree the catalog does not ask for
                txn.commit();
            }
            CheckReport report = db.check();
            assertFalse(report.ok());
            assertTrue(report.describe().contains("events.value (a int field) has a fragment in view 6, which its kind does not"
                    + " use"), report.describe());
        }
    }

    @Test
    void refusals() {
        Path file = file("refusals");
        try (Db db = Db.create(file, List.of(events(true)))) {
            db.append("events", Row.of("value", 1, "type", "a"));
            InvalidInputException keyed = assertThrows(InvalidInputException.class, () -> db.createOrderIndex("events", "type"));
            assertEquals("field 'type' of table 'events' is keyed: only int, decimal and timestamp fields take an order index"
                    + " (it orders numbers)", keyed.getMessage());
            InvalidInputException twice = assertThrows(InvalidInputException.class,
                    () -> db.createOrderIndex("events", "value", "another"));
            assertEquals("field 'value' of table 'events' already has order index 'events_value_order'; a field keeps one"
                    + " (drop it first to rename it)", twice.getMessage());
            InvalidInputException taken = assertThrows(InvalidInputException.class,
                    () -> db.createOrderIndex("events", "at", "EVENTS_VALUE_ORDER"));
            assertEquals("an index named 'events_value_order' exists already (on events.value); index names are unique in a"
                    + " database, in any case", taken.getMessage());
            InvalidInputException badName = assertThrows(InvalidInputException.class,
                    () -> db.createOrderIndex("events", "at", "no good"));
            assertTrue(badName.getMessage().startsWith("index name 'no good' is not valid"), badName.getMessage());
            InvalidInputException none = assertThrows(InvalidInputException.class, () -> db.dropOrderIndex("events", "at"));
            assertEquals("field 'at' of table 'events' has no order index", none.getMessage());
            assertThrows(InvalidInputException.class, () -> db.createOrderIndex("events", "nope"));
            assertThrows(InvalidInputException.class, () -> db.addField("events", FieldDef.bool("b").withOrderIndex()));
            assertEquals(List.of(new IndexDef("events_value_order", "events", "value")), indexes(db), "nothing refused was stored");
        }
    }

    /**
     * A file of format 1 ({@code FileFormat1Test}'s fixture, made by the build before format 2)
     * takes no order index, by any way of asking, until it is migrated; the refusal says how.
     */
    @Test
    void aFormat1FileTakesNoIndexUntilMigrated() throws java.io.IOException {
        Path file = FileFormat1Test.copyOfFixture(TestDirs.newDir("order-index-format1").resolve("events.big"));
        String refusal = "field 'value' of table 'events' cannot get an order index: this file has format version 1, and order"
                + " indexes need version 2 or later: run `big migrate FILE` first";
        try (Db db = Db.open(file)) {
            assertEquals(refusal, assertThrows(InvalidInputException.class, () -> db.createOrderIndex("events", "value"))
                    .getMessage());
            assertEquals(refusal, assertThrows(InvalidInputException.class, () -> db.sql("CREATE INDEX v ON events (value)"))
                    .getMessage());
            assertThrows(InvalidInputException.class, () -> db.addField("events", FieldDef.intField("n").withOrderIndex()));
            assertThrows(InvalidInputException.class, () -> db.createTable(TableDef.of("t", FieldDef.intField("n").withOrderIndex())));
            assertEquals(List.of(), indexes(db));
            assertEquals(List.of("events"), db.schema().stream().map(TableDef::name).toList(), "nothing refused was made");
        }
        Db.migrate(file);
        try (Db db = Db.open(file)) {
            db.createOrderIndex("events", "value");
            assertIndexMatchesPlanes(db, "value");
            assertTrue(db.check().ok(), db.check().describe());
        }
    }

    @Test
    void defaultNamesStayNamesAndUnique() {
        Path file = file("names");
        String table = "t".repeat(40);
        String field = "f".repeat(40);
        try (Db db = Db.create(file, List.of(TableDef.of(table, FieldDef.intField(field).withOrderIndex())))) {
            db.createTable(TableDef.of("a", FieldDef.intField("b")));
            db.createOrderIndex("a", "b", "a_c_order");
            db.addField("a", FieldDef.intField("c").withOrderIndex());
            List<IndexDef> indexes = indexes(db);
            assertEquals(("t".repeat(40) + "_" + "f".repeat(23)), indexes.get(0).name(), "cut to 64 characters");
            assertEquals("a_c_order_2", indexes.get(2).name(), "numbered when the name is taken");
        }
    }

    private static List<IndexDef> indexes(Db db) {
        try (Snapshot snapshot = db.read()) {
            return snapshot.indexes();
        }
    }

    /** The index's counts are those of the planes: each value's records, and the total. */
    static void assertIndexMatchesPlanes(Db db, String fieldName) {
        try (ReadTxn txn = db.store().beginRead()) {
            FieldInfo field = Catalog.of(txn).table("events").field(fieldName);
            assertTrue(field.bsi().ordered());
            OrderIndex index = OrderIndex.of(txn, field.bsi());
            OrderIndex.ValueCounts counts = OrderIndex.countsFromPlanes(txn, field.bsi());
            long total = 0;
            for (int i = 0; i < counts.size(); i++) {
                total += counts.counts()[i];
                assertEquals(counts.counts()[i], index.countBetween(counts.values()[i], counts.values()[i]),
                        fieldName + ": records of value " + counts.values()[i]);
            }
            assertEquals(total, index.total(), fieldName + ": records with a value");
            if (counts.size() > 0) {
                long low = counts.values()[0];
                long high = counts.values()[counts.size() - 1];
                assertEquals(0, low == Long.MIN_VALUE ? 0 : index.countBetween(Long.MIN_VALUE, low - 1), "nothing below the least");
                assertEquals(0, high == Long.MAX_VALUE ? 0 : index.countBetween(high + 1, Long.MAX_VALUE), "nothing above the most");
            }
        }
    }

    private static List<Row> rows(Random random, int count) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rows.add(Row.of("value", random.nextInt(10) == 0 ? null : (long) random.nextInt(200) - 100,
                    "at", random.nextInt(7) == 0 ? null : Instant.ofEpochMilli(1_700_000_000_000L + random.nextInt(1_000_000)),
                    "type", "t" + random.nextInt(5),
                    "price", random.nextInt(5) == 0 ? null : BigDecimal.valueOf(random.nextInt(100_000) - 50_000, 2)));
        }
        return rows;
    }
}
