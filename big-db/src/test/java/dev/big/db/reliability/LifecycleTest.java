package dev.big.db.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Record;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.page.BigException;
import dev.big.page.DatabaseClosedException;
import dev.big.testing.TestDirs;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Open, close and reopen many times with readers about; close under a reader; read-only opens. */
class LifecycleTest {

    @Test
    void manyOpenCloseCyclesWithLiveReadersLoseNothing() throws Exception {
        Path file = TestDirs.newDir("lifecycle").resolve("cycles.big");
        try (Db db = Db.create(file, List.of(TableDef.of("t", FieldDef.intField("v"))))) {
            db.append("t", Record.of("v", 0L));
        }
        for (int cycle = 1; cycle <= 40; cycle++) {
            try (Db db = Db.open(file)) {
                AtomicReference<Throwable> failure = new AtomicReference<>();
                CountDownLatch started = new CountDownLatch(1);
                int expected = cycle;
                Thread reader = Thread.ofPlatform().start(() -> {
                    started.countDown();
                    for (int i = 0; i < 200; i++) {
                        try (Snapshot snapshot = db.read()) {
                            long count = snapshot.count("t");
                            if (count != expected && count != expected + 1) {
                                failure.set(new AssertionError("count " + count + " in cycle " + expected));
                            }
                        } catch (DatabaseClosedException closed) {
                            return;
                        } catch (Throwable t) {
                            failure.set(t);
                            return;
                        }
                    }
                });
                started.await();
                db.append("t", Record.of("v", (long) cycle));
                reader.join();
                if (failure.get() != null) {
                    throw new AssertionError("reader failed in cycle " + cycle, failure.get());
                }
            }
        }
        try (Db db = Db.open(file); Snapshot snapshot = db.read()) {
            assertEquals(41, snapshot.count("t"));
            assertTrue(db.check().ok(), db.check().describe());
        }
    }

    @Test
    void closingUnderAnOpenReaderEndsItCleanly() throws Exception {
        Path file = TestDirs.newDir("lifecycle").resolve("close.big");
        Db db = Db.create(file, List.of(TableDef.of("t", FieldDef.intField("v"))));
        db.append("t", Record.of("v", 7L));
        Snapshot snapshot = db.read();
        assertEquals(1, snapshot.count("t"));
        Thread closer = Thread.ofPlatform().start(db::close);
        Thread.sleep(200);
        assertThrows(DatabaseClosedException.class, () -> snapshot.count("t"), "a snapshot of a closed database");
        snapshot.close();
        closer.join(10_000);
        assertTrue(!closer.isAlive(), "close did not return after the reader closed");
        assertThrows(DatabaseClosedException.class, db::read);
        try (Db reopened = Db.open(file); Snapshot again = reopened.read()) {
            assertEquals(7L, again.value("t", 0, "v"));
        }
    }

    @Test
    void aReadOnlyHandleSeesCommitsMadeAfterItOpened() throws Exception {
        Path file = TestDirs.newDir("lifecycle").resolve("follow.big");
        try (Db writer = Db.create(file, List.of(TableDef.of("t", FieldDef.intField("v"))));
             Db reader = Db.openReadOnly(file)) {
            for (int i = 0; i < 30; i++) {
                writer.append("t", Record.of("v", (long) i));
                try (Snapshot snapshot = reader.read()) {
                    assertEquals(i + 1, snapshot.count("t"), "read-only handle after commit " + (i + 1));
                }
            }
            assertThrows(BigException.class, () -> reader.append("t", Record.of("v", 1L)));
        }
    }
}
