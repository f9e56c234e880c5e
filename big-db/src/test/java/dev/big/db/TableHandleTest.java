package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.coords.Coords;
import dev.big.page.DatabaseClosedException;
import dev.big.testing.TestDirs;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A table handle's getters for every kind of field, for records with values, with nulls, deleted,
 * never written, past the end and at negative ids; its batch reads; and its refusals: a getter of
 * the wrong kind, a field handle of another table or snapshot, a handle of a closed snapshot.
 */
class TableHandleTest {

    private static final TableDef EVENTS = TableDef.of("events",
            FieldDef.intField("value"), FieldDef.intField("size", -1_000, 1_000_000), FieldDef.timestamp("at"),
            FieldDef.decimal("price", 2), FieldDef.bool("flag"), FieldDef.keyed("type"), FieldDef.set("tags"));
    private static final TableDef OTHER = TableDef.of("other", FieldDef.intField("value"));

    /** Ids in three shards and several container columns. */
    private static final long FULL = 7;
    private static final long EMPTY = 8;
    private static final long FAR = 3 * Coords.SHARD_WIDTH + 5 * 65_536 + 11;
    private static final long DELETED = Coords.SHARD_WIDTH + 2;
    private static final long NEGATIVE = -4;

    private Db db;

    @BeforeEach
    void open() {
        db = Db.create(TestDirs.newDir("table-handle").resolve("h.big"), List.of(EVENTS, OTHER));
        db.put("events", FULL, Row.of("value", -42L, "size", 999_999L, "at", Instant.ofEpochMilli(1_700_000_000_123L),
                "price", new BigDecimal("-12.34"), "flag", false, "type", "click", "tags", Set.of("b", "a")));
        db.put("events", EMPTY, Row.of());
        db.put("events", FAR, Row.of("value", Long.MAX_VALUE, "size", -1_000L, "flag", true, "type", "view",
                "tags", Set.of()));
        db.put("events", DELETED, Row.of("value", 1L, "type", "gone"));
        db.delete("events", DELETED);
        db.put("other", FULL, Row.of("value", 5L));
    }

    @AfterEach
    void close() {
        db.close();
    }

    @Test
    void everyKindReadsWhatWasWritten() {
        try (Snapshot s = db.read()) {
            TableHandle t = s.tableHandle("events");
            assertEquals(-42L, t.getLong(FULL, t.field("value")));
            assertEquals(999_999L, t.getLong(FULL, t.field("size")));
            assertEquals(1_700_000_000_123L, t.getLong(FULL, t.field("at")));
            assertEquals(Instant.ofEpochMilli(1_700_000_000_123L), t.getInstant(FULL, t.field("at")));
            assertEquals(new BigDecimal("-12.34"), t.getDecimal(FULL, t.field("price")));
            assertEquals(-1234L, t.getLong(FULL, t.field("price")), "a decimal's getLong is the unscaled number");
            assertFalse(t.getBoolean(FULL, t.field("flag")));
            assertEquals("click", t.getString(FULL, t.field("type")));
            assertEquals(List.of("a", "b"), List.copyOf(t.getSet(FULL, t.field("tags"))));

            assertEquals(Long.MAX_VALUE, t.getLong(FAR, t.field("value")));
            assertEquals(-1_000L, t.getLong(FAR, t.field("size")), "the declared minimum, the base of the planes");
            assertTrue(t.getBoolean(FAR, t.field("flag")));
            assertEquals("view", t.getString(FAR, t.field("type")));
            assertEquals(Set.of(), t.getSet(FAR, t.field("tags")), "a set field with set ids keeps the empty set");

            for (long id : new long[] {FULL, EMPTY, FAR}) {
                for (FieldHandle field : t.fields()) {
                    assertEquals(s.value("events", id, field.name()), t.get(id, field), field + " of " + id);
                    assertEquals(s.value("events", id, field.name()) != null, t.has(id, field), field + " of " + id);
                }
                assertEquals(s.get("events", id), t.record(id));
            }
            assertEquals(5L, s.tableHandle("other").getLong(FULL, s.tableHandle("other").field("value")));
        }
    }

    @Test
    void nullsAreNeverNumbers() {
        try (Snapshot s = db.read()) {
            TableHandle t = s.tableHandle("events");
            for (long id : new long[] {EMPTY, DELETED, NEGATIVE, FAR + 1, Coords.SHARD_WIDTH * 1000, Coords.MAX_RECORD_ID,
                    Long.MAX_VALUE, Long.MIN_VALUE}) {
                for (FieldHandle field : t.fields()) {
                    assertFalse(t.has(id, field), field + " of " + id);
                    assertNull(t.get(id, field), field + " of " + id);
                }
                assertEquals(id == EMPTY, t.exists(id), "record " + id);
                assertEquals(id == EMPTY, t.record(id).isPresent(), "record " + id);
                NoSuchElementException e = assertThrows(NoSuchElementException.class, () -> t.getLong(id, t.field("value")));
                assertEquals("record " + id + " of table 'events' has no value of field 'value' (or there is no such"
                        + " record); for records that may have none, use getLong(id, field, ifNull)", e.getMessage());
                assertEquals(-7L, t.getLong(id, t.field("value"), -7L));
                assertEquals(Long.MIN_VALUE, t.getLong(id, t.field("at"), Long.MIN_VALUE));
                assertThrows(NoSuchElementException.class, () -> t.getBoolean(id, t.field("flag")));
                assertNull(t.getInstant(id, t.field("at")));
                assertNull(t.getDecimal(id, t.field("price")));
                assertNull(t.getString(id, t.field("type")));
                assertNull(t.getSet(id, t.field("tags")));
                Object[] values = {"untouched"};
                assertEquals(id == EMPTY, t.read(id, new FieldHandle[] {t.field("value")}, values));
                assertEquals(id == EMPTY ? null : "untouched", values[0]);
            }
        }
    }

    @Test
    void batchReadsAnswerLikePointReadsInAnyOrder() {
        long[] ids = {FAR, EMPTY, NEGATIVE, FULL, DELETED, FAR + 1, FULL, 0};
        try (Snapshot s = db.read()) {
            TableHandle t = s.tableHandle("events");
            for (String name : List.of("value", "size", "at", "price")) {
                FieldHandle field = t.field(name);
                long[] values = new long[ids.length];
                boolean[] present = new boolean[ids.length];
                int found = t.readLongs(ids, ids.length, field, values, present);
                int expectedFound = 0;
                for (int i = 0; i < ids.length; i++) {
                    assertEquals(t.has(ids[i], field), present[i], name + " of " + ids[i]);
                    assertEquals(t.getLong(ids[i], field, 0), values[i], name + " of " + ids[i]);
                    expectedFound += present[i] ? 1 : 0;
                }
                assertEquals(expectedFound, found);
            }
            boolean[] flags = new boolean[ids.length];
            boolean[] present = new boolean[ids.length];
            assertEquals(3, t.readBooleans(ids, ids.length, t.field("flag"), flags, present));
            assertArrayEquals(new boolean[] {true, false, false, true, false, false, true, false}, present);
            assertArrayEquals(new boolean[] {true, false, false, false, false, false, false, false}, flags);
            String[] types = new String[ids.length];
            assertEquals(2, t.readStrings(ids, 5, t.field("type"), types), "the first 5 ids are read");
            assertArrayEquals(new String[] {"view", null, null, "click", null, null, null, null}, types);
        }
    }

    @Test
    void dictionaryValuesByIdAreTheKeyedStrings() {
        try (Snapshot s = db.read()) {
            TableHandle t = s.tableHandle("events");
            FieldHandle type = t.field("type");
            assertEquals(3, t.dictionarySize(type), "click, view and gone (a deleted record's value stays in the dictionary)");
            ShardScan scan = s.scan("events");
            long[] dictionaryIds = new long[1];
            scan.readNumbers("type", new long[] {FAR}, 1, dictionaryIds, new boolean[1]);
            assertEquals("view", t.dictionaryValue(type, dictionaryIds[0]));
            assertEquals(scan.dictionaryValue("type", dictionaryIds[0]), t.dictionaryValue(type, dictionaryIds[0]));
            InvalidInputException beyond = assertThrows(InvalidInputException.class, () -> t.dictionaryValue(type, 3));
            assertEquals("field 'type' of table 'events' has dictionary ids 0 to 2 at this snapshot, not 3", beyond.getMessage());
            assertThrows(InvalidInputException.class, () -> t.dictionaryValue(type, -1));
            assertEquals(2, t.dictionarySize(t.field("tags")));
            assertEquals(Set.of("a", "b"), Set.of(t.dictionaryValue(t.field("tags"), 0),
                    t.dictionaryValue(t.field("tags"), 1)));
        }
    }

    @Test
    void handlesAreBoundOnceAndKept() {
        try (Snapshot s = db.read()) {
            TableHandle t = s.tableHandle("events");
            assertSame(t, s.tableHandle("events"));
            assertSame(t.field("value"), t.field("value"));
            assertSame(t.field("value"), t.fields().getFirst());
            assertEquals(EVENTS.fields().stream().map(FieldDef::name).toList(), t.fields().stream().map(FieldHandle::name).toList());
            assertEquals(EVENTS, t.def());
            assertEquals("events", t.name());
            assertEquals(FieldType.DECIMAL, t.field("price").type());
            assertSame(t, t.field("price").table());
        }
    }

    @Test
    void unknownNamesAreRefusedNamingWhatThereIs() {
        try (Snapshot s = db.read()) {
            InvalidInputException table = assertThrows(InvalidInputException.class, () -> s.tableHandle("evnts"));
            assertEquals("no table 'evnts' (tables: events, other)", table.getMessage());
            InvalidInputException field = assertThrows(InvalidInputException.class, () -> s.tableHandle("events").field("vale"));
            assertEquals("table 'events' has no field 'vale' (its fields: value, size, at, price, flag, type, tags)",
                    field.getMessage());
        }
    }

    @Test
    void aGetterOfTheWrongKindIsRefused() {
        try (Snapshot s = db.read()) {
            TableHandle t = s.tableHandle("events");
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> t.getLong(FULL, t.field("type")));
            assertEquals("getLong reads int, timestamp or decimal fields; field 'type' of table 'events' is keyed (getString"
                    + " reads it)", e.getMessage());
            assertThrows(InvalidInputException.class, () -> t.getInstant(FULL, t.field("value")));
            assertThrows(InvalidInputException.class, () -> t.getDecimal(FULL, t.field("at")));
            assertThrows(InvalidInputException.class, () -> t.getBoolean(FULL, t.field("value")));
            assertThrows(InvalidInputException.class, () -> t.getString(FULL, t.field("tags")));
            assertThrows(InvalidInputException.class, () -> t.getSet(FULL, t.field("type")));
            assertThrows(InvalidInputException.class, () -> t.readLongs(new long[1], 1, t.field("flag"), new long[1], new boolean[1]));
            assertThrows(InvalidInputException.class, () -> t.readBooleans(new long[1], 1, t.field("value"), new boolean[1], new boolean[1]));
            assertThrows(InvalidInputException.class, () -> t.readStrings(new long[1], 1, t.field("value"), new String[1]));
            assertThrows(InvalidInputException.class, () -> t.dictionarySize(t.field("value")));
            assertThrows(InvalidInputException.class, () -> t.dictionaryValue(t.field("flag"), 0));
        }
    }

    @Test
    void aFieldHandleOfAnotherTableOrSnapshotIsRefused() {
        try (Snapshot s = db.read(); Snapshot other = db.read()) {
            TableHandle events = s.tableHandle("events");
            FieldHandle otherTable = s.tableHandle("other").field("value");
            FieldHandle otherSnapshot = other.tableHandle("events").field("value");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> events.getLong(FULL, otherTable));
            assertEquals("field handle other.value (int) belongs to another table handle (another table, or another snapshot):"
                    + " take field handles from the table handle they are read through", e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> events.get(FULL, otherSnapshot));
            assertThrows(IllegalArgumentException.class, () -> events.read(FULL, new FieldHandle[] {otherSnapshot}, new Object[1]));
        }
    }

    @Test
    void aHandleOfAClosedSnapshotSaysSo() {
        Snapshot s = db.read();
        long txid = s.txid();
        TableHandle t = s.tableHandle("events");
        FieldHandle value = t.field("value");
        assertEquals(-42L, t.getLong(FULL, value));
        s.close();
        DatabaseClosedException e = assertThrows(DatabaseClosedException.class, () -> t.getLong(FULL, value));
        assertTrue(e.getMessage().startsWith("the snapshot of commit " + txid + " these handles read is closed"), e.getMessage());
        assertThrows(DatabaseClosedException.class, () -> t.getLong(FULL, value, 0));
        assertThrows(DatabaseClosedException.class, () -> t.exists(FULL));
        assertThrows(DatabaseClosedException.class, () -> t.record(FULL));
        assertThrows(DatabaseClosedException.class, () -> t.field("size"));
        assertThrows(DatabaseClosedException.class, () -> t.readLongs(new long[] {FULL}, 1, value, new long[1], new boolean[1]));
        assertThrows(DatabaseClosedException.class, () -> s.tableHandle("other"));
        assertThrows(DatabaseClosedException.class, () -> s.value("events", FULL, "value"));
    }

    @Test
    void aTransactionsHandlesSeeItsWritesAndEndWithIt() {
        Transaction tx = db.begin();
        Snapshot s = tx.read();
        TableHandle t = s.tableHandle("events");
        tx.put("events", 100, Row.of("value", 17L, "type", "new"));
        Snapshot after = tx.read();
        TableHandle u = after.tableHandle("events");
        assertEquals(17L, u.getLong(100, u.field("value")));
        assertEquals("new", u.getString(100, u.field("type")));
        assertEquals(-42L, t.getLong(FULL, t.field("value")));
        tx.commit();
        DatabaseClosedException e = assertThrows(DatabaseClosedException.class, () -> u.getLong(100, u.field("value")));
        assertTrue(e.getMessage().startsWith("the transaction these handles read (it was committed or rolled back) is closed"),
                e.getMessage());
        assertThrows(DatabaseClosedException.class, () -> t.exists(FULL));
        try (Snapshot committed = db.read()) {
            TableHandle c = committed.tableHandle("events");
            assertEquals(17L, c.getLong(100, c.field("value")));
        }
    }
}
