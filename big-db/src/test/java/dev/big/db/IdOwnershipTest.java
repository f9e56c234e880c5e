package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.TestDirs;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * An id is given to exactly one writer: an append never lands on a record another writer wrote or
 * is writing, and an explicit-id write never lands on an id an append holds. Each case interleaves
 * two writers the way a review found one record silently replaced (issue "No lost record, no stuck
 * writer", defect 1), and checks that both acknowledged writes are there afterwards.
 */
class IdOwnershipTest {

    private static final TableDef EVENTS = TableDef.of("events", FieldDef.intField("v"));

    @Test
    void anAppendWaitingForATransactionNeverReplacesTheRecordItInserted() throws Exception {
        try (Db db = newDb("insert-then-append")) {
            Transaction transaction = db.begin();
            assertEquals(1L, transaction.sql("INSERT INTO events (id, v) VALUES (0, 100)").scalar());
            AtomicLong appended = new AtomicLong(-1);
            Thread appender = Thread.ofPlatform().start(() -> appended.set(db.append("events", Row.of("v", 1L))));
            awaitBlocked(appender);
            transaction.commit();
            appender.join(10_000);
            assertNotEquals(-1, appended.get(), "the append finished once the transaction committed");
            assertEquals(100L, value(db, 0), "the record the transaction inserted at 0 is still there");
            assertNotEquals(0L, appended.get(), "the append took an id of its own");
            assertEquals(1L, value(db, appended.get()), "the appended record");
            assertTrue(db.check().ok(), db.check().toString());
        }
    }

    @Test
    void anAppendNeverLandsOnAnIdABulkLoadHasSet() {
        try (Db db = newDb("bulk-then-append")) {
            long appended;
            try (BulkLoad load = db.bulkLoad("events")) {
                int v = load.field("v");
                for (long id = 0; id < 10; id++) {
                    load.id(id).set(v, 100 + id).add();
                }
                appended = db.append("events", Row.of("v", 1L)); // while the load's records are buffered
            }
            assertTrue(appended >= 10, "the append took an id after the load's, not " + appended);
            for (long id = 0; id < 10; id++) {
                assertEquals(100 + id, value(db, id), "bulk-loaded record " + id);
            }
            assertEquals(1L, value(db, appended), "the appended record");
            assertTrue(db.check().ok(), db.check().toString());
        }
    }

    @Test
    void anExplicitInsertIsRefusedAnIdAnIngesterHolds() {
        try (Db db = newDb("ingest-then-insert")) {
            long buffered;
            try (Ingester ingester = db.ingest(1_000)) {
                buffered = ingester.append("events", Row.of("v", 1L));
                InvalidInputException refused = assertThrows(InvalidInputException.class,
                        () -> db.sql("INSERT INTO events (id, v) VALUES (?, 100)", buffered));
                assertTrue(refused.getMessage().contains("record id " + buffered), refused.getMessage());
            }
            assertEquals(1L, value(db, buffered), "the ingested record");
            assertEquals(1L, db.sql("SELECT count(*) FROM events").scalar());
        }
    }

    @Test
    void aPutIsRefusedAnIdAnAppendHolds() {
        try (Db db = newDb("ingest-then-put")) {
            try (Ingester ingester = db.ingest(1_000)) {
                long buffered = ingester.append("events", Row.of("v", 1L));
                assertThrows(InvalidInputException.class, () -> db.put("events", buffered, Row.of("v", 100L)));
                assertThrows(InvalidInputException.class, () -> {
                    try (BulkLoad load = db.bulkLoad("events")) {
                        load.id(buffered).set(load.field("v"), 7L).add();
                    }
                });
            }
            assertEquals(1L, value(db, 0));
        }
    }

    @Test
    void twoIngestersNeverShareAnId() {
        try (Db db = newDb("two-ingesters")) {
            AtomicReference<Throwable> failed = new AtomicReference<>();
            long[][] ids = new long[2][500];
            Thread[] threads = new Thread[2];
            for (int t = 0; t < 2; t++) {
                int writer = t;
                threads[t] = Thread.ofPlatform().start(() -> {
                    try (Ingester ingester = db.ingest(7)) {
                        for (int i = 0; i < 500; i++) {
                            ids[writer][i] = ingester.append("events", Row.of("v", writer * 1_000L + i));
                        }
                    } catch (Throwable e) {
                        failed.set(e);
                    }
                });
            }
            for (Thread thread : threads) {
                join(thread);
            }
            assertEquals(null, failed.get());
            for (int t = 0; t < 2; t++) {
                for (int i = 0; i < 500; i++) {
                    assertEquals(t * 1_000L + i, value(db, ids[t][i]), "writer " + t + ", record " + i);
                }
            }
            assertEquals(1_000L, db.sql("SELECT count(*) FROM events").scalar());
        }
    }

    // ------------------------------------------------------------------ the largest id (defect 9)

    @Test
    void theLargestLongIsNoRecordIdSoTheNextIdNeverOverflows() {
        try (Db db = newDb("largest")) {
            InvalidInputException refused = assertThrows(InvalidInputException.class,
                    () -> db.sql("INSERT INTO events (id, v) VALUES (9223372036854775807, 1)"));
            assertTrue(refused.getMessage().contains("9223372036854775806"), refused.getMessage());
            assertThrows(InvalidInputException.class, () -> db.put("events", Long.MAX_VALUE, Row.of("v", 1L)));
            assertThrows(InvalidInputException.class, () -> db.bulkLoad("events",
                    List.of(Row.builder().id(Long.MAX_VALUE).set("v", 1L).build())));
            assertTrue(db.check().ok(), db.check().toString());
            assertEquals(0L, db.append("events", Row.of("v", 2L)));
        }
    }

    @Test
    void aTableWhoseLastIdIsTakenRefusesAppendsAndStaysWhole() {
        Path file = TestDirs.newDir("ids").resolve("full.big");
        try (Db db = Db.create(file, List.of(EVENTS))) {
            db.sql("INSERT INTO events (id, v) VALUES (9223372036854775806, 1)");
            InvalidInputException full = assertThrows(InvalidInputException.class, () -> db.append("events", Row.of("v", 2L)));
            assertTrue(full.getMessage().contains("no record id left"), full.getMessage());
            assertThrows(InvalidInputException.class, () -> db.sql("INSERT INTO events (v) VALUES (3)"));
            assertThrows(InvalidInputException.class, () -> {
                try (Ingester ingester = db.ingest(10)) {
                    ingester.append("events", Row.of("v", 4L));
                }
            });
            assertTrue(db.check().ok(), db.check().toString());
        }
        try (Db db = Db.open(file)) {
            assertTrue(db.check().ok(), db.check().toString());
            assertEquals(1L, value(db, Long.MAX_VALUE - 1));
            assertThrows(InvalidInputException.class, () -> db.append("events", Row.of("v", 2L)));
        }
    }

    // ------------------------------------------------------------------ helpers

    private static Db newDb(String name) {
        return Db.create(TestDirs.newDir("ids").resolve(name + ".big"), List.of(EVENTS));
    }

    private static long value(Db db, long id) {
        try (Snapshot snapshot = db.read()) {
            Object value = snapshot.value("events", id, "v");
            assertNotEquals(null, value, "record " + id + " has a value");
            return (Long) value;
        }
    }

    /** Waits until {@code thread} waits (for the write lock), failing after 10 s. */
    static void awaitBlocked(Thread thread) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (thread.getState() != Thread.State.WAITING && thread.getState() != Thread.State.TIMED_WAITING) {
            assertTrue(thread.isAlive(), "the thread ended before it waited");
            assertTrue(System.nanoTime() < deadline, "the thread never waited");
            Thread.sleep(1);
        }
    }

    private static void join(Thread thread) {
        try {
            thread.join(60_000);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        assertTrue(!thread.isAlive(), "a writer hung");
    }
}
