package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.TestDirs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Single writes from many threads at once ({@link CommitQueue} applies those that meet as one
 * transaction): every acknowledged append and update is there after a reopen, as a model of them
 * says, and a write the database refuses inside such a batch (an update of a record that does not
 * exist) fails alone, while the writes it met still land.
 */
class CommitQueueTest {

    private static final int THREADS = 8;
    private static final int OPS = 150;

    @Test
    void writesFromManyThreadsLandAsAcknowledgedAndARefusalStaysWithItsWrite() throws Exception {
        Path file = TestDirs.newDir("commit-queue").resolve("events.big");
        Map<Long, Long> model = new ConcurrentHashMap<>();
        AtomicInteger refused = new AtomicInteger();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        try (Db db = Db.create(file, List.of(TableDef.of("events", FieldDef.intField("v"))))) {
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                threads.add(Thread.ofPlatform().start(() -> {
                    try {
                        List<Long> mine = new ArrayList<>();
                        for (int i = 0; i < OPS; i++) {
                            long value = thread * 1_000_000L + i;
                            if (i % 7 == 3) {
                                try {
                                    db.update("events", 50_000_000L + value, "v", value); // no such record
                                    failures.add(new AssertionError("an update of a missing record was acknowledged"));
                                } catch (InvalidInputException e) {
                                    refused.incrementAndGet();
                                }
                            } else if (i % 5 == 4 && !mine.isEmpty()) {
                                long id = mine.get(i % mine.size());
                                db.update("events", id, "v", value);
                                model.put(id, value);
                            } else {
                                long id = db.append("events", Row.of("v", value));
                                mine.add(id);
                                model.put(id, value);
                            }
                        }
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
            for (Thread thread : threads) {
                thread.join();
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(refused.get() > 0);
        try (Db db = Db.open(file); Snapshot snapshot = db.read()) {
            assertEquals(model.size(), snapshot.count("events"));
            for (Map.Entry<Long, Long> record : model.entrySet()) {
                assertEquals(record.getValue(), snapshot.get("events", record.getKey()).orElseThrow().getLong("v"),
                        "record " + record.getKey());
            }
            assertTrue(db.check().ok(), db.check().toString());
        }
    }
}
