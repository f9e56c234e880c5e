package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.PendingCommit;
import dev.big.testing.TestDirs;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What pipelined ingest commits must not change for a user (found by review): an id written by a
 * commit still being forced is never handed out again by {@code append}, a progress listener
 * may write to the database, and an interrupted close still accounts for every batch.
 */
class PipelinedIngestTest {

    private static final TableDef T = TableDef.of("t", FieldDef.intField("v"));

    @Test
    void appendNeverHandsOutAnIdOfACommitBeingForced() {
        Path dir = TestDirs.newDir("pipelined-ids");
        for (int trial = 0; trial < 20; trial++) {
            try (Db db = Db.create(dir.resolve("db" + trial), List.of(T))) {
                RecordIds.Grants put = new RecordIds.Grants();
                PendingCommit pending = db.commitPipelined(List.of(db.putOp("t", 100, Row.of("v", 1L), put)), put);
                long id = db.ids.reserve("t", 1, new RecordIds.Grants());
                pending.await();
                assertTrue(id > 100, "trial " + trial + ": append's next id " + id + " is not above id 100, written by a commit being forced");
            }
        }
    }

    @Tag("slow")
    @Test
    void appendsNeverOverwriteARecordPutByAnEarlierBatch() {
        Path dir = TestDirs.newDir("pipelined-appends");
        for (int trial = 0; trial < 20; trial++) {
            try (Db db = Db.create(dir.resolve("db" + trial), List.of(T))) {
                try (Ingester ingester = db.ingest(1)) {
                    ingester.put("t", 100, Row.of("v", 42L));
                    ingester.delete("t", 5); // hands the put over: applied, maybe not yet durable
                    for (int i = 0; i < 150; i++) {
                        ingester.append("t", Row.of("v", 7L));
                    }
                }
                try (Snapshot snapshot = db.read()) {
                    assertEquals(42L, snapshot.value("t", 100, "v"), "trial " + trial);
                    assertEquals(151, snapshot.count("t"), "trial " + trial);
                }
            }
        }
    }

    /** Batches above {@link BatchIngester#APPLIED_BY_CALLER} are applied on the ingester's thread, the rest by the caller. */
    @ParameterizedTest
    @ValueSource(ints = {20_000, 100})
    void anInterruptedFlushOrCloseStillWaitsForEveryBatchInFlight(int capacity) {
        Path dir = TestDirs.newDir("pipelined-interrupt-" + capacity);
        for (int trial = 0; trial < 5; trial++) {
            try (Db db = Db.create(dir.resolve("db" + trial), List.of(T))) {
                Ingester ingester = db.ingest(capacity);
                for (int i = 0; i < 60_000; i++) {
                    ingester.append("t", Row.of("v", 1L));
                }
                Thread.currentThread().interrupt();
                try {
                    ingester.close();
                } finally {
                    assertTrue(Thread.interrupted(), "the interrupt status is kept for the caller");
                }
                assertEquals(60_000, ingester.committed(), "trial " + trial);
                try (Snapshot snapshot = db.read()) {
                    assertEquals(60_000, snapshot.count("t"), "trial " + trial);
                }
            }
        }
    }

    /**
     * A small batch is applied by the caller, unless the caller is interrupted: then its wait for the
     * write lock would refuse the batch (fails if an interrupted close applies it itself).
     */
    @Test
    void anInterruptedCloseWaitingForTheWriteLockStillCommitsTheLastSmallBatch() throws Exception {
        Path dir = TestDirs.newDir("pipelined-interrupt-locked");
        try (Db db = Db.create(dir.resolve("db"), List.of(T))) {
            Ingester ingester = db.ingest(10);
            for (int i = 0; i < 5; i++) {
                ingester.append("t", Row.of("v", 1L));
            }
            CountDownLatch locked = new CountDownLatch(1);
            CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> {
                Transaction held = db.begin();
                try {
                    locked.countDown();
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                } finally {
                    held.close();
                }
            });
            assertTrue(locked.await(10, TimeUnit.SECONDS));
            Thread.currentThread().interrupt();
            try {
                ingester.close();
            } finally {
                assertTrue(Thread.interrupted(), "the interrupt status is kept for the caller");
            }
            holder.get(10, TimeUnit.SECONDS);
            assertEquals(5, ingester.committed());
            try (Snapshot snapshot = db.read()) {
                assertEquals(5, snapshot.count("t"));
            }
        }
    }

    @Test
    void aProgressListenerMayWriteToTheDatabase() throws Exception {
        Path dir = TestDirs.newDir("pipelined-listener");
        Db db = Db.create(dir.resolve("db"), List.of(T, TableDef.of("log", FieldDef.intField("n"))));
        CompletableFuture<Void> run = CompletableFuture.runAsync(() -> {
            try (Ingester ingester = db.ingest(10, (committed, bytes) -> db.put("log", 0, Row.of("n", committed)))) {
                for (int i = 0; i < 100; i++) {
                    ingester.append("t", Row.of("v", (long) i));
                }
            }
        });
        try {
            run.get(30, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            // Left open: closing it would wait for the hung commit too.
            throw new AssertionError("an ingest whose listener writes to the database hung", e);
        }
        try (db) {
            try (Snapshot snapshot = db.read()) {
                assertEquals(100, snapshot.count("t"));
                assertEquals(100L, snapshot.value("log", 0, "n"), "the listener heard of every record");
            }
        }
    }
}
