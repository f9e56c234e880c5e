package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.CatalogCodec;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.exchange.Exporter;
import dev.big.db.exchange.Importer;
import dev.big.engine.ReadTxn;
import dev.big.testing.TestDirs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Set fields across the catalog version that added set ids (catalog 2, export stream 2).
 *
 * <p>{@code format/set-fields-v1.big} and {@code set-fields-v1.export} were written by the build
 * before set ids (file format 1, catalog 1, stream 1): table {@code events} of fields n (int),
 * kind (keyed), tags and labels (set) with records 0..199 as {@link #v1Records} describes, then
 * {@code update(5, tags, [t1, new])}, {@code update(6, tags, null)}, {@code put(1000, n=1000,
 * tags=[t0])}, {@code delete(7)}, then exported. Their set fields have no set ids: they read and
 * write as before (an empty set as no value), and their catalog entries stay version 1, so the
 * build that wrote them can still open them. Fields made now keep set ids and tell an empty set
 * from none, through export and import too.
 */
class SetFieldsFormatTest {

    /** The records of the saved files, by id: field name to value (no key: no value). */
    static Map<Long, Map<String, Object>> v1Records() {
        Map<Long, Map<String, Object>> records = new HashMap<>();
        for (long i = 0; i < 200; i++) {
            Map<String, Object> values = new HashMap<>();
            values.put("n", i);
            values.put("kind", "k" + i % 3);
            if (i % 4 != 3) {
                values.put("tags", new TreeSet<>(List.of("t" + i % 5, "t" + i % 7)));
            }
            if (i % 10 != 0 && i % 10 < 6) {
                values.put("labels", Set.of("l" + i)); // i % 10 == 0 wrote an empty set: stored as none in version 1
            }
            records.put(i, values);
        }
        records.get(5L).put("tags", Set.of("t1", "new"));
        records.get(6L).remove("tags");
        records.put(1000L, new HashMap<>(Map.of("n", 1000L, "tags", Set.of("t0"))));
        records.remove(7L);
        return records;
    }

    @Test
    void aVersion1FileReadsAndWritesItsSetFieldsAsBefore() throws IOException {
        Path file = copyOfResource("set-fields-v1.big", TestDirs.newDir("v1-file").resolve("v1.big"));
        Map<Long, Map<String, Object>> expected = v1Records();
        try (Db db = Db.open(file)) {
            assertRecords(db, expected);
            assertFalse(field(db, "tags").hasSetIds());
            try (Snapshot snapshot = db.read()) {
                assertEquals(expected.values().stream().filter(r -> !r.containsKey("labels")).count(),
                        snapshot.count("events", Filter.isNull("labels")), "empty sets were stored as no value");
            }
            db.update("events", 8, "tags", List.of("t9", "t1"));
            db.update("events", 9, "tags", List.of());
            db.put("events", 11, Row.of("n", 11L, "labels", List.of("x")));
            expected.get(8L).put("tags", Set.of("t9", "t1"));
            expected.get(9L).remove("tags"); // a field without set ids keeps an empty set as none
            expected.put(11L, new HashMap<>(Map.of("n", 11L, "labels", Set.of("x"))));
            assertRecords(db, expected);
            assertTrue(db.check().ok(), db.check().describe());

            db.addField("events", FieldDef.set("more"));
            db.update("events", 8, "more", List.of());
            expected.get(8L).put("more", Set.of());
            assertRecords(db, expected);
            assertTrue(field(db, "more").hasSetIds(), "a field made now keeps set ids");
            assertEquals(List.of(1, 1, 1, 1, 2), fieldEntryVersions(db, List.of("n", "kind", "tags", "labels", "more")),
                    "only the new set field's entry needs catalog version 2");
        }
        try (Db db = Db.open(file)) {
            assertRecords(db, expected);
        }
    }

    @Test
    void aVersion1StreamImportsItsSetFieldsWithoutSetIds() throws IOException {
        Path dir = TestDirs.newDir("v1-stream");
        try (InputStream in = resource("set-fields-v1.export")) {
            Importer.importStream(in, "set-fields-v1.export", dir.resolve("imported.big"));
        }
        try (Db db = Db.open(dir.resolve("imported.big"))) {
            assertRecords(db, v1Records());
            assertFalse(field(db, "tags").hasSetIds());
            assertTrue(db.check().ok(), db.check().describe());
        }
    }

    @Test
    void emptySetsAndNoValueStayApartThroughExportAndImport() {
        Path dir = TestDirs.newDir("set-ids-round-trip");
        Map<Long, Map<String, Object>> expected = new HashMap<>();
        try (Db db = Db.create(dir.resolve("source.big"), List.of(TableDef.of("events", FieldDef.set("tags"))))) {
            List<Row> records = new ArrayList<>();
            for (long i = 0; i < 300; i++) {
                Set<String> tags = i % 3 == 0 ? null : i % 3 == 1 ? Set.of() : Set.of("a" + i % 4, "b");
                records.add(Row.builder().set("tags", tags).build().withId(i));
                expected.put(i, tags == null ? new HashMap<>() : new HashMap<>(Map.of("tags", tags)));
            }
            db.bulkLoad("events", records);
            assertRecords(db, expected);
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            Exporter.export(db, stream, "memory");
            Importer.importStream(new ByteArrayInputStream(stream.toByteArray()), "memory", dir.resolve("copy.big"));
        }
        try (Db copy = Db.open(dir.resolve("copy.big"))) {
            assertRecords(copy, expected);
            assertTrue(field(copy, "tags").hasSetIds());
            try (Snapshot snapshot = copy.read()) {
                assertEquals(100, snapshot.count("events", Filter.isNull("tags")));
                assertEquals(100, snapshot.count("events", Filter.not(Filter.contains("tags", "b"))), "the empty sets");
            }
            copy.update("events", 2, "tags", Set.of());
            expected.put(2L, new HashMap<>(Map.of("tags", Set.of())));
            assertRecords(copy, expected);
            assertTrue(copy.check().ok(), copy.check().describe());
        }
    }

    private static void assertRecords(Db db, Map<Long, Map<String, Object>> expected) {
        try (Snapshot snapshot = db.read()) {
            assertEquals(expected.size(), snapshot.count("events"));
            for (var e : expected.entrySet()) {
                Row record = snapshot.get("events", e.getKey()).orElseThrow();
                for (String name : snapshot.table("events").fields().stream().map(FieldDef::name).toList()) {
                    Object want = e.getValue().get(name);
                    Object got = record.values().get(name);
                    if (want == null) {
                        assertNull(got, "record " + e.getKey() + " field " + name);
                    } else if (want instanceof Set<?> set) {
                        assertEquals(set, record.getSet(name), "record " + e.getKey() + " field " + name);
                    } else {
                        assertEquals(want, got, "record " + e.getKey() + " field " + name);
                    }
                }
            }
        }
    }

    static FieldInfo field(Db db, String name) {
        try (ReadTxn txn = db.store().beginRead()) {
            return Catalog.of(txn).table("events").field(name);
        }
    }

    static List<Integer> fieldEntryVersions(Db db, List<String> names) {
        try (ReadTxn txn = db.store().beginRead()) {
            List<Integer> versions = new ArrayList<>();
            for (String name : names) {
                FieldInfo field = Catalog.of(txn).table("events").field(name);
                versions.add((int) txn.catalog().getBytes(CatalogCodec.fieldKey(field.fieldId()))[0]);
            }
            return versions;
        }
    }

    private static InputStream resource(String name) {
        InputStream in = SetFieldsFormatTest.class.getResourceAsStream("/format/" + name);
        if (in == null) {
            throw new IllegalStateException("test resource format/" + name + " is missing");
        }
        return in;
    }

    static Path copyOfResource(String name, Path target) throws IOException {
        try (InputStream in = resource(name)) {
            Files.copy(in, target);
        }
        return target;
    }
}
