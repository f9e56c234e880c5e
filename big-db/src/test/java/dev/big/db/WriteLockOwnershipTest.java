package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.big.testing.TestDirs;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The write lock belongs to the write transaction, not to the thread that began it: a transaction
 * handed to another thread (as connection pools and async frameworks do) is committed or rolled
 * back there and lets the next writer in (issue "No lost record, no stuck writer", defect 2).
 */
class WriteLockOwnershipTest {

    private final ExecutorService other = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        other.shutdownNow();
    }

    @Test
    void aTransactionCommittedOnAnotherThreadLetsTheNextWriterIn() throws Exception {
        try (Db db = newDb("commit-elsewhere")) {
            Transaction transaction = db.begin();
            long id = transaction.append("events", Row.of("v", 1L));
            other.submit(transaction::commit).get(10, TimeUnit.SECONDS);
            long next = appendWithin(db, 10_000);
            assertEquals(id + 1, next);
            assertEquals(2L, db.sql("SELECT count(*) FROM events").scalar());
        }
    }

    @Test
    void aTransactionRolledBackOnAnotherThreadLetsTheNextWriterIn() throws Exception {
        try (Db db = newDb("rollback-elsewhere")) {
            Transaction transaction = db.begin();
            transaction.append("events", Row.of("v", 1L));
            other.submit(transaction::close).get(10, TimeUnit.SECONDS);
            assertEquals(0L, appendWithin(db, 10_000), "the rolled-back append's id is handed out again");
            assertEquals(1L, db.sql("SELECT count(*) FROM events").scalar());
        }
    }

    @Test
    void aTransactionBegunOnOneThreadWritesOnAnotherAndCommitsOnAThird() throws Exception {
        try (Db db = newDb("three-threads")) {
            Transaction transaction = db.begin();
            other.submit(() -> transaction.sql("INSERT INTO events (id, v) VALUES (5, 50)")).get(10, TimeUnit.SECONDS);
            Thread third = Thread.ofPlatform().start(transaction::commit);
            third.join(10_000);
            assertFalse(third.isAlive());
            appendWithin(db, 10_000);
            assertEquals(2L, db.sql("SELECT count(*) FROM events").scalar());
        }
    }

    /** Appends on a thread of its own, failing (rather than hanging the build) if it takes longer than {@code millis}. */
    static long appendWithin(Db db, long millis) throws InterruptedException {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread writer = Thread.ofPlatform().daemon().start(() -> {
            try {
                result.set(db.append("events", Row.of("v", 2L)));
            } catch (Throwable e) {
                result.set(e);
            }
        });
        writer.join(millis);
        assertFalse(writer.isAlive(), "the next writer still waits for the write lock after " + millis + " ms");
        assertNotNull(result.get());
        if (result.get() instanceof Throwable e) {
            throw new AssertionError("the next writer failed", e);
        }
        return (Long) result.get();
    }

    private static Db newDb(String name) {
        return Db.create(TestDirs.newDir("lock").resolve(name + ".big"), List.of(TableDef.of("events", FieldDef.intField("v"))));
    }
}
