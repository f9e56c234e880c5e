package dev.big.db.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.IndexDef;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.engine.ReadTxn;
import dev.big.engine.bsi.OrderIndex;
import dev.big.testing.TestDirs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Stream version 4 carries each field's order index (kind and name), and the index's tree travels
 * as the field's view 6 fragment: an import has the same indexes, entry for entry, which pass the
 * import's own check and stay exact under later writes. A stream of version 3, written by the
 * build before order indexes, still imports.
 */
class OrderIndexExchangeTest {

    @Test
    void anImportHasTheSameIndexesEntryForEntry() {
        Path dir = TestDirs.newDir("order-index-exchange");
        try (Db source = Db.create(dir.resolve("source.big"), List.of(
                TableDef.of("events", FieldDef.intField("value").withOrderIndex(), FieldDef.timestamp("at"),
                        FieldDef.decimal("price", 2), FieldDef.keyed("type")),
                TableDef.of("other", FieldDef.intField("n", 100, 1_000_000).withOrderIndex())))) {
            Random random = new Random(11);
            List<Row> rows = new ArrayList<>();
            for (int i = 0; i < 4000; i++) {
                rows.add(Row.of("value", random.nextInt(9) == 0 ? null : random.nextLong(-1000, 1000),
                        "at", Instant.ofEpochMilli(1_700_000_000_000L + random.nextInt(100_000)),
                        "price", BigDecimal.valueOf(random.nextInt(10_000), 2), "type", "t" + random.nextInt(4)));
            }
            source.bulkLoad("events", rows);
            source.put("events", 3_000_000L, Row.of("value", 5, "at", Instant.EPOCH)); // a second shard
            source.createOrderIndex("events", "at", "ByTime");
            for (int i = 0; i < 300; i++) {
                source.append("other", Row.of("n", 100 + random.nextInt(5000)));
            }

            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            Exporter.export(source, stream, "memory");
            Importer.importStream(new ByteArrayInputStream(stream.toByteArray()), "memory", dir.resolve("copy.big"));
            try (Db copy = Db.open(dir.resolve("copy.big"))) {
                assertEquals(indexes(source), indexes(copy));
                assertEquals(List.of(new IndexDef("events_value_order", "events", "value"), new IndexDef("ByTime", "events", "at"),
                        new IndexDef("other_n_order", "other", "n")), indexes(copy));
                assertEquals(source.schema(), copy.schema());
                for (String[] field : new String[][] {{"events", "value"}, {"events", "at"}, {"other", "n"}}) {
                    assertEquals(orderTree(source, field[0], field[1]), orderTree(copy, field[0], field[1]), field[1]);
                    assertFalse(orderTree(copy, field[0], field[1]).isEmpty(), field[1] + ": the tree came across");
                }
                ExportImportRoundTripTest.assertSameAnswers(source, copy, List.of("events", "other"));
                assertTrue(copy.check().ok(), copy.check().describe());
                copy.update("events", 7, "value", 999_999L);
                copy.delete("events", 8);
                copy.append("other", Row.of("n", 777));
                assertIndexMatchesPlanes(copy, "events", "value");
                assertIndexMatchesPlanes(copy, "other", "n");
                assertTrue(copy.check().ok(), copy.check().describe());
            }
        }
    }

    /**
     * {@code format/before-order-index.export}: stream version 3, exported by the build of commit
     * b685d81 (before order indexes) from a table of int (bounded), decimal, timestamp, keyed and
     * set fields (its program: format/before-order-index.md). It imports with no index, and an index made after
     * the import counts its values.
     */
    @Test
    void aVersion3StreamStillImports() throws Exception {
        Path dir = TestDirs.newDir("order-index-exchange-v3");
        try (InputStream in = OrderIndexExchangeTest.class.getResourceAsStream("/format/before-order-index.export")) {
            byte[] bytes = in.readAllBytes();
            assertEquals(3, java.nio.ByteBuffer.wrap(bytes, 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(),
                    "the fixture is a version 3 stream");
            Importer.importStream(new ByteArrayInputStream(bytes), "before-order-index.export", dir.resolve("v3.big"));
        }
        try (Db db = Db.open(dir.resolve("v3.big"))) {
            assertEquals(List.of(), indexes(db));
            assertEquals(List.of(TableDef.of("events", FieldDef.intField("value", -1000, 1000), FieldDef.decimal("price", 2),
                    FieldDef.timestamp("at"), FieldDef.keyed("type"), FieldDef.set("tags"))), db.schema());
            try (Snapshot snapshot = db.read()) {
                assertEquals(1000, snapshot.count("events"));
            }
            assertTrue(db.check().ok(), db.check().describe());
            db.createOrderIndex("events", "value");
            db.createOrderIndex("events", "price");
            assertIndexMatchesPlanes(db, "events", "value");
            assertIndexMatchesPlanes(db, "events", "price");
            assertTrue(db.check().ok(), db.check().describe());
        }
    }

    private static List<IndexDef> indexes(Db db) {
        try (Snapshot snapshot = db.read()) {
            return snapshot.indexes();
        }
    }

    /** The entries of a field's order index tree, by key. */
    private static Map<Long, List<Byte>> orderTree(Db db, String table, String field) {
        try (ReadTxn txn = db.store().beginRead()) {
            FieldInfo info = Catalog.of(txn).table(table).field(field);
            Map<Long, List<Byte>> entries = new LinkedHashMap<>();
            txn.fragment(OrderIndex.fragmentKey(info.bsi())).forEachCell(0, -1L, view -> {
                List<Byte> bytes = new ArrayList<>();
                for (byte b : view.bytes()) {
                    bytes.add(b);
                }
                entries.put(view.key(), bytes);
                return true;
            });
            return entries;
        }
    }

    static void assertIndexMatchesPlanes(Db db, String table, String fieldName) {
        try (ReadTxn txn = db.store().beginRead()) {
            FieldInfo field = Catalog.of(txn).table(table).field(fieldName);
            OrderIndex index = OrderIndex.of(txn, field.bsi());
            long total = 0;
            OrderIndex.ValueCounts counts = OrderIndex.countsFromPlanes(txn, field.bsi());
            for (int i = 0; i < counts.size(); i++) {
                total += counts.counts()[i];
                assertEquals(counts.counts()[i], index.countBetween(counts.values()[i], counts.values()[i]),
                        fieldName + ": records of value " + counts.values()[i]);
            }
            assertEquals(total, index.total(), fieldName + ": records with a value");
        }
    }
}
