package dev.big.db.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Filter;
import dev.big.db.GroupCount;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.db.Transaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Counts kept with a committed state ({@link StateCounts}) are that state's and no other's: a
 * snapshot taken before a commit keeps answering its own counts after the commit, a snapshot after
 * it sees the commit, a transaction sees its own writes between two asks, and a state asked about
 * more one-row filters than it keeps still answers every one (IN lists of a keyed field too).
 * Each count is checked against the records written, counted here.
 */
class StateCountsTest {

    private static final TableDef TABLE = TableDef.of("t", FieldDef.keyed("k"), FieldDef.bool("b"), FieldDef.intField("v"));

    @Test
    void aStateKeepsItsOwnCountsAndTheNextStateHasNew() throws IOException {
        try (Db db = Db.create(newFile("state"), List.of(TABLE))) {
            Map<String, Long> expected = new HashMap<>();
            write(db, 0, 3 * (1 << 20) + 5, expected);   // four shards, ids every 97
            try (Snapshot before = db.read()) {
                assertCounts(before, expected);
                Map<String, Long> was = new HashMap<>(expected);
                write(db, 3, 2 * (1 << 20), expected);
                assertCounts(before, was);                 // asked again: the kept answers are still its own
                try (Snapshot after = db.read()) {
                    assertCounts(after, expected);
                    assertCounts(after, expected);         // and asked twice on the new state
                }
                db.delete("t", 97);                        // n = 1: k1, b true
                expected.merge("k1", -1L, Long::sum);
                expected.merge("b:true", -1L, Long::sum);
                try (Snapshot afterDelete = db.read()) {
                    assertCounts(afterDelete, expected);
                }
                assertCounts(before, was);
            }
        }
    }

    @Test
    void aTransactionSeesItsOwnWritesBetweenTwoAsks() throws IOException {
        try (Db db = Db.create(newFile("txn"), List.of(TABLE))) {
            Map<String, Long> expected = new HashMap<>();
            write(db, 0, 200_000, expected);
            try (Transaction transaction = db.begin()) {
                try (Snapshot first = transaction.read()) {
                    assertCounts(first, expected);
                }
                transaction.put("t", 5_000_001, Row.of("k", "k1", "b", false));
                expected.merge("k1", 1L, Long::sum);
                expected.merge("b:false", 1L, Long::sum);
                try (Snapshot second = transaction.read()) {
                    assertCounts(second, expected);
                }
                transaction.rollback();
            }
        }
    }

    @Test
    void moreOneRowFiltersThanAStateKeepsAreAllAnswered() throws IOException {
        try (Db db = Db.create(newFile("many"), List.of(TableDef.of("t", FieldDef.keyed("k"))))) {
            int values = StateCounts.MAX_FILTERS + 500;
            List<Row> records = new ArrayList<>();
            for (int i = 0; i < values; i++) {
                for (int copy = 0; copy <= i % 3; copy++) {
                    records.add(Row.of("k", "v" + i));
                }
            }
            db.bulkLoad("t", records);
            try (Snapshot snapshot = db.read()) {
                for (int round = 0; round < 2; round++) {
                    for (int i = 0; i < values; i++) {
                        assertEquals(1 + i % 3, snapshot.count("t", Filter.eq("k", "v" + i)), "v" + i + ", round " + round);
                    }
                }
            }
        }
    }

    /**
     * Records at ids {@code offset, offset + 97, ...} below {@code end} (bulk loaded at offset 0,
     * else put in one transaction), and what each count of them comes to.
     */
    private static void write(Db db, long offset, long end, Map<String, Long> expected) {
        List<Row> records = new ArrayList<>();
        for (long id = offset; id < end; id += 97) {
            int n = (int) (id / 97);
            Map<String, Object> values = new HashMap<>();
            if (n % 5 != 0) {
                values.put("k", "k" + n % 4);
                expected.merge("k" + n % 4, 1L, Long::sum);
            } else {
                expected.merge("null", 1L, Long::sum);
            }
            if (n % 3 != 0) {
                values.put("b", n % 3 == 1);
                expected.merge("b:" + (n % 3 == 1), 1L, Long::sum);
            }
            values.put("v", (long) n);
            records.add(Row.of(values).withId(id));
        }
        if (offset == 0) {
            db.bulkLoad("t", records);
        } else {
            try (Transaction transaction = db.begin()) {   // among the records there: put, one commit
                for (Row record : records) {
                    transaction.put("t", record.id().getAsLong(), record);
                }
                transaction.commit();
            }
        }
    }

    private static void assertCounts(Snapshot snapshot, Map<String, Long> expected) {
        for (int k = 0; k < 4; k++) {
            assertEquals(expected.getOrDefault("k" + k, 0L), snapshot.count("t", Filter.eq("k", "k" + k)), "k = k" + k);
        }
        assertEquals(0, snapshot.count("t", Filter.eq("k", "absent")));
        // An IN list of a keyed field is a row per distinct value, counted from the cells too.
        assertEquals(expected.getOrDefault("k0", 0L) + expected.getOrDefault("k2", 0L),
                snapshot.count("t", Filter.in("k", List.of("k0", "k2", "k0", "absent"))), "k IN (k0, k2, k0, absent)");
        for (boolean b : new boolean[] {true, false}) {
            assertEquals(expected.getOrDefault("b:" + b, 0L), snapshot.count("t", Filter.eq("b", b)), "b = " + b);
        }
        Map<String, Long> groups = new HashMap<>();
        for (GroupCount group : snapshot.groupCount("t", "k", Filter.all(), -1)) {
            groups.put(group.key() == null ? "null" : group.key(), group.count());
        }
        Map<String, Long> expectedGroups = new HashMap<>();
        for (var e : expected.entrySet()) {
            if ((e.getKey().startsWith("k") || e.getKey().equals("null")) && e.getValue() > 0) {
                expectedGroups.put(e.getKey(), e.getValue());
            }
        }
        assertEquals(expectedGroups, groups, "group count of k");
    }

    private static Path newFile(String name) throws IOException {
        Path dir = Files.createDirectories(Path.of("target", "test-files"));
        return Files.createTempDirectory(dir, "state-counts-").resolve(name + ".big");
    }
}
