package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.DatabaseClosedException;
import dev.big.testing.TestDirs;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Open, close and reopen many times with readers about; close under a reader: nothing lost, reads end cleanly. */
class OpenCloseUnderReadersTest {

    @Test
    void manyOpenCloseCyclesWithLiveReadersLoseNothing() throws Exception {
        Path file = TestDirs.newDir("lifecycle").resolve("cycles.big");
        try (Db db = Db.create(file, List.of(TableDef.of("t", FieldDef.intField("v"))))) {
            db.append("t", Row.of("v", 0L));
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
                db.append("t", Row.of("v", (long) cycle));
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
        db.append("t", Row.of("v", 7L));
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
}
