package dev.big.db.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.CheckReport;
import dev.big.db.Db;
import dev.big.db.Filter;
import dev.big.db.Snapshot;
import dev.big.db.catalog.FieldInfo;
import dev.big.engine.Fragment;
import dev.big.engine.Txn;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.Container;

/**
 * A keyed or set field keeps each record's value twice: as a bit in the row of its dictionary id,
 * which filters read, and as an id in bit planes (a keyed field's dictionary id, a set field's set
 * id), which reading the record back gives. Two row containers swapped keep every count and every
 * "which records have a value" intact, so only comparing the two copies record by record finds it.
 */
class FieldValuesCheckTest {

    /** Container keys of rows 0 and 1 in container column 0: both hold many records of the fixture's shard 0. */
    private static final long ROW_0 = Coords.containerKeyOf(0, 0);
    private static final long ROW_1 = Coords.containerKeyOf(1, 0);

    @Test
    void swappedRowContainersOfAKeyedFieldAreReportedRecordByRecord() {
        Path file = CheckFixture.copy("keyed-swapped");
        Container[] before = new Container[2];
        String[] values = new String[2];
        CheckFixture.write(file, txn -> {
            FieldInfo type = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "type");
            swap(txn.fragment(type.rowsFragment(0)), before);
            values[0] = valueOf(txn, type, 0);
            values[1] = valueOf(txn, type, 1);
        });
        // A record of the second value, now in the first one's row: the first record the check meets.
        long record = before[1].first();
        // What the swap does to queries: the filter on one value finds the record, reading it gives the other.
        try (Db db = Db.openReadOnly(file); Snapshot read = db.read()) {
            assertEquals(values[1], read.value(WellUsedDatabase.EVENTS, record, "type"));
            assertTrue(idsOf(read, Filter.eq("type", values[0])).contains(record));
        }
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "field values", "events.type", "record " + record + ":",
                "the rows say " + DictionaryCheck.quote(bytes(values[0])) + " (id 0)",
                "the id planes say " + DictionaryCheck.quote(bytes(values[1])) + " (id 1)");
        // Every record of both containers disagrees, and the report counts them all.
        CheckFixture.assertProblem(report, "field values", "events.type",
                (before[0].getCardinality() + before[1].getCardinality()) + " record(s)");
    }

    @Test
    void setRowsThatDisagreeWithTheRecordsSetIdsAreReported() {
        Path file = CheckFixture.copy("set-swapped");
        Container[] before = new Container[2];
        String[] values = new String[2];
        CheckFixture.write(file, txn -> {
            FieldInfo tags = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "tags");
            swap(txn.fragment(tags.rowsFragment(0)), before);
            values[0] = valueOf(txn, tags, 0);
            values[1] = valueOf(txn, tags, 1);
        });
        // A record with the second value and not the first: its rows now say the first, the check meets it first.
        long record = before[1].andNot(before[0]).first();
        try (Db db = Db.openReadOnly(file); Snapshot read = db.read()) {
            Set<?> readBack = (Set<?>) read.value(WellUsedDatabase.EVENTS, record, "tags");
            assertTrue(readBack.contains(values[1]) && !readBack.contains(values[0]), readBack.toString());
            assertTrue(idsOf(read, Filter.contains("tags", values[0])).contains(record));
        }
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "field values", "events.tags", "record " + record + ":",
                "the rows say it holds {" + DictionaryCheck.quote(bytes(values[0])) + " (id 0)", "its set id",
                DictionaryCheck.quote(bytes(values[1])) + " (id 1)");
        CheckFixture.assertProblem(report, "field values", "events.tags",
                before[0].xor(before[1]).getCardinality() + " record(s)");
    }

    @Test
    void aRecordMovedToAnotherRowIsReportedWithTheValueOfEachSide() {
        Path file = CheckFixture.copy("keyed-plane");
        long[] record = new long[1];
        CheckFixture.write(file, txn -> {
            FieldInfo type = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "type");
            Fragment rows = txn.fragment(type.rowsFragment(0));
            // A record of value 0 moves to value 1 in the rows only: the planes keep saying 0.
            int low = rows.find(ROW_0).toContainer().last();
            record[0] = low;
            Container row0 = rows.find(ROW_0).toContainer().remove((char) low);
            rows.put(ROW_0, row0);
            rows.addBit(ROW_1, low);
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "field values", "events.type", "record " + record[0] + ":",
                "the rows say", "(id 1)", "the id planes say", "(id 0)");
    }

    @Test
    void aKeyedRecordThatNoRowHoldsIsReportedWithItsPlanesValue() {
        Path file = CheckFixture.copy("keyed-no-row");
        long[] record = new long[1];
        CheckFixture.write(file, txn -> {
            FieldInfo type = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "type");
            record[0] = removeFirst(txn.fragment(type.rowsFragment(0)), ROW_0);
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "field values", "events.type", "record " + record[0] + ":",
                "the id planes say", "(id 0), no row holds it");
    }

    @Test
    void aSetValueThatTheRowsLackIsReportedNamingIt() {
        Path file = CheckFixture.copy("set-no-row");
        long[] record = new long[1];
        String[] value = new String[1];
        CheckFixture.write(file, txn -> {
            FieldInfo tags = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "tags");
            record[0] = removeFirst(txn.fragment(tags.rowsFragment(0)), ROW_0);
            value[0] = valueOf(txn, tags, 0);
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "field values", "events.tags", "record " + record[0] + ":",
                "the rows say it holds {}", "its set id", "says {" + DictionaryCheck.quote(bytes(value[0])) + " (id 0)}");
    }

    /** Takes the first record out of the container at {@code key}; returns it (a record id of shard 0, column 0). */
    private static long removeFirst(Fragment rows, long key) {
        Container container = rows.find(key).toContainer().clone();
        char first = (char) container.first();
        rows.put(key, container.remove(first));
        return first;
    }

    /** Swaps the containers of rows 0 and 1 in container column 0; {@code before} gets what each held. */
    private static void swap(Fragment rows, Container[] before) {
        before[0] = rows.find(ROW_0).toContainer().clone();
        before[1] = rows.find(ROW_1).toContainer().clone();
        rows.put(ROW_0, before[1].clone());
        rows.put(ROW_1, before[0].clone());
    }

    private static String valueOf(Txn txn, FieldInfo field, long id) {
        byte[] utf8 = txn.fragment(Coords.fragmentKey(field.fieldId(), Dictionary.VIEW_BY_ID, 0)).getBytes(id);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    private static byte[] bytes(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }

    private static Set<Long> idsOf(Snapshot read, Filter filter) {
        Set<Long> ids = new HashSet<>();
        read.forEachId(WellUsedDatabase.EVENTS, filter, ids::add);
        return ids;
    }
}
